import { describe, expect, test } from "bun:test";
import { orderSteps } from "../../../src/server/distribution/plan/ordered-steps.ts";
import type { PlannedSong, PlaylistWork } from "../../../src/server/distribution/plan/preference-plan.ts";
import { isoWeekKey, utcDayKey } from "../../../src/server/distribution/plan/random-periods.ts";
import { monthKeyIn } from "../../../src/server/library/liked-at.ts";
import { seededSample } from "../../../src/server/platform/sample.ts";

const songs = (from: number, to: number): PlannedSong[] =>
  Array.from({ length: to - from }, (_, i) => ({
    trackId: `t${from + i}`,
    likedAt: 0,
    rank: from + i,
    categories: [],
  }));

function work(over: Partial<PlaylistWork>): PlaylistWork {
  return {
    preferenceName: "x",
    target: { bucket: "", sequence: 1, name: "x" },
    needsCreate: true,
    removes: [],
    adds: [],
    addAtTop: false,
    entry: "Standard",
    ...over,
  };
}

describe("orderSteps", () => {
  test("batches of 100, creation first, each playlist's writes in order, progress never goes back", () => {
    const everything = work({ adds: songs(0, 250) });
    const sparse = work({ adds: songs(0, 250).filter((s) => s.rank % 10 === 0) });
    const { steps, totals } = orderSteps([everything, sparse], 250);
    expect(totals).toEqual({ Standard: 250, Randomized: 0 });
    expect(steps.filter((s) => s.op === "create")).toHaveLength(2);
    const adds0 = steps.filter((s) => s.work === 0 && s.op === "add");
    expect(adds0.map((s) => s.trackIds.length)).toEqual([100, 100, 50]);
    expect(adds0.flatMap((s) => s.trackIds)).toEqual(songs(0, 250).map((s) => s.trackId));
    for (const w of [0, 1]) {
      const own = steps.filter((s) => s.work === w);
      expect(own[0]?.op).toBe("create");
    }
    const marks = steps.map((s) => s.progressAfter);
    expect(marks).toEqual([...marks].sort((a, b) => a - b));
    expect(marks.at(-1)).toBe(250);
    // the sparse playlist's single batch covers ranks 0..240, so nothing is finished before it is done
    const sparseAdd = steps.findIndex((s) => s.work === 1 && s.op === "add");
    expect(steps[sparseAdd - 1]?.progressAfter).toBe(0);
  });

  test("adds at the top are placed batch after batch from position 0", () => {
    const latest = work({
      adds: songs(0, 250).reverse(),
      addAtTop: true,
      needsCreate: false,
      removes: ["old"],
    });
    const { steps } = orderSteps([latest], 250);
    expect(steps.map((s) => [s.op, s.position, s.trackIds[0]])).toEqual([
      ["remove", undefined, "old"],
      ["add", 0, "t249"],
      ["add", 100, "t149"],
      ["add", 200, "t49"],
    ]);
  });

  test("random playlists count on the Randomized entry once fully replaced", () => {
    const random = work({
      adds: songs(0, 150),
      removes: songs(300, 350).map((s) => s.trackId),
      entry: "Randomized",
      needsCreate: false,
    });
    const standard = work({ adds: songs(0, 10) });
    const { steps, totals } = orderSteps([random, standard], 400);
    expect(totals.Randomized).toBe(1);
    const randomSteps = steps.filter((s) => s.entry === "Randomized");
    expect(randomSteps.map((s) => s.op)).toEqual(["remove", "add", "add"]);
    expect(randomSteps.map((s) => s.progressAfter)).toEqual([0, 0, 1]);
  });

  test("no work, no steps", () => {
    expect(orderSteps([], 10)).toEqual({ steps: [], totals: { Standard: 10, Randomized: 0 } });
  });
});

describe("periods", () => {
  test("ISO weeks across year ends", () => {
    expect(isoWeekKey(Date.UTC(2020, 11, 31))).toBe("2020-W53");
    expect(isoWeekKey(Date.UTC(2021, 0, 3, 23, 59))).toBe("2020-W53");
    expect(isoWeekKey(Date.UTC(2021, 0, 4))).toBe("2021-W01");
    expect(isoWeekKey(Date.UTC(2024, 11, 30))).toBe("2025-W01");
    expect(isoWeekKey(Date.UTC(2026, 0, 15))).toBe("2026-W03");
  });

  test("UTC days and months", () => {
    expect(utcDayKey(Date.UTC(2026, 1, 28, 23, 59, 59))).toBe("2026-02-28");
    expect(monthKeyIn(Date.UTC(2025, 11, 31, 23, 59), "UTC")).toBe("2025-12");
  });
});

describe("seededSample", () => {
  const items = Array.from({ length: 1000 }, (_, i) => `s${i}`);
  test("deterministic per seed, different across seeds, keeps input order", () => {
    const a = seededSample(items, 50, "seed-a", (s) => s);
    expect(seededSample(items, 50, "seed-a", (s) => s)).toEqual(a);
    expect(seededSample(items, 50, "seed-b", (s) => s)).not.toEqual(a);
    expect(a).toHaveLength(50);
    expect(new Set(a).size).toBe(50);
    const positions = a.map((s) => items.indexOf(s));
    expect(positions).toEqual([...positions].sort((x, y) => x - y));
  });
  test("a small population is taken whole", () => {
    expect(seededSample(["a", "b"], 50, "x", (s) => s)).toEqual(["a", "b"]);
  });
});
