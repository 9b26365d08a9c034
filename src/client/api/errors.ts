import { ErrorCode } from "../../shared/errors.ts";

/**
 * The spec's errorCode of a failed tRPC call (the server puts it in `error.data.errorCode`), or of a REST
 * failure body `{error, errorCode}`. Anything without one (network failure, 500) is the unknown error.
 */
export function errorCodeOf(error: unknown): number {
  if (typeof error !== "object" || error === null) return ErrorCode.Unknown;
  const data = (error as { data?: unknown }).data;
  if (typeof data === "object" && data !== null) {
    const code = (data as { errorCode?: unknown }).errorCode;
    if (typeof code === "number") return code;
  }
  const direct = (error as { errorCode?: unknown }).errorCode;
  if (typeof direct === "number") return direct;
  return ErrorCode.Unknown;
}
