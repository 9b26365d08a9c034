import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { ErrorCode } from "../../shared/errors.ts";
import { AppError } from "../errors.ts";
import type { Logger } from "../log.ts";

/** The one mapping from any thrown error to the REST shape `{error, errorCode}`. */
export function errorResponse(c: Context, err: unknown, log: Logger): Response {
  if (err instanceof AppError) {
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
    requestId: c.get("requestId" as never),
    path: c.req.path,
    error: err instanceof Error ? (err.stack ?? err.message) : String(err),
  });
  return c.json({ error: "Unknown error.", errorCode: ErrorCode.Unknown }, 500);
}
