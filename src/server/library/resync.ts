// The weekly full resync: every user's whole library is read again once a week, each user in their own hour of
// the week (spread evenly by a hash of the id), so unlikes the first page cannot show are never older than that.
import { limits } from "../../shared/limits.ts";
import type { Deps } from "../deps/deps.ts";
import { lastFullSyncOf } from "./likes-repository.ts";

const HOUR_MS = 3_600_000;

/** The user's hour of the period (0 … fullResyncEveryHours − 1), stable across restarts. */
export function resyncHour(userId: string): number {
  return Number(BigInt(Bun.hash.wyhash(userId, 0n)) % BigInt(limits.fullResyncEveryHours));
}

/**
 * Due in the user's own hour once most of a period has passed since the last full read, or at any hour once
 * more than a period and a day has (the job missed that hour).
 */
export function fullResyncDue(deps: Pick<Deps, "db">, userId: string, now: number): boolean {
  const lastFullSync = lastFullSyncOf(deps.db, userId);
  if (lastFullSync === undefined) return false;
  const period = limits.fullResyncEveryHours * HOUR_MS;
  const since = now - (lastFullSync ?? 0);
  if (since > period + 24 * HOUR_MS) return true;
  const hourOfPeriod = Math.floor(now / HOUR_MS) % limits.fullResyncEveryHours;
  return since >= period - HOUR_MS && hourOfPeriod === resyncHour(userId);
}
