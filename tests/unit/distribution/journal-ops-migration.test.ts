// The journal ops `replace` and `update` are gone: migration 0002 deletes any step of theirs, which could
// only stop its run ("unknown journal op"), and keeps every other step.
import { expect, test } from "bun:test";
import { openDatabase } from "../../../src/server/db/client.ts";
import { applyMigrations } from "../../../src/server/db/migrate.ts";

const MIGRATION = "0002_operator_charts_and_journal_ops";

test("a step of a removed op is deleted by the migration; the others stay", () => {
  const { sqlite, close } = openDatabase(":memory:");
  sqlite.query("INSERT INTO users (id, spotify_id, created_at, last_login_at) VALUES ('u', 's', 0, 0)").run();
  sqlite
    .query("INSERT INTO distributions (id, user_id, trigger, created_at) VALUES ('d', 'u', 'hourly', 0)")
    .run();
  const insert = sqlite.query(
    "INSERT INTO journal_steps (distribution_id, playlist_id, op, updated_at) VALUES ('d', 'p', ?, 0)",
  );
  for (const op of ["create", "add", "replace", "remove", "update", "unfollow"]) insert.run(op);
  // As a database from before the migration: the data statement runs at the next start.
  // (0002 also creates the operator's chart tables: take them away with its record)
  for (const table of ["active_listener_days", "job_runs", "provider_call_hours"])
    sqlite.exec(`DROP TABLE ${table}`);
  sqlite.query(`DELETE FROM _migrations WHERE tag = '${MIGRATION}'`).run();
  expect(applyMigrations(sqlite)).toEqual([MIGRATION]);
  const ops = sqlite
    .query<{ op: string }, []>("SELECT op FROM journal_steps ORDER BY id")
    .all()
    .map((r) => r.op);
  expect(ops).toEqual(["create", "add", "remove", "unfollow"]);
  close();
});
