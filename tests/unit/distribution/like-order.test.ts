// Songs returning to a playlist that only grows get their like-order place: an insert index per add from
// Crate's record of the playlist, sent in runs of consecutive places of at most 100 songs.
import { describe, expect, test } from "bun:test";
import { type HeldReader, placeInLikeOrder } from "../../../src/server/distribution/plan/like-order.ts";
import { orderSteps } from "../../../src/server/distribution/plan/ordered-steps.ts";
import type { PlannedSong, PlaylistWork } from "../../../src/server/distribution/plan/preference-plan.ts";

/** Song n liked at second n, rank n. */
const song = (n: number): PlannedSong => ({ trackId: `t${n}`, likedAt: n * 1000, rank: n, categories: [] });
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

const existing = (adds: number[], over: Partial<PlaylistWork> = {}): PlaylistWork => ({
  preferenceName: "1990s",
  target: { existingId: "p1" },
  needsCreate: false,
  removes: [],
  adds: adds.map(song),
  addAtTop: false,
  entry: "Standard",
  ...over,
});

function reader(held: number[]): HeldReader & { lists: number } {
  const list = held.map((n) => ({ trackId: `t${n}`, likedAt: n * 1000 }));
  const r = {
    lists: 0,
    newestLike: () => (list.length === 0 ? null : Math.max(...list.map((s) => s.likedAt))),
    inLikeOrder: () => {
      r.lists += 1;
      return list;
    },
  };
  return r;
}

const rankOf = (trackId: string) => Number(trackId.slice(1));

describe("placeInLikeOrder", () => {
  test("new likes after everything held are appended, without reading the playlist's songs", () => {
    const held = reader([1, 2, 3]);
    const work = existing([4, 5]);
    expect(placeInLikeOrder(work, held, new Set(), rankOf)).toBe(work);
    expect(held.lists).toBe(0);
  });

  test("returning songs get the index of their like-order place; newer ones are still appended", () => {
    // held 1 3 5 7; 2 and 6 return, 9 is new: 1 [2] 3 5 [6] 7 [9]
    const placed = placeInLikeOrder(existing([2, 6, 9]), reader([1, 3, 5, 7]), new Set(), rankOf);
    expect(placed.addPositions).toEqual([1, 4, undefined]);
  });

  test("songs the plan takes out first do not count", () => {
    const placed = placeInLikeOrder(existing([4]), reader([1, 2, 3, 5]), new Set(["t2"]), rankOf);
    expect(placed.addPositions).toEqual([2]);
  });

  test("Latest N, random samples and new playlists are left as they are", () => {
    const held = reader([5]);
    for (const work of [
      existing([1], { addAtTop: true }),
      existing([1], { entry: "Randomized" }),
      existing([1], { target: { bucket: "", sequence: 1, name: "x" }, needsCreate: true }),
    ])
      expect(placeInLikeOrder(work, held, new Set(), rankOf)).toBe(work);
  });
});

describe("orderSteps with places", () => {
  test("one call per run of consecutive places, at most 100 songs each, then the appended ones", () => {
    // held: 0, 180, 300, 301; returning 1-150 (one run, split at 100), 200 (its own place), new 400-401 appended
    const held = reader([0, 180, 300, 301]);
    const adds = [...range(1, 151), 200, 400, 401];
    const placed = placeInLikeOrder(existing(adds), held, new Set(), rankOf);
    const { steps } = orderSteps([placed], 402);
    const calls = steps.filter((s) => s.op === "add").map((s) => [s.trackIds.length, s.position]);
    expect(calls).toEqual([
      [100, 1],
      [50, 101],
      [1, 152],
      [2, undefined],
    ]);
    // Applied in order, the playlist reads in like order.
    const playlist = ["t0", "t180", "t300", "t301"];
    for (const s of steps)
      if (s.position === undefined) playlist.push(...s.trackIds);
      else playlist.splice(s.position, 0, ...s.trackIds);
    expect(playlist).toEqual([0, ...range(1, 151), 180, 200, 300, 301, 400, 401].map((n) => `t${n}`));
  });
});
