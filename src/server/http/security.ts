import type { MiddlewareHandler } from "hono";
import { ErrorCode } from "../../shared/errors.ts";

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * CSRF guard for cookie-authenticated JSON calls: a browser request must come from our own origin
 * (Origin or Sec-Fetch-Site), and a body must be exactly application/json, which no HTML form can send.
 * Exempt paths (the signed Paddle webhook) skip it.
 */
export function csrfGuard(publicUrl: string, exempt: (path: string) => boolean): MiddlewareHandler {
  const ownOrigin = new URL(publicUrl).origin;
  return async (c, next) => {
    if (!UNSAFE.has(c.req.method) || exempt(c.req.path)) return next();
    const origin = c.req.header("origin");
    const fetchSite = c.req.header("sec-fetch-site");
    const sameOrigin = origin ? origin === ownOrigin || origin === new URL(c.req.url).origin : true;
    if (!sameOrigin || (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none")) {
      return c.json({ error: "Cross-site request refused.", errorCode: ErrorCode.Unauthorized }, 403);
    }
    const length = c.req.header("content-length");
    const hasBody =
      (length !== undefined && length !== "0") || c.req.header("transfer-encoding") !== undefined;
    const type = c.req.header("content-type")?.split(";")[0]?.trim().toLowerCase();
    if (hasBody && type !== "application/json") {
      return c.json(
        { error: "Content-Type must be application/json.", errorCode: ErrorCode.BadRequest },
        415,
      );
    }
    return next();
  };
}
