// How often a listener may download their personal data: the export reads every row Crate keeps about them, so
// asking for it over and over (twenty in one batched request) would hold the server up for everyone.
import { ErrorCode } from "../../shared/errors.ts";
import { workLimits } from "../../shared/work-limits.ts";
import type { Db } from "../db/client.ts";
import type { Clock } from "../platform/clock.ts";
import { AppError } from "../platform/errors.ts";

const HOUR_MS = 3_600_000;

// Per database connection, like the other per-app memories (db/read-memo.ts): two apps in one process share none.
const downloadsByConnection = new WeakMap<object, Map<string, number[]>>();

/** Counts one download of the listener's data; refused with code 66 past the hourly allowance. */
export function admitPersonalDataDownload(db: Db, clock: Clock, userId: string): void {
  let downloads = downloadsByConnection.get(db.$client);
  if (!downloads) {
    downloads = new Map();
    downloadsByConnection.set(db.$client, downloads);
  }
  const now = clock.now();
  const recent = (downloads.get(userId) ?? []).filter((at) => at > now - HOUR_MS && at <= now);
  if (recent.length >= workLimits.personalDataPerHour) {
    downloads.set(userId, recent);
    throw new AppError(ErrorCode.PersonalDataTooOften);
  }
  recent.push(now);
  downloads.set(userId, recent);
  // Listeners who have not downloaded within the hour are forgotten now and then.
  if (downloads.size > 10_000) {
    for (const [id, times] of downloads) if ((times.at(-1) ?? 0) <= now - HOUR_MS) downloads.delete(id);
  }
}
