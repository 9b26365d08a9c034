import { trpcServer } from "@hono/trpc-server";
import { Hono } from "hono";
import { ErrorCode } from "../shared/errors.ts";
import { limits } from "../shared/limits.ts";
import { operations } from "../shared/operations.ts";
import { apiPrelude } from "./api-prelude.ts";
import { presentedSessionToken } from "./auth/cookies.ts";
import { requestSession } from "./auth/request-session.ts";
import type { Deps } from "./deps/deps.ts";
import { trpcTransportGuard } from "./http/security.ts";
import { metricsHandler } from "./metrics/http.ts";
import { errorResponse } from "./platform/http-errors.ts";
import { restRoutes } from "./rest/index.ts";
import { appRouter } from "./trpc/_app.ts";
import { createContextInner, describeTrpcError } from "./trpc/core/init.ts";

export { MAX_BODY_BYTES } from "./api-prelude.ts";

/** The Hono app for everything under /api (and /metrics): request ids, CSRF guard, tRPC, the REST shims, JSON 404s. */
export function createApiApp(deps: Deps) {
  const app = new Hono();
  app.use("*", apiPrelude(deps, new Set(Object.keys(appRouter._def.procedures))));
  // One log line per request only when debug lines are written at all: otherwise it is work for nothing.
  if (deps.config.logLevel === "debug") {
    app.use("*", async (c, next) => {
      const started = performance.now();
      await next();
      deps.log.debug("request", {
        requestId: c.get("requestId"),
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      });
    });
  }

  app.use("/api/trpc/*", trpcTransportGuard());
  app.use(
    "/api/trpc/*",
    trpcServer({
      endpoint: "/api/trpc",
      router: appRouter,
      maxBatchSize: limits.trpcMaxBatch,
      createContext: (opts, c) =>
        createContextInner({
          deps,
          sessionToken: presentedSessionToken(c, deps.config),
          user: requestSession(c, deps),
          requestId: c.get("requestId"),
          resHeaders: opts.resHeaders,
          costs: { expensive: 0 },
        }) as unknown as Record<string, unknown>,
      onError: ({ error, path }) => {
        if (describeTrpcError(error).errorCode === ErrorCode.Unknown) {
          deps.log.error("unexpected tRPC error", { path, error: error.cause?.stack ?? error.message });
        }
      },
    }),
  );

  app.route("/api", restRoutes(deps));
  app.get(operations.metricsPath, metricsHandler(deps));

  app.notFound((c) =>
    c.json({ error: `No such path: ${c.req.method} ${c.req.path}`, errorCode: ErrorCode.NotFound }, 404),
  );
  app.onError((err, c) => errorResponse(c, err, deps.log));
  return app;
}
