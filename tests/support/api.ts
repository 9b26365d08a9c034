// The one test client of Crate's API: REST and tRPC calls as a same-origin browser makes them, sent over the
// server's socket (a test about HTTP) or straight into the API app with `app.request` (no socket, no response
// policy: a test about what the API answers); and a tRPC caller for a test about a procedure alone.
import { createApiApp } from "../../src/server/app.ts";
import { SESSION_COOKIE } from "../../src/server/auth/sessions.ts";
import type { Deps } from "../../src/server/deps/deps.ts";
import { appRouter } from "../../src/server/trpc/_app.ts";
import { createContextInner } from "../../src/server/trpc/core/init.ts";
import { jsonOrUndefined } from "./json.ts";

export interface ApiAnswer {
  status: number;
  headers: Headers;
  /** the body as sent */
  text: string;
  /** the parsed JSON body; undefined when the body is empty or not JSON */
  // biome-ignore lint/suspicious/noExplicitAny: test answers are inspected field by field
  body: any;
}

export interface ApiTarget {
  /** the origin requests are made from and to (the server's own, as a browser on its pages) */
  origin: string;
  send(request: Request): Promise<Response>;
}

/** Requests over the server's socket. */
export function overHttp(baseUrl: string): ApiTarget {
  return { origin: new URL(baseUrl).origin, send: (request) => fetch(request) };
}

/** Requests handed to the API app built on the server's own `Deps`: no socket, the same routes and rules. */
export function inProcess(deps: Deps): ApiTarget {
  const app = createApiApp(deps);
  return { origin: new URL(deps.config.publicUrl).origin, send: async (request) => app.request(request) };
}

export interface CallOptions {
  cookie?: string | null;
  json?: unknown;
  headers?: Record<string, string>;
}

/** One REST call: the target's origin, the cookie, a JSON body when given. */
export async function apiCall(
  target: ApiTarget,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<ApiAnswer> {
  const headers = new Headers({ origin: target.origin, ...options.headers });
  if (options.cookie) headers.set("cookie", options.cookie);
  if (options.json !== undefined) headers.set("content-type", "application/json");
  const res = await target.send(
    new Request(`${target.origin}${path}`, {
      method,
      headers,
      body: options.json === undefined ? undefined : JSON.stringify(options.json),
    }),
  );
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: jsonOrUndefined(text) };
}

/** One tRPC procedure (no batching): GET with `?input=` for a query, POST for a mutation. */
export function trpcRequest(
  target: ApiTarget,
  type: "query" | "mutation",
  procedure: string,
  input: unknown,
  cookie?: string | null,
): Promise<ApiAnswer> {
  if (type === "query") {
    const query = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`;
    return apiCall(target, "GET", `/api/trpc/${procedure}${query}`, { cookie });
  }
  // a mutation always says it is JSON, with or without an input (tRPC refuses one that does not: 415)
  return apiCall(target, "POST", `/api/trpc/${procedure}`, {
    cookie,
    json: input,
    headers: { "content-type": "application/json" },
  });
}

/** The session token in a `crate_session=…` cookie header. */
function sessionToken(cookie: string | null | undefined): string | undefined {
  for (const pair of cookie?.split(";") ?? []) {
    const [name, value] = pair.trim().split("=");
    if (name === SESSION_COOKIE || name === `__Host-${SESSION_COOKIE}`) return value;
  }
  return undefined;
}

/** The tRPC router called directly as the cookie's listener (signed out without one): no HTTP at all. */
export function trpcCaller(deps: Deps, cookie?: string | null) {
  return appRouter.createCaller(createContextInner({ deps, sessionToken: sessionToken(cookie) }));
}
