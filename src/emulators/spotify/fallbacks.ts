// What the emulator answers when no route takes a request: 405 (with Allow) for a method a path does not
// serve, 404 otherwise, each in the format of the part the path belongs to: the Web API's
// `{error: {status, message}}`, the accounts service's OAuth `{error, error_description}`, the control API's
// `{error}`. Registered on the root app, so routes added anywhere are known without touching this file.
import type { Context, Hono } from "hono";
import { routeMethods } from "../common/route-methods.ts";
import { apiError } from "./web-api/http.ts";

type Part = "api" | "accounts" | "control";

function partOf(path: string, base: string): Part {
  if (path.startsWith(`${base}/accounts/`)) return "accounts";
  if (path.startsWith(`${base}/control/`)) return "control";
  return "api";
}

function refusal(c: Context, part: Part, status: 404 | 405 | 500, message: string): Response {
  if (part === "accounts") {
    const error = status === 500 ? "server_error" : "invalid_request";
    return c.json({ error, error_description: message }, status);
  }
  if (part === "control") return c.json({ error: message }, status);
  return apiError(c, status, message);
}

export function spotifyFallbacks(app: Hono, base: string): void {
  const methodsAt = routeMethods(app);
  app.notFound((c) => {
    const part = partOf(c.req.path, base);
    const allowed = methodsAt(c.req.path);
    if (allowed.length === 0) {
      return refusal(c, part, 404, part === "api" ? "Service not found" : `Unknown path: ${c.req.path}`);
    }
    const allow = [...allowed, "OPTIONS"].join(", ");
    c.header("Allow", allow);
    if (part === "api" && c.req.method === "OPTIONS") {
      // The Web API answers browsers' preflight requests.
      c.header("Access-Control-Allow-Origin", "*");
      c.header("Access-Control-Allow-Methods", allow);
      c.header("Access-Control-Allow-Headers", "Authorization, Content-Type");
      return c.body(null, 204);
    }
    return refusal(
      c,
      part,
      405,
      part === "api" ? "Method not allowed" : `${c.req.method} is not allowed here`,
    );
  });
  app.onError((error, c) => {
    console.error("Spotify emulator: unexpected error", error);
    return refusal(c, partOf(c.req.path, base), 500, "Server error.");
  });
}
