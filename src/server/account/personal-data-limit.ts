// How often a listener may download their personal data: the export reads every row Crate keeps about them, so
// asking for it over and over (twenty in one batched request) would hold the server up for everyone.
import { ErrorCode } from "../../shared/errors.ts";
import { workLimits } from "../../shared/work-limits.ts";
import type { Db } from "../db/client.ts";
import { admitAction } from "../platform/action-rate.ts";
import type { Clock } from "../platform/clock.ts";
import { AppError } from "../platform/errors.ts";

/** Counts one download of the listener's data; refused with code 66 past the hourly allowance. */
export function admitPersonalDataDownload(db: Db, clock: Clock, userId: string): void {
  const rule = { limit: workLimits.personalDataPerHour, windowMs: 3_600_000 };
  if (!admitAction(db.$client, "personal-data", userId, rule, clock.now())) {
    throw new AppError(ErrorCode.PersonalDataTooOften);
  }
}
