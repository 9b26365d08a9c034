import { Database, type SQLQueryBindings, type Statement } from "bun:sqlite";
import { chmodSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { LRUCache } from "lru-cache";
import { checkpointInBackground } from "./checkpoints.ts";
import { applyMigrations } from "./migrate.ts";
import * as schema from "./schema/index.ts";

export type Db = ReturnType<typeof createDb>;

/** bun:sqlite's own type of a statement's parameters, spelled as it spells it so that the overrides match */
// biome-ignore lint/suspicious/noExplicitAny: bun:sqlite's declaration uses any[] here
type BoundAs<P> = P extends any[] ? P : [P];

/** SQL texts a connection keeps compiled (the least recently used goes first) */
export const CACHED_STATEMENT_TEXTS = 512;

/**
 * One compiled statement per SQL text, for the connection's life. drizzle compiles every query it runs anew
 * (sqlite3_prepare parses and plans it each time: a tenth of the server's work in the integration tests'
 * profile), and bun:sqlite's cache of `query()` keeps 20 texts, fewer than Crate's repositories use, so it missed
 * too. Sharing is safe: a statement runs to its end synchronously before its next use (nothing iterates one across
 * an await, nothing finalizes one but `close`). A statement the cache drops is not finalized: a caller may still
 * hold it, and the collector finalizes it when none does.
 */
class StatementCachingDatabase extends Database {
  readonly #cached = new LRUCache<string, Statement>({ max: CACHED_STATEMENT_TEXTS });
  /** drizzle queries built once (`builtQuery`), by the function that builds them: as many as the code names */
  readonly built = new Map<(db: Db) => unknown, unknown>();

  #compiled(sql: string): Statement {
    let statement = this.#cached.get(sql);
    if (!statement) {
      statement = super.prepare(sql);
      this.#cached.set(sql, statement);
    }
    return statement;
  }

  override prepare<R, P extends SQLQueryBindings | SQLQueryBindings[]>(
    sql: string,
    params?: P,
  ): Statement<R, BoundAs<P>> {
    if (params !== undefined) return super.prepare(sql, params);
    return this.#compiled(sql) as Statement<R, BoundAs<P>>;
  }

  override query<R, P extends SQLQueryBindings | SQLQueryBindings[]>(sql: string): Statement<R, BoundAs<P>> {
    return this.#compiled(sql) as Statement<R, BoundAs<P>>;
  }

  /** Finalizes the kept statements first, so that closing closes the file (and checkpoints the WAL) now. */
  override close(throwOnError?: boolean): void {
    for (const statement of this.#cached.values()) statement.finalize();
    this.#cached.clear();
    this.built.clear();
    super.close(throwOnError);
  }
}

/**
 * A drizzle query of the request path built once per connection, its inputs as `sql.placeholder`s: drizzle builds
 * a query's SQL anew on every call, 40 of a session lookup's 55 µs, and every request looks its session up (the
 * fixed-load figure of tests/bench/load.bench.ts, ADR 0081). `build` is a module-level function: it is the key.
 */
export function builtQuery<T>(db: Db, build: (db: Db) => T): T {
  const client = db.$client;
  if (!(client instanceof StatementCachingDatabase)) return build(db);
  let query = client.built.get(build) as T | undefined;
  if (query === undefined) {
    query = build(db);
    client.built.set(build, query);
  }
  return query;
}

function createDb(sqlite: Database) {
  return drizzle({ client: sqlite, schema, casing: "snake_case" });
}

/** An existing database opened read-only, unmigrated (`crate doctor` looks without changing anything). */
export function openReadOnly(path: string): OpenedDatabase {
  const sqlite = new StatementCachingDatabase(path, { readonly: true });
  return { db: createDb(sqlite), sqlite, close: () => sqlite.close() };
}

export interface OpenedDatabase {
  db: Db;
  sqlite: Database;
  close(): void;
}

/**
 * Opens (creating with its folder) the SQLite file, sets WAL with full sync, foreign keys and a busy timeout, and
 * migrates. `checkpointsInBackground`: the server's connection leaves the log's checkpoints to a worker thread
 * (checkpoints.ts), so no request waits for one.
 */
export function openDatabase(
  path: string,
  options: { checkpointsInBackground?: boolean } = {},
): OpenedDatabase {
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
  const sqlite = new StatementCachingDatabase(path, { create: true, strict: true });
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
  const checkpoints =
    options.checkpointsInBackground && path !== ":memory:" ? checkpointInBackground(sqlite, path) : undefined;
  return {
    db: createDb(sqlite),
    sqlite,
    close: () => {
      checkpoints?.stop();
      sqlite.close();
    },
  };
}
