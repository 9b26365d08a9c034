// 1. Context ─ 2. Initialisation and error mapping ─ 3. Procedures
import { initTRPC, TRPCError } from "@trpc/server";
import { ZodError } from "zod";
import { ErrorCode } from "../../../shared/errors.ts";
import { hasPremiumCatalogue } from "../../../shared/membership.ts";
import { rateRules } from "../../../shared/rate-rules.ts";
import { workLimits } from "../../../shared/work-limits.ts";
import { lookupSession, type SessionUser } from "../../auth/sessions.ts";
import type { Deps } from "../../deps/deps.ts";
import { AppError, notAdmin, notSignedIn } from "../../platform/errors.ts";
import { trpcCodeForStatus, zodMessage } from "../../platform/transport-errors.ts";

// ── 1. Context ──────────────────────────────────────────────────────────────
export interface Context {
  deps: Deps;
  user: SessionUser | null;
  sessionToken: string | undefined;
  requestId: string;
  /** headers added to the HTTP response (cookies) */
  resHeaders: Headers;
  /** what the calls of one HTTP request (a batch) have cost so far; absent for a server-side caller */
  costs?: { expensive: number };
}

/** Builds the context from plain values; tests call it directly. */
export function createContextInner(opts: {
  deps: Deps;
  sessionToken?: string;
  /** the request's user when the transport has already looked the session up (else looked up here) */
  user?: SessionUser | null;
  requestId?: string;
  resHeaders?: Headers;
  costs?: { expensive: number };
}): Context {
  return {
    deps: opts.deps,
    sessionToken: opts.sessionToken,
    user: opts.user !== undefined ? opts.user : lookupSession(opts.deps, opts.sessionToken),
    requestId: opts.requestId ?? crypto.randomUUID(),
    resHeaders: opts.resHeaders ?? new Headers(),
    costs: opts.costs,
  };
}

// ── 2. Initialisation ──────────────────────────────────────────────────────
/** The errorCode and public message for any error a procedure ended with. */
export function describeTrpcError(error: TRPCError): { errorCode: number; message: string } {
  const cause = error.cause;
  if (cause instanceof AppError) return { errorCode: cause.code, message: cause.message };
  if (cause instanceof ZodError) return { errorCode: ErrorCode.BadRequest, message: zodMessage(cause) };
  if (error.code === "INTERNAL_SERVER_ERROR")
    return { errorCode: ErrorCode.Unknown, message: "Unknown error." };
  if (error.code === "UNAUTHORIZED") return { errorCode: ErrorCode.Unauthorized, message: error.message };
  if (error.code === "NOT_FOUND") return { errorCode: ErrorCode.NotFound, message: error.message };
  if (error.code === "PAYLOAD_TOO_LARGE")
    return { errorCode: ErrorCode.PayloadTooLarge, message: error.message };
  return { errorCode: ErrorCode.BadRequest, message: error.message };
}

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error }) {
    const { errorCode, message } = describeTrpcError(error);
    return {
      ...shape,
      message,
      data: { code: shape.data.code, httpStatus: shape.data.httpStatus, errorCode },
    };
  },
});

/** Turns an AppError thrown by a service into a TRPCError with the matching HTTP status. */
const mapAppErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: trpcCodeForStatus(cause.status), message: cause.message, cause });
  }
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

// ── 3. Procedures ──────────────────────────────────────────────────────────
export const publicProcedure = t.procedure.use(mapAppErrors);

export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw notSignedIn();
  return next({ ctx: { ...ctx, user: ctx.user } });
});

export const premiumProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!hasPremiumCatalogue(ctx.user.membershipLevel)) throw new AppError(ErrorCode.FeatureNotAvailable);
  return next({ ctx });
});

export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!ctx.deps.config.adminSpotifyIds.includes(ctx.user.spotifyId)) throw notAdmin();
  return next({ ctx });
});

/**
 * For a procedure that reads or starts a lot of work (the personal-data export, an analysis, a distribution, a
 * read of the whole library), used after its input is read: one such call per batched request; the others are
 * refused with code 67 before they run. A query among them reads the listener's whole library: a few a minute
 * per listener (rateRules.libraryRead, as the REST shims take it); the server's own callers are not counted.
 */
export const oneExpensivePerRequest = t.middleware(({ ctx, type, next }) => {
  const { costs, user, deps } = ctx as Context;
  if (costs && ++costs.expensive > workLimits.expensivePerRequest) {
    throw new AppError(ErrorCode.TooManyExpensiveCalls);
  }
  if (costs && user && type === "query") deps.rateLimits.take(rateRules.libraryRead, user.userId);
  return next();
});
