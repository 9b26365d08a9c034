// HTTP metrics (route patterns as labels, never raw paths) and GET /metrics behind METRICS_TOKEN.
import { createHash, timingSafeEqual } from "node:crypto";
import type { Context } from "hono";
import { matchedRoutes } from "hono/route";
import { ErrorCode } from "../../shared/errors.ts";
import { operations } from "../../shared/operations.ts";
import type { Config } from "../config/config.ts";
import { refuse } from "../platform/http-errors.ts";
import type { Metrics } from "./registry.ts";

const TRPC_PREFIX = "/api/trpc/";

/**
 * The route a request matched, as registered (`/api/admin/user/user-id/:id`): the last matched handler that is
 * not middleware; tRPC calls by procedure (`/api/trpc/admin.statistics`, `(batch)`, `(unknown)`); else
 * `unmatched`. The set of labels is bounded by the app's routes and procedures.
 */
export function routeLabel(c: Context, procedures: ReadonlySet<string>): string {
  const routes = matchedRoutes(c);
  for (let i = routes.length - 1; i >= 0; i--) {
    const route = routes[i];
    if (route && route.method !== "ALL") return route.path;
  }
  if (c.req.path.startsWith(TRPC_PREFIX)) {
    const names = c.req.path.slice(TRPC_PREFIX.length).split(",");
    if (!names.every((n) => procedures.has(n))) return `${TRPC_PREFIX}(unknown)`;
    return names.length === 1 ? `${TRPC_PREFIX}${names[0]}` : `${TRPC_PREFIX}(batch)`;
  }
  return "unmatched";
}

const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** Counts and times a request the app answered (errors included), from when it arrived (`performance.now()`). */
export function httpRequestRecorder(metrics: Metrics, procedures: ReadonlySet<string>) {
  return (c: Context, started: number): void => {
    const method = KNOWN_METHODS.has(c.req.method) ? c.req.method : "OTHER";
    const seconds = (performance.now() - started) / 1000;
    metrics.httpRequest(method, routeLabel(c, procedures), c.res.status, seconds);
  };
}

const digest = (s: string) => createHash("sha256").update(s).digest();

/** Compares in constant time (digests of equal length, so not even the token's length leaks). */
export function sameToken(presented: string, expected: string): boolean {
  return timingSafeEqual(digest(presented), digest(expected));
}

/** GET /metrics: absent (404) without METRICS_TOKEN; with it, only for `Authorization: Bearer <token>`. */
export function metricsHandler(deps: { config: Pick<Config, "metricsToken">; metrics: Metrics }) {
  return async (c: Context) => {
    const token = deps.config.metricsToken;
    if (!token) return refuse(c, 404, ErrorCode.NotFound, `No such path: GET ${operations.metricsPath}`);
    const presented = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization")?.trim() ?? "")?.[1];
    if (presented === undefined || !sameToken(presented, token)) {
      c.header("WWW-Authenticate", 'Bearer realm="metrics"');
      return refuse(c, 401, ErrorCode.Unauthorized, operations.metricsUnauthorized);
    }
    c.header("Cache-Control", "no-store");
    return c.body(await deps.metrics.render(), 200, { "Content-Type": deps.metrics.contentType });
  };
}
