import type { MiddlewareHandler } from "hono";
import { ErrorCode } from "../../shared/errors.ts";
import { refuse, TRPC_PREFIX } from "../platform/http-errors.ts";

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Whether a request came from another site: an Origin that is not ours, or a Sec-Fetch-Site other than
 * same-origin (none: typed into the address bar). A top-level navigation from another site sends no Origin,
 * only Sec-Fetch-Site.
 */
export function crossSiteRequest(
  req: { url: string; header(name: string): string | undefined },
  ownOrigin: string,
): boolean {
  const origin = req.header("origin");
  const fetchSite = req.header("sec-fetch-site");
  const sameOrigin = origin ? origin === ownOrigin || origin === new URL(req.url).origin : true;
  return !sameOrigin || (fetchSite !== undefined && fetchSite !== "same-origin" && fetchSite !== "none");
}

/**
 * CSRF guard for cookie-authenticated JSON calls: a browser request must come from our own origin
 * (Origin or Sec-Fetch-Site), and a body must be exactly application/json, which no HTML form can send.
 * Exempt paths (the signed Paddle webhook) skip it.
 */
export function csrfGuard(publicUrl: string, exempt: (path: string) => boolean): MiddlewareHandler {
  const ownOrigin = new URL(publicUrl).origin;
  return async (c, next) => {
    if (!UNSAFE.has(c.req.method) || exempt(c.req.path)) return next();
    if (crossSiteRequest(c.req, ownOrigin)) {
      return refuse(c, 403, ErrorCode.Unauthorized, "Cross-site request refused.");
    }
    const length = c.req.header("content-length");
    const hasBody =
      (length !== undefined && length !== "0") || c.req.header("transfer-encoding") !== undefined;
    const type = c.req.header("content-type")?.split(";")[0]?.trim().toLowerCase();
    if (hasBody && type !== "application/json") {
      return refuse(c, 415, ErrorCode.BadRequest, "Content-Type must be application/json.");
    }
    return next();
  };
}

const TRPC_METHODS = new Set(["GET", "HEAD", "POST"]);

function decodes(text: string): boolean {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * In front of tRPC: methods it does not serve are a 405 (tRPC itself would answer them as an unsupported
 * content type); a procedure path that is not valid percent-encoding names no procedure (tRPC would fail on
 * decoding it with a 500); and its own early refusals, which it sends without a content type, are labelled
 * as JSON.
 */
export function trpcTransportGuard(): MiddlewareHandler {
  return async (c, next) => {
    if (!TRPC_METHODS.has(c.req.method)) {
      return refuse(c, 405, ErrorCode.BadRequest, `Unsupported ${c.req.method} request.`);
    }
    const rawPath = new URL(c.req.url).pathname;
    if (!decodes(rawPath.slice(rawPath.indexOf(TRPC_PREFIX) + TRPC_PREFIX.length))) {
      return refuse(c, 404, ErrorCode.NotFound, "No procedure found on this path.");
    }
    await next();
    if (c.res.status >= 400 && !c.res.headers.get("content-type")?.startsWith("application/json")) {
      const labelled = new Response(c.res.body, c.res);
      labelled.headers.set("content-type", "application/json");
      c.res = labelled;
    }
  };
}
