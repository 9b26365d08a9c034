// What every /api (and /metrics) request needs around its handler, as one middleware: Hono runs each middleware
// as its own async step, and six of them cost a progress poll about a third of its time in the app (measured
// in place: 28 µs with them, 19 µs without).
import type { Context, MiddlewareHandler, Next } from "hono";
import { bodyLimit } from "hono/body-limit";
import { ErrorCode } from "../shared/errors.ts";
import { recordCallActivity, sessionBeforeCall } from "./admin/activity.ts";
import type { Deps } from "./deps/deps.ts";
import { csrfGuard } from "./http/security.ts";
import { apiCacheControl } from "./http/validators.ts";
import { httpRequestRecorder } from "./metrics/http.ts";
import { refuse } from "./platform/http-errors.ts";
import { isReadMethod } from "./platform/http-methods.ts";

declare module "hono" {
  interface ContextVariableMap {
    /** the request's id, echoed in X-Request-Id and carried by its log lines and error answers */
    requestId: string;
  }
}

export const MAX_BODY_BYTES = 256 * 1024;
const WEBHOOK_PATH = "/api/payment/webhook";
const REQUEST_ID_HEADER = "X-Request-Id";
const REQUEST_ID_MAX_LENGTH = 255;

/** The caller's X-Request-Id when it is a plain token (letters, digits, `-`, `=`, `_`), else a new one. */
function requestIdOf(c: Context): string {
  const given = c.req.header(REQUEST_ID_HEADER);
  return given && given.length <= REQUEST_ID_MAX_LENGTH && !/[^\w\-=]/.test(given)
    ? given
    : crypto.randomUUID();
}

/**
 * A header on the handler's finished answer, set in place: Hono's `c.header` copies a finished Response first (a
 * copy of every answer). An answer whose headers are immutable is left to it.
 */
function setOnAnswer(c: Context, name: string, value: string): void {
  try {
    c.res.headers.set(name, value);
  } catch {
    c.header(name, value);
  }
}

/**
 * In order: the request id (kept as `requestId`, echoed in X-Request-Id); for a change, the body limit (413) and
 * the CSRF guard (403/415) — a read has no body to limit nor side effect to forge; the handler; then under /api
 * the caching rule (http/validators.ts: a read's 200 — or its 304 — may be kept and revalidated, everything else
 * never stored; validators, compression and the security headers are added for every response in http/serve.ts),
 * the user's activity when their statistics are on, and the request's metrics (errors included).
 */
export function apiPrelude(deps: Deps, procedures: ReadonlySet<string>): MiddlewareHandler {
  const recordRequest = httpRequestRecorder(deps.metrics, procedures);
  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => refuse(c, 413, ErrorCode.PayloadTooLarge, "Request body too large."),
  });
  const guard = csrfGuard(deps.config.publicUrl, (path) => path === WEBHOOK_PATH);
  // A middleware called here rather than by Hono: an answer it returns instead of calling next is the response.
  const checkedChange = async (c: Context, next: Next) => {
    const refused = await limitBody(c, async () => {
      const guarded = await guard(c, next);
      if (guarded instanceof Response) c.res = guarded;
    });
    if (refused instanceof Response) c.res = refused;
  };

  return async (c, next) => {
    const started = performance.now();
    const requestId = requestIdOf(c);
    c.set("requestId", requestId);
    c.header(REQUEST_ID_HEADER, requestId);
    const read = isReadMethod(c.req.method);
    const api = c.req.path.startsWith("/api");
    const before = api ? sessionBeforeCall(c, deps) : undefined;
    try {
      if (read) await next();
      else await checkedChange(c, next);
      if (api) {
        setOnAnswer(c, "Cache-Control", apiCacheControl(read, c.res.status));
        recordCallActivity(c, deps, before, procedures);
      }
    } finally {
      recordRequest(c, started);
    }
  };
}
