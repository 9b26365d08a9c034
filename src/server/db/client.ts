import { Database, type Statement } from "bun:sqlite";
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

const transactionStatements = new WeakMap<
  Database,
  { begin: Statement; commit: Statement; rollback: Statement }
>();

/**
 * Runs fn's statements as one read transaction (inside the caller's when one is open): they see one snapshot,
 * and the WAL's read lock is taken once instead of once per statement — outside a transaction every statement
 * takes and releases it with a few fcntl calls, which cost a signed-in request more than its reads themselves.
 * BEGIN and COMMIT are prepared once per connection (bun:sqlite's transaction() builds its wrapper on every call).
 */
export function readInOneTransaction<T>(db: Db, fn: () => T): T {
  const client = db.$client;
  if (client.inTransaction) return fn();
  let statements = transactionStatements.get(client);
  if (!statements) {
    statements = {
      begin: client.prepare("BEGIN"),
      commit: client.prepare("COMMIT"),
      rollback: client.prepare("ROLLBACK"),
    };
    transactionStatements.set(client, statements);
  }
  statements.begin.run();
  openReads.set(client, changesSoFar(db));
  try {
    const result = fn();
    statements.commit.run();
    return result;
  } catch (error) {
    if (client.inTransaction) statements.rollback.run();
    throw error;
  } finally {
    openReads.delete(client);
  }
}

/** Connections in a transaction readInOneTransaction began, with their count of changes when it began. */
const openReads = new WeakMap<Database, number>();

/**
 * Whether the connection's open transaction could be undone with a write in it: any transaction but a read
 * transaction of readInOneTransaction in which nothing has been written yet (see db/read-memo.ts).
 */
export function inUncommittedWrite(db: Db): boolean {
  if (!db.$client.inTransaction) return false;
  const atBegin = openReads.get(db.$client);
  return atBegin === undefined || changesSoFar(db) !== atBegin;
}

const changeCounters = new WeakMap<Database, Statement<{ n: number }, []>>();

/**
 * Rows this connection has inserted, changed or deleted since it opened (triggers and cascades included).
 * SQLite's total_changes() reads a counter of the connection: no lock, no file access.
 */
export function changesSoFar(db: Db): number {
  let counter = changeCounters.get(db.$client);
  if (!counter) {
    counter = db.$client.prepare<{ n: number }, []>("SELECT total_changes() AS n");
    changeCounters.set(db.$client, counter);
  }
  return counter.get()?.n ?? 0;
}

/** Runs fn in a transaction, or inside the caller's when it passes a transaction or one is already open. */
export function withTransaction<T>(db: Db, fn: (tx: Db) => T): T {
  // A drizzle transaction handle has rollback() and no $client.
  const isTransaction = typeof (db as { rollback?: unknown }).rollback === "function";
  if (isTransaction || (db as { $client?: { inTransaction?: boolean } }).$client?.inTransaction)
    return fn(db);
  return db.transaction((tx) => fn(tx as unknown as Db));
}
