// The daily purge deletes in batches of purgeBatchRows and gives the loop back between them: a request (here a
// timer) waiting on the loop runs while the purge is still deleting, and every expired row is gone at the end.

import { describe, expect, test } from "bun:test";
import { purgeExpiredData } from "../../../src/server/account/retention.ts";
import { openDatabase } from "../../../src/server/db/client.ts";
import { manualClock } from "../../../src/server/platform/clock.ts";
import { workLimits } from "../../../src/shared/work-limits.ts";
import { createUser } from "../../support/factories.ts";

const DAY = 24 * 3600_000;
const NOW = Date.UTC(2026, 10, 24, 3, 17);

describe("the retention purge in batches", () => {
  test("requests run between its batches; all expired rows and orphans are deleted, live ones kept", async () => {
    const { db, sqlite } = openDatabase(":memory:");
    createUser(db, { id: "u", spotifyId: "s" });
    const expired = workLimits.purgeBatchRows * 2 + 7;
    const activity = sqlite.query("INSERT INTO activity (user_id, kind, time) VALUES (?, 'login', ?)");
    // a user that no longer exists left likes behind (foreign keys off, as an old bug could): the safety net removes them
    sqlite.exec("PRAGMA foreign_keys = OFF");
    sqlite.transaction(() => {
      for (let i = 0; i < expired; i++) activity.run("u", NOW - 430 * DAY);
      activity.run("u", NOW - DAY);
      const like = sqlite.query("INSERT INTO likes (user_id, track_id, liked_at) VALUES ('gone', ?, 0)");
      for (let i = 0; i < workLimits.purgeBatchRows + 1; i++) like.run(`t${i}`);
    })();
    sqlite.exec("PRAGMA foreign_keys = ON");

    let servedDuringPurge = 0;
    let purging = true;
    const serve = () => {
      if (!purging) return;
      servedDuringPurge++;
      setImmediate(serve);
    };
    setImmediate(serve);
    const result = await purgeExpiredData(db, manualClock(NOW));
    purging = false;

    expect(servedDuringPurge).toBeGreaterThan(2);
    expect(result.workRows.activity).toBe(expired);
    expect(result.orphanedRows).toBe(workLimits.purgeBatchRows + 1);
    expect(sqlite.query("SELECT count(*) AS n FROM activity").get()).toEqual({ n: 1 });
    expect(sqlite.query("SELECT count(*) AS n FROM likes").get()).toEqual({ n: 0 });
    sqlite.close();
  });
});
