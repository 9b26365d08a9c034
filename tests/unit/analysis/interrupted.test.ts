import { afterEach, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { cancelInterruptedAnalyses } from "../../../src/server/analysis/service.ts";
import { openDatabase } from "../../../src/server/db/client.ts";
import type { Deps } from "../../../src/server/deps/deps.ts";
import { createUser } from "../../support/factories.ts";
import { tempDir } from "../../support/server.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

test("an analysis a crash interrupted ends with a Cancelled segment after the ones it wrote", () => {
  const dir = tempDir("crate-analysis-");
  dirs.push(dir);
  const { db, close } = openDatabase(join(dir, "crate.db"));
  const sqlite = db.$client;
  createUser(db, { id: "u", spotifyId: "u" });
  sqlite
    .query("INSERT INTO analyses (id, user_id, status, created_at) VALUES ('a1', 'u', 'running', 0)")
    .run();
  sqlite
    .query("INSERT INTO analyses (id, user_id, status, created_at) VALUES ('a2', 'u', 'completed', 0)")
    .run();
  for (const n of [1, 2])
    sqlite
      .query(
        "INSERT INTO analysis_segments (analysis_id, segment_number, type, result) VALUES ('a1', ?, 'Data', '{}')",
      )
      .run(n);
  const deps = { db, clock: { now: () => 5_000 } } as unknown as Deps;

  expect(cancelInterruptedAnalyses(deps)).toBe(1);

  expect(
    sqlite
      .query("SELECT segment_number, type FROM analysis_segments WHERE analysis_id = 'a1' ORDER BY 1")
      .values(),
  ).toEqual([
    [1, "Data"],
    [2, "Data"],
    [3, "Cancelled"],
  ]);
  expect(sqlite.query("SELECT status, finished_at FROM analyses WHERE id = 'a1'").get()).toEqual({
    status: "cancelled",
    finished_at: 5_000,
  });
  expect(cancelInterruptedAnalyses(deps)).toBe(0);
  close();
});
