import { trpcServer } from "@hono/trpc-server";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { requestId } from "hono/request-id";
import { ErrorCode } from "../shared/errors.ts";
import { limits } from "../shared/limits.ts";
import { operations } from "../shared/operations.ts";
import { recordCallActivity, sessionBeforeCall } from "./admin/activity.ts";
import { presentedSessionToken } from "./auth/cookies.ts";
import { requestSession } from "./auth/request-session.ts";
import type { Deps } from "./deps/deps.ts";
import { csrfGuard, trpcTransportGuard } from "./http/security.ts";
import { apiCacheControl } from "./http/validators.ts";
import { httpRequestRecorder, metricsHandler } from "./metrics/http.ts";
import { errorResponse, refuse } from "./platform/http-errors.ts";
import { isReadMethod } from "./platform/http-methods.ts";
import { restRoutes } from "./rest/index.ts";
import { appRouter } from "./trpc/_app.ts";
import { createContextInner, describeTrpcError } from "./trpc/core/init.ts";

declare module "hono" {
  interface ContextVariableMap {
    /** the request's id, echoed in X-Request-Id and carried by its log lines and error answers */
    requestId: string;
  }
}

export const MAX_BODY_BYTES = 256 * 1024;
const WEBHOOK_PATH = "/api/payment/webhook";

/**
 * The Hono app for everything under /api (and /metrics), in order: the request id; the request's metrics (errors
 * included); for a change, the body limit (413) and the CSRF guard (403/415; the signed webhook is exempt); the
 * caching rule and the listener's activity once answered; then tRPC, the REST shims and JSON 404s. Validators,
 * compression and the security headers are added for every answer in http/serve.ts.
 */
export function createApiApp(deps: Deps) {
  const procedures: ReadonlySet<string> = new Set(Object.keys(appRouter._def.procedures));
  const recordRequest = httpRequestRecorder(deps.metrics, procedures);
  const app = new Hono();
  app.use(requestId());
  app.use(async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      recordRequest(c, started);
    }
  });
  app.use(
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => refuse(c, 413, ErrorCode.PayloadTooLarge, "Request body too large."),
    }),
  );
  app.use(csrfGuard(deps.config.publicUrl, (path) => path === WEBHOOK_PATH));
  // a read's 200 (or 304) may be kept and revalidated; everything else is never stored (http/validators.ts)
  app.use("/api/*", async (c, next) => {
    // a change may end the session (sign-out): its user is looked up before it runs
    const before = sessionBeforeCall(c, deps);
    await next();
    c.header("Cache-Control", apiCacheControl(isReadMethod(c.req.method), c.res.status));
    recordCallActivity(c, deps, before, procedures);
  });
  // One log line per request only when debug lines are written at all: otherwise it is work for nothing.
  if (deps.config.logLevel === "debug") {
    app.use(async (c, next) => {
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
