import { trpcServer } from "@hono/trpc-server";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { requestId } from "hono/request-id";
import { ErrorCode } from "../shared/errors.ts";
import { limits } from "../shared/limits.ts";
import { operations } from "../shared/operations.ts";
import { activityRecorder } from "./admin/activity.ts";
import { presentedSessionToken } from "./auth/cookies.ts";
import { requestSession } from "./auth/request-session.ts";
import type { Deps } from "./deps/deps.ts";
import { csrfGuard, trpcTransportGuard } from "./http/security.ts";
import { httpMetrics, metricsHandler } from "./metrics/http.ts";
import { errorResponse, refuse } from "./platform/http-errors.ts";
import { restRoutes } from "./rest/index.ts";
import { appRouter } from "./trpc/_app.ts";
import { createContextInner, describeTrpcError } from "./trpc/core/init.ts";

export const MAX_BODY_BYTES = 256 * 1024;
const WEBHOOK_PATH = "/api/payment/webhook";

/** The Hono app for everything under /api (and /metrics): request ids, CSRF guard, tRPC, the REST shims, JSON 404s. */
export function createApiApp(deps: Deps) {
  const app = new Hono();
  app.use("*", httpMetrics(deps.metrics, new Set(Object.keys(appRouter._def.procedures))));
  app.use("*", requestId());
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
  app.use(
    "*",
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => refuse(c, 413, ErrorCode.PayloadTooLarge, "Request body too large."),
    }),
  );
  app.use(
    "*",
    csrfGuard(deps.config.publicUrl, (path) => path === WEBHOOK_PATH),
  );
  // Reads may be kept by the browser and revalidated (the server's ETag answers 304 when nothing changed);
  // everything else, and every refusal, is never stored. Security headers and compression are added for every
  // response in one place (http/serve.ts).
  app.use("/api/*", async (c, next) => {
    await next();
    const read = (c.req.method === "GET" || c.req.method === "HEAD") && c.res.status === 200;
    c.header("Cache-Control", read ? "private, no-cache" : "no-store");
  });
  app.use("/api/*", activityRecorder(deps));

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
