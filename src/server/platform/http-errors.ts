import { TRPC_ERROR_CODES_BY_KEY } from "@trpc/server/rpc";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ErrorCode } from "../../shared/errors.ts";
import { AppError } from "./errors.ts";
import type { Logger } from "./log.ts";
import { RateLimited } from "./rate-limits.ts";
import { trpcCodeForStatus } from "./transport-errors.ts";

/** The one mapping from any thrown error to the REST shape `{error, errorCode}`. */
export function errorResponse(c: Context, err: unknown, log: Logger): Response {
  if (err instanceof AppError) {
    if (err instanceof RateLimited) c.header("Retry-After", String(Math.ceil(err.retryAfterMs / 1000)));
    return c.json({ error: err.message, errorCode: err.code }, err.status as 400);
  }
  if (err instanceof HTTPException) {
    const status = err.status;
    const errorCode =
      status === 413
        ? ErrorCode.PayloadTooLarge
        : status === 401
          ? ErrorCode.Unauthorized
          : ErrorCode.BadRequest;
    return c.json({ error: err.message || "Invalid request.", errorCode }, status);
  }
  log.error("unexpected error", {
    requestId: c.get("requestId"),
    path: c.req.path,
    error: err instanceof Error ? (err.stack ?? err.message) : String(err),
  });
  return c.json({ error: "Unknown error.", errorCode: ErrorCode.Unknown }, 500);
}

export const TRPC_PREFIX = "/api/trpc/";

const trpcKeyByStatus: Record<number, keyof typeof TRPC_ERROR_CODES_BY_KEY> = {
  405: "METHOD_NOT_SUPPORTED",
  415: "UNSUPPORTED_MEDIA_TYPE",
};

/**
 * A refusal made by the transport before any handler runs (body too large, cross-site, wrong content type or
 * method). Under /api/trpc it has the tRPC error shape the client reads (`error.data.errorCode`); elsewhere
 * the REST shape `{error, errorCode}`.
 */
export function refuse(
  c: Context,
  status: ContentfulStatusCode,
  errorCode: number,
  message: string,
): Response {
  if (!c.req.path.startsWith(TRPC_PREFIX)) return c.json({ error: message, errorCode }, status);
  const key = trpcKeyByStatus[status] ?? trpcCodeForStatus(status);
  return c.json(
    {
      error: {
        message,
        code: TRPC_ERROR_CODES_BY_KEY[key],
        data: { code: key, httpStatus: status, errorCode },
      },
    },
    status,
  );
}
