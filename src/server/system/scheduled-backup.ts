// The daily backup BACKUP_DIR asks for: `crate backup` (VACUUM INTO) run in a child process so requests never wait
// on it, named by its UTC time, checked whole (integrity_check) before it counts and before older ones are deleted, keeping the
// newest BACKUP_KEEP; a failure is logged and counted as one, never fatal to the server. Whatever BACKUP_KEEP says,
// and whether the run succeeds or not, no backup outlives the privacy policy's days: a deleted listener's data
// is gone from every copy by then.
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { limits } from "../../shared/limits.ts";
import { operations } from "../../shared/operations.ts";
import type { Deps } from "../deps/deps.ts";
import { backupDatabaseAside } from "./backup.ts";

const BACKUP_NAME = new RegExp(`^${operations.backupPrefix}\\d{8}T\\d{9}Z\\.db$`);

/** `crate-20260301T033000123Z.db`: names sort as the times do. */
export function backupFileName(ms: number): string {
  const stamp = new Date(ms).toISOString().replace(/[-:.]/g, "");
  return `${operations.backupPrefix}${stamp}`.replace(/Z$/, "Z.db");
}

/** The scheduled backups in `dir`, newest first (other files are left alone). */
export function listBackups(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.filter((n) => BACKUP_NAME.test(n)).sort((a, b) => b.localeCompare(a));
}

/** When a backup was made, from its name. */
function backupTime(name: string): number {
  const m = /(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z/.exec(name);
  if (!m) return Number.NaN;
  const [y, mo, d, h, mi, sec, ms] = m.slice(1).map(Number) as number[];
  return Date.UTC(y ?? 0, (mo ?? 1) - 1, d, h, mi, sec, ms);
}

const DAY_MS = 86_400_000;
/** A backup this old at a daily run goes at that run: the next run comes a day later, past the policy's days. */
const MAX_AGE_AT_RUN_MS = (limits.retention.backupsDays - 0.5) * DAY_MS;

/** Removes the backups past the policy's age and, when `keep` is given, those beyond the newest `keep`. */
function removeBackups(dir: string, now: number, keep?: number): string[] {
  const removed = listBackups(dir).filter(
    (name, i) => (keep !== undefined && i >= keep) || now - backupTime(name) >= MAX_AGE_AT_RUN_MS,
  );
  for (const name of removed) rmSync(join(dir, name), { force: true });
  return removed;
}

export type ScheduledBackupOutcome =
  | { ok: true; file: string; bytes: number; removed: string[] }
  | { ok: false; error: string };

export async function runScheduledBackup(
  deps: Pick<Deps, "config" | "clock" | "log" | "metrics">,
): Promise<ScheduledBackupOutcome> {
  const { dir, keep } = deps.config.backup;
  if (!dir) return { ok: false, error: "BACKUP_DIR is not set" };
  try {
    const { file, bytes } = await backupDatabaseAside(
      deps.config.databasePath,
      join(dir, backupFileName(deps.clock.now())),
    );
    const removed = removeBackups(dir, deps.clock.now(), keep);
    deps.metrics.backup("success");
    deps.log.info("backup written", { file, bytes, removed: removed.length });
    return { ok: true, file, bytes, removed };
  } catch (e) {
    const error = e instanceof Error ? e.message : String(e);
    deps.metrics.backup("failure");
    const removed = removeBackups(dir, deps.clock.now());
    deps.log.error("backup failed", { dir, error, removed: removed.length });
    return { ok: false, error };
  }
}
