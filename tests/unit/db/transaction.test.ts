import { Database } from "bun:sqlite";
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { type Db, openDatabase } from "../../../src/server/db/client.ts";
import { dailySignups } from "../../../src/server/db/schema/index.ts";
import { type Tx, transaction } from "../../../src/server/db/transaction.ts";
import { tempDir } from "../../support/server.ts";

/**
 * A row written by the outer call and one by a nested call; then `rest` runs in the outer call, whose transaction
 * is still open: the nested call began and committed nothing of its own.
 */
function writesNested(db: Db, rest: (outer: Tx) => void) {
  return transaction(db, (outer) => {
    outer.insert(dailySignups).values({ day: "2026-01-01", count: 1 }).run();
    transaction(outer, (inner) => {
      inner.insert(dailySignups).values({ day: "2026-01-02", count: 1 }).run();
    });
    expect(db.$client.inTransaction).toBe(true);
    rest(outer);
  });
}

describe("transaction", () => {
  let db: Db;
  let close: () => void;
  beforeEach(() => {
    ({ db, close } = openDatabase(":memory:"));
  });
  afterEach(() => close());
  const signups = () => db.select().from(dailySignups).all();

  test("commits when fn returns, and returns what fn returns", () => {
    const result = transaction(db, (tx) => {
      tx.insert(dailySignups).values({ day: "2026-01-03", count: 2 }).run();
      return "done";
    });
    expect(result).toBe("done");
    expect(db.$client.inTransaction).toBe(false);
    expect(signups()).toHaveLength(1);
  });

  test("rolls back everything and ends the transaction when fn throws", () => {
    expect(() =>
      transaction(db, (tx) => {
        tx.insert(dailySignups).values({ day: "2026-01-03", count: 1 }).run();
        throw new Error("not found");
      }),
    ).toThrow("not found");
    expect(db.$client.inTransaction).toBe(false);
    expect(signups()).toEqual([]);
  });

  test("a nested call joins the caller's transaction, and a throw rolls back both as one", () => {
    expect(() =>
      writesNested(db, () => {
        throw new Error("abort");
      }),
    ).toThrow("abort");
    expect(signups()).toEqual([]);
  });

  test("a nested call begins and commits nothing of its own: a throw the outer catches is rolled back with it", () => {
    expect(() =>
      writesNested(db, (outer) => {
        try {
          transaction(outer, () => {
            throw new Error("inner");
          });
        } catch {
          // caught here, but the whole transaction still ends as the outer call ends
        }
        throw new Error("outer");
      }),
    ).toThrow("outer");
    expect(signups()).toEqual([]);
  });

  test("joins a transaction the connection opened elsewhere (a raw bun:sqlite one)", () => {
    expect(() =>
      db.$client.transaction(() => {
        transaction(db, (tx) => tx.insert(dailySignups).values({ day: "2026-01-04", count: 1 }).run());
        throw new Error("abort");
      })(),
    ).toThrow("abort");
    expect(signups()).toEqual([]);
  });

  test("refuses an async fn and keeps nothing it wrote before its first await", () => {
    const later = Promise.withResolvers<void>();
    expect(() =>
      transaction(db, async (tx) => {
        tx.insert(dailySignups).values({ day: "2026-01-05", count: 1 }).run();
        await later.promise;
      }),
    ).toThrow("must not be async");
    later.resolve();
    expect(db.$client.inTransaction).toBe(false);
    expect(signups()).toEqual([]);
  });

  test("a function that needs its caller's transaction takes a Tx, which a bare Db is not", () => {
    const insideOnly = (tx: Tx) => tx.$client.inTransaction;
    expect(transaction(db, (tx) => insideOnly(tx))).toBe(true);
    // @ts-expect-error: the type checker refuses the database outside a transaction
    expect(insideOnly(db)).toBe(false);
  });

  test("its reads see one snapshot: a commit from another connection meanwhile shows only after it", () => {
    const dir = tempDir();
    const path = join(dir, "crate.db");
    const { db, close } = openDatabase(path);
    const other = new Database(path);
    other.exec("PRAGMA busy_timeout = 5000");
    try {
      db.insert(dailySignups).values({ day: "2026-01-01", count: 1 }).run();
      const seen = transaction(db, () => {
        const first = db.select().from(dailySignups).all().length;
        other.query("INSERT INTO daily_signups (day, count) VALUES ('2026-01-02', 1)").run();
        return [first, db.select().from(dailySignups).all().length];
      });
      expect(seen).toEqual([1, 1]);
      expect(db.select().from(dailySignups).all()).toHaveLength(2);
    } finally {
      other.close();
      close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
