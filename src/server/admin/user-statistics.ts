// Which users have their activity recorded (enabled by an admin, per user).
import type { StatisticsToggleResult } from "../../shared/schemas/admin.ts";
import type { Deps } from "../deps.ts";
import { notFound } from "../platform/errors.ts";

type StatisticsDeps = Pick<Deps, "db" | "clock">;

function assertUserExists(deps: Pick<Deps, "db">, userId: string): void {
  const row = deps.db.$client.query("SELECT 1 FROM users WHERE id = ?").get(userId);
  if (!row) throw notFound("No such user.");
}

/** Starts recording the user's activity; enabling twice keeps the first date. Unknown user: 404. */
export function enableUserStatistics(deps: StatisticsDeps, userId: string): StatisticsToggleResult {
  assertUserExists(deps, userId);
  deps.db.$client
    .query("INSERT INTO statistics_users (user_id, enabled_at) VALUES (?, ?) ON CONFLICT(user_id) DO NOTHING")
    .run(userId, deps.clock.now());
  return { userId, enabled: true };
}

/** Stops recording; what was recorded stays on the user detail. Unknown user: 404. */
export function disableUserStatistics(deps: StatisticsDeps, userId: string): StatisticsToggleResult {
  assertUserExists(deps, userId);
  deps.db.$client.query("DELETE FROM statistics_users WHERE user_id = ?").run(userId);
  return { userId, enabled: false };
}

export function isStatisticsEnabled(deps: Pick<Deps, "db">, userId: string): boolean {
  return deps.db.$client.query("SELECT 1 FROM statistics_users WHERE user_id = ?").get(userId) !== null;
}
