// Which users have their activity recorded (enabled by an admin, per user).
import type { StatisticsToggleResult } from "../../shared/schemas/admin.ts";
import type { Deps } from "../deps/deps.ts";
import { notFound } from "../platform/errors.ts";
import { disableStatistics, enableStatistics, statisticsEnabled, userExists } from "./activity-repository.ts";

type StatisticsDeps = Pick<Deps, "db" | "clock">;

function assertUserExists(deps: Pick<Deps, "db">, userId: string): void {
  if (!userExists(deps.db, userId)) throw notFound("No such user.");
}

/** Starts recording the user's activity; enabling twice keeps the first date. Unknown user: 404. */
export function enableUserStatistics(deps: StatisticsDeps, userId: string): StatisticsToggleResult {
  assertUserExists(deps, userId);
  enableStatistics(deps.db, userId, deps.clock.now());
  return { userId, enabled: true };
}

/** Stops recording; what was recorded stays on the user detail. Unknown user: 404. */
export function disableUserStatistics(deps: StatisticsDeps, userId: string): StatisticsToggleResult {
  assertUserExists(deps, userId);
  disableStatistics(deps.db, userId);
  return { userId, enabled: false };
}

export function isStatisticsEnabled(deps: Pick<Deps, "db">, userId: string): boolean {
  return statisticsEnabled(deps.db, userId);
}
