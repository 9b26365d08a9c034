import { Database } from "bun:sqlite";
import { chmodSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { applyMigrations } from "./migrate.ts";
import * as schema from "./schema/index.ts";

export type Db = ReturnType<typeof createDb>;

function createDb(sqlite: Database) {
  return drizzle({ client: sqlite, schema, casing: "snake_case" });
}

/** An existing database opened read-only, unmigrated (`crate doctor` looks without changing anything). */
export function openReadOnly(path: string): OpenedDatabase {
  const sqlite = new Database(path, { readonly: true });
  return { db: createDb(sqlite), sqlite, close: () => sqlite.close() };
}

export interface OpenedDatabase {
  db: Db;
  sqlite: Database;
  close(): void;
}

/** Opens (creating with its folder) the SQLite file, sets WAL with full sync, foreign keys and a busy timeout, and migrates. */
export function openDatabase(path: string): OpenedDatabase {
  if (path !== ":memory:") {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    // created 0600 first: SQLite gives its -wal and -shm files the database file's mode
    if (!existsSync(path)) writeFileSync(path, "", { mode: 0o600, flag: "a" });
    try {
      chmodSync(path, 0o600);
    } catch {
      // not ours to change (another owner): SQLite still reports what it cannot open
    }
  }
  const sqlite = new Database(path, { create: true, strict: true });
  sqlite.exec("PRAGMA journal_mode = WAL");
  sqlite.exec("PRAGMA foreign_keys = ON");
  sqlite.exec("PRAGMA busy_timeout = 5000");
  // FULL: a commit is on disk when it returns, so a power loss never takes back a "sent" or "done" mark.
  sqlite.exec("PRAGMA synchronous = FULL");
  // Every request reads a few rows by key: pages served from a 64 MB cache and a memory map of the file cost no
  // read() call each (SQLite's defaults are a 2 MB cache and no map).
  sqlite.exec("PRAGMA cache_size = -65536");
  sqlite.exec("PRAGMA mmap_size = 268435456");
  applyMigrations(sqlite);
  return { db: createDb(sqlite), sqlite, close: () => sqlite.close() };
}
