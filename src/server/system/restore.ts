// `crate restore <file>`: a backup is checked (an SQLite file, integrity check, a schema this version knows) and
// copied into an empty DATABASE_PATH; the server migrates it further at its next start.
import { Database } from "bun:sqlite";
import { existsSync, mkdirSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { migrations } from "../db/migrations.generated.ts";

export class RestoreError extends Error {}

/** The migrations the backup has applied; refuses what this version cannot open. */
export function checkBackup(file: string): { migrations: string[] } {
  if (!existsSync(file)) throw new RestoreError(`No backup at ${file}`);
  let db: Database;
  try {
    db = new Database(file, { readonly: true });
  } catch (e) {
    throw new RestoreError(
      `${file} is not an SQLite database (${e instanceof Error ? e.message : String(e)})`,
    );
  }
  try {
    let integrity: string[];
    try {
      integrity = db
        .query<{ integrity_check: string }, []>("PRAGMA integrity_check")
        .all()
        .map((r) => r.integrity_check);
    } catch (e) {
      throw new RestoreError(
        `${file} failed the integrity check: ${e instanceof Error ? e.message : String(e)}`,
      );
    }
    if (integrity.join() !== "ok") {
      throw new RestoreError(`${file} failed the integrity check: ${integrity.slice(0, 3).join("; ")}`);
    }
    const hasLog = db
      .query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_migrations'")
      .get();
    if (!hasLog) throw new RestoreError(`${file} is not a Crate database (no schema version)`);
    const applied = db
      .query<{ tag: string }, []>("SELECT tag FROM _migrations ORDER BY tag")
      .all()
      .map((r) => r.tag);
    const known = new Set(migrations.map((m) => m.tag));
    const unknown = applied.filter((t) => !known.has(t));
    if (unknown.length > 0) {
      throw new RestoreError(
        `${file} has schema version ${unknown.at(-1)}, newer than this version of Crate knows (${migrations.at(-1)?.tag})`,
      );
    }
    if (applied.length === 0) throw new RestoreError(`${file} is not a Crate database (no schema version)`);
    return { migrations: applied };
  } finally {
    db.close();
  }
}

/** Copies a checked backup into `databasePath`, which must not hold a database yet. */
export function restoreDatabase(file: string, databasePath: string): { file: string; bytes: number } {
  const source = resolve(file);
  const target = resolve(databasePath);
  for (const path of [target, `${target}-wal`]) {
    if (existsSync(path) && statSync(path).size > 0) {
      throw new RestoreError(`${path} already holds data; restore into an empty DATABASE_PATH`);
    }
  }
  checkBackup(source);
  mkdirSync(dirname(target), { recursive: true });
  const db = new Database(source, { readonly: true });
  try {
    db.query("VACUUM INTO ?").run(target);
  } finally {
    db.close();
  }
  return { file: target, bytes: statSync(target).size };
}
