// Every table has a retention rule; work tables (analyses, distributions with their journals, activity, job
// executions) are purged by age, never while in use.

import { describe, expect, test } from "bun:test";
import { purgeExpiredData } from "../../../src/server/account/retention.ts";
import { retentionRules } from "../../../src/server/account/work-retention.ts";
import { openDatabase } from "../../../src/server/db/client.ts";
import { manualClock } from "../../../src/server/platform/clock.ts";
import { createUser } from "../../support/factories.ts";

const DAY = 24 * 3600_000;
const NOW = Date.UTC(2026, 10, 24, 3, 17);

describe("retention rules", () => {
  test("every table of the schema has one", () => {
    const { sqlite } = openDatabase(":memory:");
    const tables = sqlite
      .query<{ name: string }, []>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '\\_\\_%' ESCAPE '\\'",
      )
      .all()
      .map((t) => t.name)
      .filter((name) => name !== "migrations");
    expect(tables.length).toBeGreaterThan(20);
    expect(tables.filter((name) => !(name in retentionRules))).toEqual([]);
    for (const [table, rule] of Object.entries(retentionRules))
      if (rule.kind === "cascade")
        expect({ table, parent: tables.includes(rule.parent) }).toEqual({ table, parent: true });
  });
});

describe("the purge of work tables", () => {
  function setup() {
    const { db, sqlite } = openDatabase(":memory:");
    createUser(db, { id: "u", spotifyId: "s" });
    const analysis = sqlite.query(
      "INSERT INTO analyses (id, user_id, status, created_at, finished_at) VALUES (?, 'u', ?, ?, ?)",
    );
    analysis.run("old", "completed", NOW - 3 * DAY, NOW - 2 * DAY);
    analysis.run("recent", "cancelled", NOW - 3600_000, NOW - 3600_000);
    analysis.run("running", "running", NOW - 5 * DAY, null);
    for (const id of ["old", "recent", "running"])
      sqlite
        .query(
          "INSERT INTO analysis_segments (analysis_id, segment_number, type, result) VALUES (?, 1, 'Data', '{}')",
        )
        .run(id);
    const run = sqlite.query(
      "INSERT INTO distributions (id, user_id, trigger, status, created_at, finished_at) VALUES (?, 'u', 'hourly', ?, ?, ?)",
    );
    run.run("d-old", "finished", NOW - 40 * DAY, NOW - 40 * DAY);
    run.run("d-failed", "failed", NOW - 40 * DAY, NOW - 40 * DAY);
    run.run("d-unsettled", "failed", NOW - 40 * DAY, NOW - 40 * DAY);
    run.run("d-recent", "finished", NOW - 2 * DAY, NOW - 2 * DAY);
    const step = sqlite.query(
      "INSERT INTO journal_steps (distribution_id, playlist_id, op, status, updated_at) VALUES (?, 'p', 'add', ?, 0)",
    );
    step.run("d-old", "done");
    step.run("d-unsettled", "sent");
    step.run("d-recent", "done");
    sqlite
      .query(
        "INSERT INTO distribution_entries (distribution_id, distribution_type) VALUES ('d-old', 'Standard')",
      )
      .run();
    const activity = sqlite.query("INSERT INTO activity (user_id, kind, time) VALUES ('u', 'login', ?)");
    activity.run(NOW - 430 * DAY);
    activity.run(NOW - 10 * DAY);
    sqlite
      .query(
        "INSERT INTO managed_playlists (id, user_id, source, preference_key, name, created_at) VALUES ('p', 'u', 'predefined', 'Rock', 'Rock', 0)",
      )
      .run();
    const entry = sqlite.query(
      "INSERT INTO playlist_activity (user_id, source, preference_key, playlist_id, kind, count, songs, at) VALUES ('u', 'predefined', 'Rock', 'p', 'added', 1, '[]', ?)",
    );
    entry.run(NOW - 91 * DAY);
    entry.run(NOW - 89 * DAY);
    const batch = sqlite.query(
      "INSERT INTO batch_executions (id, job, start_time, status) VALUES (?, 'hourly-sync', ?, ?)",
    );
    batch.run("b-old", NOW - 100 * DAY, "finished");
    batch.run("b-recent", NOW - 3 * DAY, "finished");
    const ids = (table: string) =>
      sqlite
        .query<{ id: string }, []>(`SELECT id FROM ${table} ORDER BY id`)
        .all()
        .map((r) => r.id);
    const count = (sql: string) =>
      sqlite.query<{ n: number }, []>(`SELECT count(*) AS n FROM ${sql}`).get()?.n;
    return { db, ids, count };
  }

  test("ended analyses after a day, settled distributions with their steps after 30 days, old history", async () => {
    const { db, ids, count } = setup();
    const result = await purgeExpiredData(db, manualClock(NOW));
    expect(ids("analyses")).toEqual(["recent", "running"]);
    expect(count("analysis_segments")).toBe(2);
    expect(ids("distributions")).toEqual(["d-recent", "d-unsettled"]);
    expect(count("journal_steps")).toBe(2);
    expect(count("distribution_entries")).toBe(0);
    expect(count("activity")).toBe(1);
    // a playlist's activity is kept 90 days
    expect(count("playlist_activity")).toBe(1);
    expect(count("playlist_activity WHERE at = " + (NOW - 89 * DAY))).toBe(1);
    expect(ids("batch_executions")).toEqual(["b-recent"]);
    expect(result.workRows).toMatchObject({
      analyses: 1,
      distributions: 2,
      activity: 1,
      playlist_activity: 1,
      batch_executions: 1,
    });
    // idempotent
    expect((await purgeExpiredData(db, manualClock(NOW))).workRows).toMatchObject({
      analyses: 0,
      distributions: 0,
    });
  });
});
