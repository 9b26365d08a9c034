import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { openDatabase } from "../../../src/server/db/client.ts";
import { readMemo } from "../../../src/server/db/read-memo.ts";
import { dailySignups } from "../../../src/server/db/schema/index.ts";
import { transaction } from "../../../src/server/db/transaction.ts";
import { tempDir } from "../../support/server.ts";

function countRows(db: ReturnType<typeof openDatabase>["db"]): number {
  return db.select().from(dailySignups).all().length;
}

describe("a read memo", () => {
  test("answers from memory until this connection writes anything, then reads again", () => {
    const { db, close } = openDatabase(":memory:");
    const memo = readMemo<number>({ maxEntries: 10, maxAgeMs: 60_000 });
    let reads = 0;
    const read = () =>
      memo.get(db, "rows", () => {
        reads++;
        return countRows(db);
      });
    expect([read(), read()]).toEqual([0, 0]);
    expect(reads).toBe(1);
    db.insert(dailySignups).values({ day: "2026-01-01", count: 1 }).run();
    expect(read()).toBe(1);
    expect(reads).toBe(2);
    close();
  });

  test("sees another process's write once its answer is older than maxAgeMs", async () => {
    const dir = tempDir();
    const { db, close } = openDatabase(join(dir, "crate.db"));
    const other = new Database(join(dir, "crate.db"));
    const memo = readMemo<number>({ maxEntries: 10, maxAgeMs: 50 });
    try {
      expect(memo.get(db, "rows", () => countRows(db))).toBe(0);
      other.query("INSERT INTO daily_signups (day, count) VALUES ('2026-01-02', 1)").run();
      expect(memo.get(db, "rows", () => countRows(db))).toBe(0);
      await Bun.sleep(80);
      expect(memo.get(db, "rows", () => countRows(db))).toBe(1);
    } finally {
      other.close();
      close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("never keeps what a transaction that wrote could still roll back", () => {
    const { db, close } = openDatabase(":memory:");
    const memo = readMemo<number>({ maxEntries: 10, maxAgeMs: 60_000 });
    expect(() =>
      transaction(db, (tx) => {
        tx.insert(dailySignups).values({ day: "2026-01-03", count: 1 }).run();
        expect(memo.get(db, "rows", () => countRows(db))).toBe(1);
        throw new Error("rolled back");
      }),
    ).toThrow("rolled back");
    expect(memo.get(db, "rows", () => countRows(db))).toBe(0);
    // a read transaction in which a write happened (a session's touch) keeps nothing either
    let reads = 0;
    transaction(db, () => {
      db.insert(dailySignups).values({ day: "2026-01-04", count: 1 }).run();
      expect(
        memo.get(db, "later", () => {
          reads++;
          return countRows(db);
        }),
      ).toBe(1);
    });
    expect(
      memo.get(db, "later", () => {
        reads++;
        return countRows(db);
      }),
    ).toBe(1);
    expect(reads).toBe(2);
    close();
  });

  test("keeps at most maxEntries answers per connection, and one connection's never serve another", () => {
    const first = openDatabase(":memory:");
    const second = openDatabase(":memory:");
    const memo = readMemo<string>({ maxEntries: 2, maxAgeMs: 60_000 });
    let reads = 0;
    const get = (db: typeof first.db, key: string, value: string) =>
      memo.get(db, key, () => {
        reads++;
        return value;
      });
    get(first.db, "a", "first a");
    get(first.db, "b", "first b");
    get(first.db, "c", "first c");
    expect(get(second.db, "a", "second a")).toBe("second a");
    expect(reads).toBe(4);
    expect(get(first.db, "c", "again")).toBe("first c");
    expect(get(first.db, "a", "first a again")).toBe("first a again");
    expect(reads).toBe(5);
    first.close();
    second.close();
  });
});
