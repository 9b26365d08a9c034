import { beforeEach, describe, expect, test } from "bun:test";
import { type Db, openDatabase } from "../../../src/server/db/client.ts";
import { fullResyncDue, resyncHour } from "../../../src/server/library/resync.ts";
import { limits } from "../../../src/shared/limits.ts";
import { createUser } from "../../support/factories.ts";

const HOUR = 3_600_000;
const PERIOD = limits.fullResyncEveryHours * HOUR;
let db: Db;

beforeEach(() => {
  db = openDatabase(":memory:").db;
  createUser(db, { id: "u1", spotifyId: "s1" });
});

const lastFull = (at: number) =>
  db.$client
    .query("INSERT INTO library_syncs (user_id, last_sync_at, last_full_sync_at) VALUES ('u1', ?1, ?1)")
    .run(at);

/** The first time at or after `from` that falls in the user's hour of the period. */
function ownHourAfter(from: number): number {
  let t = Math.floor(from / HOUR) * HOUR;
  while (Math.floor(t / HOUR) % limits.fullResyncEveryHours !== resyncHour("u1")) t += HOUR;
  return t;
}

describe("weekly full resync", () => {
  test("users are spread evenly over the hours of the week", () => {
    const perHour = new Array(limits.fullResyncEveryHours).fill(0);
    for (let i = 0; i < 16_800; i++) perHour[resyncHour(`user-${i}`)] += 1;
    // 100 a hour on average; a fair spread keeps every hour within ±40%
    expect(Math.min(...perHour)).toBeGreaterThan(60);
    expect(Math.max(...perHour)).toBeLessThan(140);
  });

  test("due once a week, in the user's own hour only", () => {
    const own = ownHourAfter(Date.UTC(2026, 0, 12));
    // last week's full read, in the same hour
    lastFull(own - PERIOD + 5 * 60_000);
    expect(fullResyncDue({ db }, "u1", own + 10 * 60_000)).toBe(true);
    expect(fullResyncDue({ db }, "u1", own - HOUR)).toBe(false);
    expect(fullResyncDue({ db }, "u1", own + HOUR)).toBe(false);
    // a week earlier it was the same hour, but the last full read was too recent
    expect(fullResyncDue({ db }, "u1", own - PERIOD)).toBe(false);
  });

  test("a missed hour is caught up a day later, at any hour", () => {
    lastFull(0);
    expect(fullResyncDue({ db }, "u1", PERIOD + 25 * HOUR)).toBe(true);
  });

  test("never for a user whose library was never read", () => {
    expect(fullResyncDue({ db }, "u1", PERIOD * 3)).toBe(false);
  });
});
