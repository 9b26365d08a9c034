// One canonical origin: the sign-in state cookie lives on one host, so a page opened on another name for the same
// server (localhost vs 127.0.0.1, or any other host) is sent to the same path on PUBLIC_URL before anything is set.
import { isReadMethod } from "../platform/http-methods.ts";

const DEFAULT_PORT: Record<string, string> = { "http:": "80", "https:": "443" };

/** The host a request was addressed to: X-Forwarded-Host (a proxy in front) or Host, without a default port. */
function requestHost(req: Request, protocol: string): string | undefined {
  const raw = req.headers.get("x-forwarded-host")?.split(",")[0]?.trim() || req.headers.get("host");
  if (!raw) return undefined;
  const host = raw.toLowerCase();
  const port = DEFAULT_PORT[protocol];
  return port && host.endsWith(`:${port}`) ? host.slice(0, -(port.length + 1)) : host;
}

/** Paths that belong to the app's pages and its sign-in start (where the state cookie is set). */
function isAppNavigation(path: string): boolean {
  if (path.startsWith("/emulator/") || path === "/emulator") return false;
  if (path === "/api/authorize" || path === "/api/authorize/plans") return true;
  return !(path.startsWith("/api/") || path === "/api");
}

/** The path of an absolute request URL ("http://host:port/path?query" → "/path"), as `new URL` would give it. */
function pathOf(url: string): string {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  if (start < 0) return "/";
  const end = url.slice(start).search(/[?#]/);
  const path = end < 0 ? url.slice(start) : url.slice(start, start + end);
  // dot segments, backslashes and escapes are what the URL parser normalises: let it
  return /\/\.|\\|%/.test(path) ? new URL(url).pathname : path;
}

/**
 * A 308 to the same path and query on PUBLIC_URL for a page (or sign-in start) requested on another host; undefined
 * when the request is already on the canonical host or is not a page navigation (API calls, emulators, non-GET).
 */
export function canonicalRedirect(publicUrl: string): (req: Request) => Response | undefined {
  const canonical = new URL(publicUrl);
  const canonicalHost = canonical.host.toLowerCase();
  const base = publicUrl.replace(/\/+$/, "");
  return (req) => {
    if (!isReadMethod(req.method)) return undefined;
    // The path first, read from the URL text: API calls (most requests) need neither the headers nor a parse.
    if (!isAppNavigation(pathOf(req.url))) return undefined;
    const host = requestHost(req, canonical.protocol);
    if (host === undefined || host === canonicalHost) return undefined;
    const url = new URL(req.url);
    return new Response(null, {
      status: 308,
      headers: { Location: `${base}${url.pathname}${url.search}`, "Cache-Control": "no-store" },
    });
  };
}
