// What the emulator answers outside its routes: bodies over the limit (413), methods a path does not serve
// (405 with Allow), unknown paths (404 not_found) and unexpected errors (500 internal_error). The API and
// control API answer in Paddle's `{error: {type, code, detail, documentation_url}, meta}`; the hosted
// checkout, which browsers open, answers with a page.
import type { Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { routeMethods } from "../common/route-methods.ts";
import { paddleError } from "./api.ts";

/** Paddle's request bodies are small JSON objects; checkout forms are a few fields. */
export const PADDLE_MAX_BODY_BYTES = 256 * 1024;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function refusal(c: Context, base: string, status: 404 | 405 | 413 | 500, code: string, detail: string) {
  if (c.req.path === `${base}/checkout` || c.req.path.startsWith(`${base}/checkout/`)) {
    return c.html(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Checkout</title></head><body><main><h1>Checkout unavailable</h1><p role="alert">${escapeHtml(detail)}</p></main></body></html>`,
      status,
    );
  }
  return paddleError(c, status, code, detail, status === 500 ? "api_error" : "request_error");
}

/** Registers the body limit; call before any route. */
export function paddleBodyLimit(app: Hono, base: string): void {
  app.use(
    `${base}/*`,
    bodyLimit({
      maxSize: PADDLE_MAX_BODY_BYTES,
      onError: (c) => refusal(c, base, 413, "bad_request", "Request body is too large."),
    }),
  );
}

/** Registers 404, 405 and 500 answers; the routes may be added before or after. */
export function paddleFallbacks(app: Hono, base: string): void {
  const methodsAt = routeMethods(app);
  app.notFound((c) => {
    const allowed = methodsAt(c.req.path);
    if (allowed.length === 0) {
      return refusal(c, base, 404, "not_found", `No route for ${c.req.method} ${c.req.path}`);
    }
    c.header("Allow", allowed.join(", "));
    return refusal(c, base, 405, "method_not_allowed", `${c.req.method} is not allowed for ${c.req.path}`);
  });
  app.onError((error, c) => {
    console.error("Paddle emulator: unexpected error", error);
    return refusal(
      c,
      base,
      500,
      "internal_error",
      "Problem processing your request. The Paddle team has been notified.",
    );
  });
}
