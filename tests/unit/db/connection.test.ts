import { afterEach, describe, expect, test } from "bun:test";
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { builtQuery, CACHED_STATEMENT_TEXTS, type Db, openDatabase } from "../../../src/server/db/client.ts";
import { users } from "../../../src/server/db/schema/index.ts";
import { createUser } from "../../support/factories.ts";
import { tempDir } from "../../support/server.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the database connection", () => {
  test("is durable (WAL, synchronous FULL, foreign keys) and reads from a large cache and a memory map", () => {
    const dir = tempDir();
    dirs.push(dir);
    const opened = openDatabase(join(dir, "crate.db"));
    const pragma = (name: string) => Object.values(opened.sqlite.query(`PRAGMA ${name}`).get() as object)[0];
    try {
      expect(pragma("journal_mode")).toBe("wal");
      expect(pragma("synchronous")).toBe(2);
      expect(pragma("foreign_keys")).toBe(1);
      expect(pragma("cache_size")).toBe(-65536);
      expect(pragma("mmap_size")).toBe(268435456);
    } finally {
      opened.close();
    }
  });
});

describe("the connection's compiled statements", () => {
  const open = () => {
    const dir = tempDir();
    dirs.push(dir);
    const path = join(dir, "crate.db");
    return { path, opened: openDatabase(path) };
  };

  test("one SQL text is compiled once, whether drizzle, prepare() or query() asks, and serves every caller", () => {
    const { opened } = open();
    try {
      const { sqlite, db } = opened;
      expect(sqlite.prepare("SELECT ? AS n")).toBe(sqlite.query("SELECT ? AS n"));
      createUser(db, { id: "a" });
      createUser(db, { id: "b" });
      const byId = (id: string) => db.select().from(users).where(eq(users.id, id)).get()?.spotifyId;
      // the same text, other values: each caller gets its own row from the one statement
      expect([byId("a"), byId("b"), byId("a"), byId("none")]).toEqual([
        "spotify-a",
        "spotify-b",
        "spotify-a",
        undefined,
      ]);
    } finally {
      opened.close();
    }
  });

  test("a statement held past its eviction from the kept texts still runs", () => {
    const { opened } = open();
    try {
      const held = opened.sqlite.query<{ n: number }, [number]>("SELECT ? + 1 AS n");
      for (let i = 0; i <= CACHED_STATEMENT_TEXTS; i++) opened.sqlite.query(`SELECT ${i} AS n`).get();
      expect(held.get(41)).toEqual({ n: 42 });
      // asked again, the text is compiled again (the held one stays the caller's)
      expect(opened.sqlite.query("SELECT ? + 1 AS n")).not.toBe(held);
    } finally {
      opened.close();
    }
  });

  test("a query of the request path is built once per connection and answers each caller with its own values", () => {
    let builds = 0;
    const spotifyIdOf = (db: Db) => {
      builds += 1;
      return db
        .select({ spotifyId: users.spotifyId })
        .from(users)
        .where(eq(users.id, sql.placeholder("id")))
        .prepare();
    };
    const first = open().opened;
    const second = open().opened;
    try {
      createUser(first.db, { id: "a" });
      createUser(first.db, { id: "b" });
      createUser(second.db, { id: "c" });
      const read = (db: Db, id: string) => builtQuery(db, spotifyIdOf).get({ id })?.spotifyId;
      expect([read(first.db, "a"), read(first.db, "b"), read(first.db, "none")]).toEqual([
        "spotify-a",
        "spotify-b",
        undefined,
      ]);
      expect(builds).toBe(1);
      // another connection (another database) builds its own: a query is bound to its connection
      expect([read(second.db, "c"), read(second.db, "a")]).toEqual(["spotify-c", undefined]);
      expect(builds).toBe(2);
    } finally {
      first.close();
      second.close();
    }
  });

  test("closing closes the file at once: the write-ahead log is checkpointed and removed", () => {
    const { path, opened } = open();
    createUser(opened.db, { id: "a" });
    expect(opened.db.select().from(users).all()).toHaveLength(1);
    expect(existsSync(`${path}-wal`)).toBe(true);
    opened.close();
    // a statement still open would leave the connection half-closed, its log beside the file
    expect(existsSync(`${path}-wal`)).toBe(false);
    const reopened = openDatabase(path);
    try {
      expect(reopened.db.select().from(users).all()).toHaveLength(1);
    } finally {
      reopened.close();
    }
  });
});
