// The checks distribution, combination and deletion requests share.
import { ErrorCode } from "../../../shared/errors.ts";
import type { MembershipLevel } from "../../../shared/membership.ts";
import { assertMayCreate } from "../../auth/signup.ts";
import type { Deps } from "../../deps/deps.ts";
import { AppError } from "../../platform/errors.ts";
import { countRunningAnalyses, runningOf } from "../repository/runs.ts";

export interface Caller {
  userId: string;
  membershipLevel: MembershipLevel;
}

export const isDeletionRunning = (deps: Pick<Deps, "db">, userId: string) =>
  runningOf(deps.db, userId, ["deletion"]).length > 0;

/** Whole-library runs the user started (18 while one runs). */
export const isWholeLibraryDistributionRunning = (deps: Pick<Deps, "db">, userId: string) =>
  runningOf(deps.db, userId, ["predefined", "combination"]).length > 0;

export const isAnalysisRunning = (deps: Pick<Deps, "db">, userId: string) =>
  countRunningAnalyses(deps.db, userId) > 0;

/** The checks a deletion passes: 34, then 18. */
export function assertMayDelete(deps: Pick<Deps, "db">, userId: string): void {
  if (isDeletionRunning(deps, userId)) throw new AppError(ErrorCode.PlaylistDeletionOngoing);
  if (isWholeLibraryDistributionRunning(deps, userId))
    throw new AppError(ErrorCode.WholeLibraryDistributionOngoing);
}

/** The checks every distribution request passes, in this order: 21, 34, 37, 18. */
export function assertMayDistribute(deps: Pick<Deps, "db" | "clock">, userId: string): void {
  assertMayCreate(deps, userId);
  if (isDeletionRunning(deps, userId)) throw new AppError(ErrorCode.PlaylistDeletionOngoing);
  if (isAnalysisRunning(deps, userId)) throw new AppError(ErrorCode.AnalysisOngoing);
  if (isWholeLibraryDistributionRunning(deps, userId))
    throw new AppError(ErrorCode.WholeLibraryDistributionOngoing);
}
