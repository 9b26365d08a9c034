import { Database } from "bun:sqlite";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { StartupError } from "../platform/errors.ts";

export interface ProcessLock {
  release(): void;
}

/**
 * One Crate process per database: the per-user locks and background work live in memory, so a second process on
 * the same file would race them. The lock is SQLite's own exclusive file lock on `<database>.lock`, held for the
 * life of the process; the kernel drops it when the process dies, so a crash never leaves a stale lock behind.
 * `crate backup` reads the database itself and does not take it.
 */
export function lockDatabase(databasePath: string): ProcessLock {
  if (databasePath === ":memory:") return { release() {} };
  const file = `${databasePath}.lock`;
  mkdirSync(dirname(databasePath), { recursive: true, mode: 0o700 });
  if (!existsSync(file)) writeFileSync(file, "", { mode: 0o600, flag: "a" });
  const lock = new Database(file);
  try {
    lock.exec("PRAGMA busy_timeout = 0");
    lock.exec("PRAGMA locking_mode = EXCLUSIVE");
    lock.exec("BEGIN EXCLUSIVE");
    lock.exec("CREATE TABLE IF NOT EXISTS holder (pid INTEGER NOT NULL, started_at INTEGER NOT NULL)");
    lock.exec("DELETE FROM holder");
    lock.query("INSERT INTO holder VALUES (?, ?)").run(process.pid, Date.now());
    // committed in exclusive locking mode: the lock stays until the connection closes
    lock.exec("COMMIT");
  } catch (error) {
    lock.close();
    if (error instanceof Error && /locked|busy/i.test(error.message)) {
      throw new StartupError(
        `Another Crate process is using ${databasePath} (it holds ${file}); stop it before starting this one`,
      );
    }
    throw error;
  }
  return { release: () => lock.close() };
}
