// Where an insert lands on Spotify: the plan places songs among the songs Crate placed; the playlist may also
// hold the listener's songs and copies, and lack songs they removed.
import { describe, expect, test } from "bun:test";
import {
  hasOthers,
  spotifyIndex,
  withInserted,
  withoutTracks,
} from "../../../src/server/distribution/journal/layout.ts";

const held = new Set(["a", "b", "c", "d"]);

describe("spotifyIndex", () => {
  test("right after the nearest song before it that is still there", () => {
    // the listener removed b and c, and put h before d
    const entries = ["a", "h", "d"];
    const heldNow = new Set(["a", "d"]);
    expect(spotifyIndex(entries, heldNow, 3, { after: ["c", "b", "a"], before: ["d"] })).toBe(1);
  });

  test("else right before the nearest song after it (a song at the top stays under the listener's own)", () => {
    expect(spotifyIndex(["h", "a", "b"], held, 0, { after: [], before: ["a", "b"] })).toBe(1);
    expect(spotifyIndex(["h", "c"], new Set(["c"]), 0, { after: [], before: ["a", "b", "c"] })).toBe(1);
  });

  test("without neighbours: after the n-th of Crate's songs as they stand, a copy not counted", () => {
    const entries = ["a", "h", "b", "a", null, "c", "d"];
    expect(spotifyIndex(entries, held, 0, null)).toBe(0);
    expect(spotifyIndex(entries, held, 2, null)).toBe(3);
    expect(spotifyIndex(entries, held, 3, null)).toBe(6);
    expect(spotifyIndex(entries, held, 9, null)).toBe(entries.length);
  });

  test("neighbours all gone: by the count", () => {
    expect(spotifyIndex(["a", "b"], new Set(["a", "b"]), 1, { after: ["x"], before: ["y"] })).toBe(1);
  });
});

describe("the entries kept", () => {
  test("are worth keeping only with more than Crate's songs, each once", () => {
    expect(hasOthers(["a", "b"], held)).toBe(false);
    expect(hasOthers(["a", "h"], held)).toBe(true);
    expect(hasOthers(["a", null], held)).toBe(true);
    expect(hasOthers(["a", "a"], held)).toBe(true);
  });

  test("follow Crate's writes: an insert, an append, a removal of every copy", () => {
    expect(withInserted(["a", "c"], ["b"], 1)).toEqual(["a", "b", "c"]);
    expect(withInserted(["a"], ["b"])).toEqual(["a", "b"]);
    expect(withoutTracks(["a", null, "b", "a"], ["a"])).toEqual([null, "b"]);
  });
});
