import { ErrorCode, type ErrorCodeValue, errorTexts, httpStatusForErrorCode } from "../../shared/errors.ts";

/** A refusal the user may see: carries the spec's errorCode; mapped once to REST and tRPC. */
export class AppError extends Error {
  readonly code: ErrorCodeValue;
  readonly status: number;
  constructor(code: ErrorCodeValue, message?: string, status?: number) {
    super(message ?? errorTexts[code] ?? defaultMessage(code));
    this.name = "AppError";
    this.code = code;
    this.status = status ?? httpStatusForErrorCode(code);
  }
}

function defaultMessage(code: ErrorCodeValue): string {
  switch (code) {
    case ErrorCode.Unauthorized:
      return "You are not logged in.";
    case ErrorCode.NotFound:
      return "Not found.";
    case ErrorCode.BadRequest:
      return "Invalid request.";
    default:
      return "Unknown error.";
  }
}

export const notSignedIn = () => new AppError(ErrorCode.Unauthorized, "You are not logged in.", 401);
export const notAdmin = () => new AppError(ErrorCode.Unauthorized, "Admin access required.", 403);
export const notFound = (what = "Not found.") => new AppError(ErrorCode.NotFound, what, 404);
export const badRequest = (message: string) => new AppError(ErrorCode.BadRequest, message, 400);

/** A start that must not go on (missing key, another process on the database): one line for the operator. */
export class StartupError extends Error {}
