import { Database } from "bun:sqlite";
import { existsSync, mkdirSync, rmSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { runSelf } from "../platform/self-process.ts";

/** Longer than any copy of a healthy database takes; a copy still running then is stopped and fails. */
const BACKUP_PROCESS_TIMEOUT_MS = 30 * 60_000;

/** A consistent online copy of the database with VACUUM INTO; safe while the server runs (WAL). */
export function backupDatabase(databasePath: string, target: string): { file: string; bytes: number } {
  if (!existsSync(databasePath)) throw new Error(`No database at ${databasePath}`);
  const file = resolve(target);
  if (existsSync(file)) throw new Error(`${file} already exists; choose a new file name`);
  mkdirSync(dirname(file), { recursive: true });
  const db = new Database(databasePath, { readonly: true });
  try {
    db.exec("PRAGMA busy_timeout = 5000");
    db.query("VACUUM INTO ?").run(file);
    // A copy counts only once SQLite finds it whole; a partial or damaged file is removed, never kept.
    checkIntegrity(file);
  } catch (error) {
    rmSync(file, { force: true });
    throw error;
  } finally {
    db.close();
  }
  return { file, bytes: statSync(file).size };
}

/**
 * The same copy made by `crate backup` in a child process, so the server's requests never wait on it: VACUUM INTO
 * and the integrity check of a large database take seconds of one thread. Throws with the child's reason.
 */
export async function backupDatabaseAside(
  databasePath: string,
  target: string,
): Promise<{ file: string; bytes: number }> {
  const file = resolve(target);
  // checked here too, so a failure below never removes a file that was there before
  if (existsSync(file)) throw new Error(`${file} already exists; choose a new file name`);
  const run = await runSelf(["backup", file], {
    env: { DATABASE_PATH: resolve(databasePath) },
    timeoutMs: BACKUP_PROCESS_TIMEOUT_MS,
  });
  if (run.exitCode !== 0 || !existsSync(file)) {
    rmSync(file, { force: true });
    const reason = run.stderr.trim().replace(/^Backup failed: /, "");
    throw new Error(reason || `the backup process ended with code ${run.exitCode}`);
  }
  return { file, bytes: statSync(file).size };
}

/** Throws unless `PRAGMA integrity_check` on the file answers ok. */
export function checkIntegrity(file: string): void {
  const copy = new Database(file, { readonly: true });
  try {
    const rows = copy.query("PRAGMA integrity_check").all() as { integrity_check: string }[];
    const problems = rows.map((row) => row.integrity_check).filter((answer) => answer !== "ok");
    if (rows.length === 0 || problems.length > 0) {
      throw new Error(
        `the copy failed its integrity check: ${problems.slice(0, 3).join("; ") || "no answer"}`,
      );
    }
  } finally {
    copy.close();
  }
}
