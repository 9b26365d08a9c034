// Which methods a Hono app serves at a path, so an emulator can answer 405 (with Allow) instead of 404.
import type { Context, Hono } from "hono";

interface RoutePattern {
  method: string;
  pattern: RegExp;
}

/** `/a/:id/b` → /^\/a\/[^/]+\/b\/?$/; `*` matches anything. */
function patternOf(path: string): RegExp {
  const source = path
    .split("/")
    .map((segment) => {
      if (segment === "*") return ".*";
      if (segment.startsWith(":")) return "[^/]+";
      return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("/");
  return new RegExp(`^${source}/?$`);
}

/**
 * A lookup over the app's registered routes (read on each call, so routes added later count too). Routes
 * registered for every method (middleware, catch-alls) are left out.
 */
export function routeMethods(app: Hono): (path: string) => string[] {
  let cached: { count: number; patterns: RoutePattern[] } | null = null;
  const patterns = (): RoutePattern[] => {
    if (cached?.count !== app.routes.length) {
      cached = {
        count: app.routes.length,
        patterns: app.routes
          .filter((r) => r.method !== "ALL")
          .map((r) => ({ method: r.method, pattern: patternOf(r.path) })),
      };
    }
    return cached.patterns;
  };
  return (path) => {
    const methods = new Set(patterns().flatMap((r) => (r.pattern.test(path) ? [r.method] : [])));
    if (methods.has("GET")) methods.add("HEAD");
    return [...methods].sort();
  };
}

/**
 * For a catch-all (`app.all("*", …)`) of a sub-app mounted somewhere: the methods the sub-app serves at the
 * request's path, found by removing the mount point (the catch-all's own route path without its `*`).
 */
export function methodsAtRequest(app: Hono): (c: Context) => string[] {
  const lookup = routeMethods(app);
  return (c) => {
    const base = c.req.routePath.replace(/\/?\*$/, "");
    const path = c.req.path.startsWith(base) ? c.req.path.slice(base.length) || "/" : c.req.path;
    return lookup(path);
  };
}
