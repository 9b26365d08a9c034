import { afterEach, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { longestListenerWaitMs } from "../../../src/server/admin/charts-record.ts";
import { openDatabase } from "../../../src/server/db/client.ts";
import type { Deps } from "../../../src/server/deps/deps.ts";
import { tempDir } from "../../support/server.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

test("the hourly lag is the longest a monitored listener has waited since their last sync, or their sign-up", () => {
  const dir = tempDir("crate-lag-");
  dirs.push(dir);
  const { db, close } = openDatabase(join(dir, "crate.db"));
  const deps = { db, clock: { now: () => 0 } } as unknown as Pick<Deps, "db" | "clock">;
  expect(longestListenerWaitMs(deps, 10_000)).toBeNull();

  const addUser = db.$client.query(
    "INSERT INTO users (id, spotify_id, created_at, last_login_at, monitored) VALUES (?, ?, ?, 0, ?)",
  );
  addUser.run("synced", "synced", 0, 1);
  addUser.run("never-synced", "never-synced", 2_000, 1);
  addUser.run("unmonitored", "unmonitored", 0, 0);
  db.$client
    .query("INSERT INTO library_syncs (user_id, last_sync_at) VALUES ('synced', 4000), ('unmonitored', 0)")
    .run();

  expect(longestListenerWaitMs(deps, 10_000)).toBe(8_000);
  close();
});
