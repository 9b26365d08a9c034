// The Web API's own limits around its endpoints: bodies over the limit (413) and unexpected errors, both as
// `{error: {status, message}}`.
import type { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { apiError } from "./http.ts";

/** Generous for the Web API's JSON bodies (100 URIs a write are a few kilobytes). */
export const WEB_API_MAX_BODY_BYTES = 512 * 1024;

/** Registers the body limit; call before the endpoints. */
export function webApiBodyLimit(api: Hono): void {
  api.use(
    "*",
    bodyLimit({
      maxSize: WEB_API_MAX_BODY_BYTES,
      onError: (c) => apiError(c, 413, "Request entity too large"),
    }),
  );
}

/** Unexpected errors of an endpoint still answer in the Web API's shape; call before mounting the app. */
export function webApiErrors(api: Hono): void {
  api.onError((error, c) => {
    console.error("Spotify emulator: unexpected error", error);
    return apiError(c, 500, "Server error.");
  });
}
