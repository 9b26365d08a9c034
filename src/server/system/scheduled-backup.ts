// The daily backup BACKUP_DIR asks for: `crate backup` (VACUUM INTO) run in a child process so requests never wait
// on it, named by its UTC time, checked whole (integrity_check) before it counts and before older ones are deleted, keeping the
// newest BACKUP_KEEP; a failure is logged and counted as one, never fatal to the server.
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
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
    const removed = listBackups(dir).slice(keep);
    for (const name of removed) rmSync(join(dir, name), { force: true });
    deps.metrics.backup("success");
    deps.log.info("backup written", { file, bytes, removed: removed.length });
    return { ok: true, file, bytes, removed };
  } catch (e) {
    const error = e instanceof Error ? e.message : String(e);
    deps.metrics.backup("failure");
    deps.log.error("backup failed", { dir, error });
    return { ok: false, error };
  }
}
