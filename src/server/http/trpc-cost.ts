// Procedures that read or start a lot of work (the personal-data export, an analysis, a distribution) are
// answered one per batched tRPC request: a batch of twenty exports is refused before any of them runs.
import type { MiddlewareHandler } from "hono";
import { ErrorCode, errorTexts } from "../../shared/errors.ts";
import { workLimits } from "../../shared/work-limits.ts";
import { refuse, TRPC_PREFIX } from "../platform/http-errors.ts";

/** The procedures that count against `workLimits.expensivePerRequest`. */
export const expensiveProcedures: ReadonlySet<string> = new Set([
  "account.personalData",
  "account.deleteData",
  "distribution.distributeHistorically",
  "distribution.startAnalysis",
  "distribution.deletePredefined",
  "combinations.create",
  "combinations.delete",
]);

export function trpcCostGuard(): MiddlewareHandler {
  return async (c, next) => {
    const rawPath = new URL(c.req.url).pathname;
    const names = decodeURIComponent(rawPath.slice(rawPath.indexOf(TRPC_PREFIX) + TRPC_PREFIX.length)).split(
      ",",
    );
    const expensive = names.filter((name) => expensiveProcedures.has(name)).length;
    if (expensive > workLimits.expensivePerRequest) {
      return refuse(
        c,
        400,
        ErrorCode.TooManyExpensiveCalls,
        errorTexts[ErrorCode.TooManyExpensiveCalls] ?? "Too many expensive calls in one request.",
      );
    }
    await next();
  };
}
