import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { openDatabase, readInOneTransaction, withTransaction } from "../../../src/server/db/client.ts";
import { dailySignups } from "../../../src/server/db/schema/index.ts";
import { tempDir } from "../../support/server.ts";

describe("withTransaction", () => {
  test("joins the caller's transaction when given a transaction handle, and rolls back as one", () => {
    const { db, close } = openDatabase(":memory:");
    expect(() =>
      withTransaction(db, (outer) => {
        outer.insert(dailySignups).values({ day: "2026-01-01", count: 1 }).run();
        withTransaction(outer, (inner) => {
          inner.insert(dailySignups).values({ day: "2026-01-02", count: 1 }).run();
        });
        throw new Error("abort");
      }),
    ).toThrow("abort");
    expect(db.select().from(dailySignups).all()).toEqual([]);
    close();
  });

  test("commits when fn returns", () => {
    const { db, close } = openDatabase(":memory:");
    const result = withTransaction(db, (tx) => {
      tx.insert(dailySignups).values({ day: "2026-01-03", count: 2 }).run();
      return "done";
    });
    expect(result).toBe("done");
    expect(db.select().from(dailySignups).all()).toHaveLength(1);
    close();
  });
});

describe("readInOneTransaction", () => {
  test("its reads see one snapshot: a commit from another connection meanwhile shows only after it", () => {
    const dir = tempDir();
    const path = join(dir, "crate.db");
    const { db, close } = openDatabase(path);
    const other = new Database(path);
    other.exec("PRAGMA busy_timeout = 5000");
    try {
      db.insert(dailySignups).values({ day: "2026-01-01", count: 1 }).run();
      const seen = readInOneTransaction(db, () => {
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

  test("ends its transaction when fn throws, and runs inside the caller's when one is open", () => {
    const { db, close } = openDatabase(":memory:");
    expect(() =>
      readInOneTransaction(db, () => {
        throw new Error("not found");
      }),
    ).toThrow("not found");
    expect(db.$client.inTransaction).toBe(false);
    expect(() =>
      withTransaction(db, (tx) => {
        tx.insert(dailySignups).values({ day: "2026-01-03", count: 1 }).run();
        readInOneTransaction(db, () => expect(db.$client.inTransaction).toBe(true));
        throw new Error("abort");
      }),
    ).toThrow("abort");
    expect(db.select().from(dailySignups).all()).toEqual([]);
    close();
  });
});
