import { Database } from "bun:sqlite";
import { existsSync, mkdirSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";

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
  } finally {
    db.close();
  }
  return { file, bytes: statSync(file).size };
}
