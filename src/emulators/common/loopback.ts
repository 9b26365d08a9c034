// The emulators' control APIs change the world (listeners, subscriptions, time) without any credential, so they
// answer only clients on this machine that call it by one of its own names, and not a page of another site open
// in its browser. The address comes
// from the Bun server passed as the fetch's second argument; an in-process call (no server) is not a network
// client and passes.
import type { MiddlewareHandler } from "hono";

interface AddressSource {
  requestIP(req: Request): { address: string } | null;
}

export function isLoopbackAddress(address: string): boolean {
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  return v4 === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

const hasAddress = (env: unknown): env is AddressSource =>
  typeof (env as { requestIP?: unknown } | undefined)?.requestIP === "function";

/**
 * A name of this machine that no DNS answer can stand for: a loopback address or `localhost` (browsers resolve
 * it and its subdomains to loopback themselves). Any other name on a loopback connection may be a page of another
 * site whose name was made to resolve to 127.0.0.1 (DNS rebinding), which the browser treats as same-origin.
 */
export function isLoopbackHost(host: string): boolean {
  const name = host
    .toLowerCase()
    .replace(/:\d+$/, "")
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/\.$/, "");
  return name === "localhost" || name.endsWith(".localhost") || isLoopbackAddress(name);
}

export const CONTROL_LOOPBACK_ONLY =
  "The control API answers only clients on this machine (loopback) calling it by its own name (127.0.0.1, localhost)";
export const CONTROL_NOT_CROSS_SITE = "The control API does not answer requests another site's page makes";

/**
 * A browser on this machine is a loopback client too: a page of another site must not drive the emulators
 * (a form post or a no-cors fetch to localhost). Browsers say where a request comes from (Sec-Fetch-Site,
 * Origin); scripts and tests send neither.
 */
function fromAnotherSite(req: Request, header: (name: string) => string | undefined): boolean {
  const site = header("sec-fetch-site");
  if (site !== undefined && site !== "same-origin" && site !== "none") return true;
  const origin = header("origin");
  return origin !== undefined && origin !== new URL(req.url).origin;
}

export const loopbackOnly: MiddlewareHandler = async (c, next) => {
  if (fromAnotherSite(c.req.raw, (name) => c.req.header(name)))
    return c.json({ error: CONTROL_NOT_CROSS_SITE }, 403);
  // a request relayed by a proxy on this machine still comes from elsewhere
  const relayed = c.req.header("forwarded") !== undefined || c.req.header("x-forwarded-for") !== undefined;
  if (hasAddress(c.env)) {
    const address = c.env.requestIP(c.req.raw)?.address;
    const host = c.req.header("host") ?? new URL(c.req.url).host;
    if (relayed || address === undefined || !isLoopbackAddress(address) || !isLoopbackHost(host))
      return c.json({ error: CONTROL_LOOPBACK_ONLY }, 403);
  } else if (relayed) return c.json({ error: CONTROL_LOOPBACK_ONLY }, 403);
  await next();
};
