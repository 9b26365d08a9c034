// The charts' history is written cheaply: calls are counted in memory and added with one row per provider and
// hour at each flush; a day's active listeners keep their highest sample.
import { afterAll, describe, expect, test } from "bun:test";
import { createSession } from "../../../src/server/auth/sessions.ts";
import { openDatabase } from "../../../src/server/db/client.ts";
import { users } from "../../../src/server/db/schema/index.ts";
import { createHistoryRecorder } from "../../../src/server/metrics/history.ts";

const database = openDatabase(":memory:");
afterAll(() => database.close());
const sqlite = database.db.$client;
const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 2, 10, 9, 15);

const rows = () =>
  sqlite
    .query(
      "SELECT provider, hour, calls, rate_limited AS rateLimited FROM provider_call_hours ORDER BY hour, provider",
    )
    .all();

describe("provider calls", () => {
  test("nothing is written before a flush; a flush writes one row per provider and hour", () => {
    let now = T0;
    const history = createHistoryRecorder({ db: database.db, now: () => now, flushEveryMs: 0 });
    for (let i = 0; i < 250; i += 1) history.providerCall("spotify", i % 50 === 0);
    history.providerCall("paddle", false);
    now = T0 + HOUR;
    history.providerCall("spotify", true);
    expect(rows()).toEqual([]);
    history.flush();
    const hour = Math.floor(T0 / HOUR) * HOUR;
    expect(rows()).toEqual([
      { provider: "paddle", hour, calls: 1, rateLimited: 0 },
      { provider: "spotify", hour, calls: 250, rateLimited: 5 },
      { provider: "spotify", hour: hour + HOUR, calls: 1, rateLimited: 1 },
    ]);
    // the next flush adds to the hour's row, and close() writes what is left
    history.providerCall("spotify", false);
    history.flush();
    history.providerCall("spotify", true);
    history.close();
    expect(rows().at(-1)).toEqual({ provider: "spotify", hour: hour + HOUR, calls: 3, rateLimited: 2 });
  });
});

describe("active listeners", () => {
  test("distinct listeners with a session seen that day; the day keeps its highest sample", () => {
    const clock = { now: () => T0 };
    const listen = (id: string) => {
      database.db.insert(users).values({ id, spotifyId: id, createdAt: T0, lastLoginAt: T0 }).run();
      createSession(database.db, clock, id);
    };
    listen("a");
    createSession(database.db, clock, "a"); // a second device is still one listener
    listen("b");
    const history = createHistoryRecorder({ db: database.db, now: clock.now, flushEveryMs: 0 });
    history.flush();
    const day = () => sqlite.query("SELECT day, listeners FROM active_listener_days").all();
    expect(day()).toEqual([{ day: "2026-03-10", listeners: 2 }]);
    // a listener signs out (the session goes): the day's figure stays
    sqlite.query("DELETE FROM sessions WHERE user_id = 'b'").run();
    history.flush();
    expect(day()).toEqual([{ day: "2026-03-10", listeners: 2 }]);
  });
});
