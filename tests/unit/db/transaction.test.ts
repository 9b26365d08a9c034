import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { openDatabase } from "../../../src/server/db/client.ts";
import { dailySignups } from "../../../src/server/db/schema/index.ts";
import { type Tx, transaction } from "../../../src/server/db/transaction.ts";
import { tempDir } from "../../support/server.ts";

describe("transaction", () => {
  test("commits when fn returns, and returns what fn returns", () => {
    const { db, close } = openDatabase(":memory:");
    const result = transaction(db, (tx) => {
      tx.insert(dailySignups).values({ day: "2026-01-03", count: 2 }).run();
      return "done";
    });
    expect(result).toBe("done");
    expect(db.$client.inTransaction).toBe(false);
    expect(db.select().from(dailySignups).all()).toHaveLength(1);
    close();
  });

  test("rolls back everything and ends the transaction when fn throws", () => {
    const { db, close } = openDatabase(":memory:");
    expect(() =>
      transaction(db, (tx) => {
        tx.insert(dailySignups).values({ day: "2026-01-03", count: 1 }).run();
        throw new Error("not found");
      }),
    ).toThrow("not found");
    expect(db.$client.inTransaction).toBe(false);
    expect(db.select().from(dailySignups).all()).toEqual([]);
    close();
  });

  test("a nested call joins the caller's transaction, and a throw rolls back both as one", () => {
    const { db, close } = openDatabase(":memory:");
    expect(() =>
      transaction(db, (outer) => {
        outer.insert(dailySignups).values({ day: "2026-01-01", count: 1 }).run();
        transaction(outer, (inner) => {
          inner.insert(dailySignups).values({ day: "2026-01-02", count: 1 }).run();
        });
        // the inner call committed nothing of its own: the outer transaction is still open
        expect(db.$client.inTransaction).toBe(true);
        throw new Error("abort");
      }),
    ).toThrow("abort");
    expect(db.select().from(dailySignups).all()).toEqual([]);
    close();
  });

  test("a nested call begins and commits nothing of its own: a throw the outer catches is rolled back with it", () => {
    const { db, close } = openDatabase(":memory:");
    expect(() =>
      transaction(db, (outer) => {
        outer.insert(dailySignups).values({ day: "2026-01-01", count: 1 }).run();
        transaction(outer, (inner) => {
          inner.insert(dailySignups).values({ day: "2026-01-02", count: 1 }).run();
        });
        // committed nothing yet: another connection's view would not have either row
        expect(db.$client.inTransaction).toBe(true);
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
    expect(db.select().from(dailySignups).all()).toEqual([]);
    close();
  });

  test("joins a transaction the connection opened elsewhere (a raw bun:sqlite one)", () => {
    const { db, close } = openDatabase(":memory:");
    expect(() =>
      db.$client.transaction(() => {
        transaction(db, (tx) => tx.insert(dailySignups).values({ day: "2026-01-04", count: 1 }).run());
        throw new Error("abort");
      })(),
    ).toThrow("abort");
    expect(db.select().from(dailySignups).all()).toEqual([]);
    close();
  });

  test("refuses an async fn and keeps nothing it wrote before its first await", () => {
    const { db, close } = openDatabase(":memory:");
    const later = Promise.withResolvers<void>();
    expect(() =>
      transaction(db, async (tx) => {
        tx.insert(dailySignups).values({ day: "2026-01-05", count: 1 }).run();
        await later.promise;
      }),
    ).toThrow("must not be async");
    later.resolve();
    expect(db.$client.inTransaction).toBe(false);
    expect(db.select().from(dailySignups).all()).toEqual([]);
    close();
  });

  test("a function that needs its caller's transaction takes a Tx, which a bare Db is not", () => {
    const { db, close } = openDatabase(":memory:");
    const insideOnly = (tx: Tx) => tx.$client.inTransaction;
    expect(transaction(db, (tx) => insideOnly(tx))).toBe(true);
    // @ts-expect-error: the type checker refuses the database outside a transaction
    expect(insideOnly(db)).toBe(false);
    close();
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
