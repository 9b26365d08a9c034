import { describe, expect, test } from "bun:test";
import { openDatabase, withTransaction } from "../../../src/server/db/client.ts";
import { dailySignups } from "../../../src/server/db/schema/index.ts";

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
