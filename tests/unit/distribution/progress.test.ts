import { describe, expect, test } from "bun:test";
import { AnalysisCounter } from "../../../src/server/analysis/count.ts";
import { ProgressTracker, restoreProgress } from "../../../src/server/distribution/journal/progress.ts";
import type { PlannedSong } from "../../../src/server/distribution/plan/preference-plan.ts";
import { allEntries } from "../../../src/shared/catalogue/index.ts";
import { runningDistribution } from "./support.ts";

describe("ProgressTracker", () => {
  function setup() {
    const { db, sqlite } = runningDistribution({ trigger: "predefined" });
    sqlite
      .query(
        "INSERT INTO distribution_entries (distribution_id, distribution_type, total_work) VALUES ('d', 'Standard', 100)",
      )
      .run();
    const completed = () =>
      sqlite.query<{ c: number }, []>("SELECT completed_work AS c FROM distribution_entries").get()?.c;
    return { db, sqlite, completed };
  }

  test("moves only as far as the last step before the first one still open", () => {
    const { db, completed } = setup();
    const steps = [10, 40, 70, 100].map((progress, i) => ({
      id: i + 1,
      entryType: "Standard" as const,
      progressAfter: progress,
    }));
    const tracker = new ProgressTracker(db, "d", steps);
    tracker.stepDone(2, "Standard");
    expect(completed()).toBe(0);
    tracker.stepDone(1, "Standard");
    expect(completed()).toBe(40);
    tracker.stepDone(4, "Standard");
    expect(completed()).toBe(40);
    tracker.stepDone(3, "Standard");
    expect(completed()).toBe(100);
  });

  test("after a failure (-1) the entry counts again from the journal", () => {
    const { db, sqlite, completed } = setup();
    const insert = sqlite.query(
      `INSERT INTO journal_steps (distribution_id, playlist_id, op, status, updated_at, entry_type, progress_after)
       VALUES ('d', 'p', 'add', ?, 0, 'Standard', ?)`,
    );
    insert.run("done", 30);
    insert.run("sent", 60);
    insert.run("done", 90);
    sqlite.query("UPDATE distribution_entries SET completed_work = -1").run();
    restoreProgress(db, "d");
    expect(completed()).toBe(30);
  });
});

describe("AnalysisCounter", () => {
  const song = (i: number, categories: string[]): PlannedSong => ({
    trackId: `t${i}`,
    likedAt: Date.UTC(2026, 0, i + 1),
    rank: i,
    categories,
  });

  test("counts per entry, cumulatively; zero entries only in the final result", () => {
    const counter = new AnalysisCounter(allEntries, Date.UTC(2026, 0, 3));
    counter.add([song(0, ["Rock", "indie rock"]), song(1, ["Rock"])]);
    const first = new Map(counter.result(false).map((r) => [r.preferenceName, r.numberOfSongsApplicable]));
    expect(first.get("Rock")).toBe(2);
    expect(first.get("indie rock")).toBe(1);
    expect(first.has("Jazz")).toBe(false);
    counter.add([song(2, ["Jazz"]), song(3, [])]);
    const final = new Map(counter.result(true).map((r) => [r.preferenceName, r.numberOfSongsApplicable]));
    expect(final.size).toBe(allEntries.length);
    expect(final.get("Rock")).toBe(2);
    expect(final.get("Jazz")).toBe(1);
    expect(final.get("Pop")).toBe(0);
    expect(final.get("Everything")).toBe(4);
    expect(final.get("Latest 50 Liked Songs")).toBe(4);
    expect(final.get("Liked in Month - Starting From Current Month")).toBe(4);
  });
});
