import { describe, expect, test } from "bun:test";
import { AnalysisCounter } from "../../../src/server/analysis/count.ts";
import { onePerRecording } from "../../../src/server/distribution/plan/one-per-recording.ts";
import type { PlannedSong } from "../../../src/server/distribution/plan/preference-plan.ts";
import { entryByName } from "../../../src/shared/catalogue/index.ts";
import { ctx, ids, library, plan, playlist, pref } from "./plan-support.ts";

/** Songs t0…t5 where t3 is the album version of the single t1 (same ISRC) and t5 a remaster of t0. */
function withDuplicates(cats: (i: number) => string[] = () => ["Rock"]): PlannedSong[] {
  const isrcs = ["GBA", "GBB", "GBC", "GBB", "GBD", "GBA"];
  return library(6, cats).map((song, i) => ({ ...song, isrc: isrcs[i] ?? null }));
}

const once = ctx({ addRecordingOnce: true });

describe("AddRecordingOnce", () => {
  test("off (the default): both versions of a recording land", () => {
    const [work] = plan(pref("Rock", "Genre"), withDuplicates());
    expect(ids(work?.adds ?? [])).toEqual(["t0", "t1", "t2", "t3", "t4", "t5"]);
  });

  test("on: one song per recording, the version liked first, in like order", () => {
    const [work] = plan(pref("Rock", "Genre"), withDuplicates(), once);
    expect(ids(work?.adds ?? [])).toEqual(["t0", "t1", "t2", "t4"]);
  });

  test("on: a recording Crate already put in the playlist is not added again", () => {
    const p = pref("Everything", "Miscellaneous", {
      playlists: [playlist({ songCount: 2, recordings: new Set(["GBA", "GBB"]) })],
      everAdded: new Set(["t0", "t1"]),
    });
    const [work] = plan(p, withDuplicates(), once);
    expect(ids(work?.adds ?? [])).toEqual(["t2", "t4"]);
  });

  test("turned on later: nothing is removed and a playlist with only repeats gets no work", () => {
    const p = pref("Everything", "Miscellaneous", {
      playlists: [playlist({ songCount: 5, recordings: new Set(["GBA", "GBB", "GBC", "GBD"]) })],
      everAdded: new Set(["t0", "t1", "t2", "t3", "t4"]),
    });
    expect(plan(p, withDuplicates(), once)).toEqual([]);
  });

  test("a spilled playlist's parts count as one playlist", () => {
    const p = pref("Everything", "Miscellaneous", {
      playlists: [playlist({ songCount: 3, recordings: new Set(["GBA", "GBB", "GBC"]) })],
      everAdded: new Set(["t0", "t1", "t2"]),
    });
    const works = plan(p, withDuplicates(), ctx({ addRecordingOnce: true, capacity: 3 }));
    expect(works.map((w) => w.target)).toEqual([{ bucket: "", sequence: 2, name: "Everything 2" }]);
    expect(ids(works[0]?.adds ?? [])).toEqual(["t4"]);
  });

  test("songs without an ISRC are always added", () => {
    const songs = library(3).map((s) => ({ ...s, isrc: null }));
    expect(onePerRecording(songs).length).toBe(3);
  });

  test("Latest N counts distinct recordings", () => {
    const [work] = plan(pref("Latest 50 Liked Songs", "LatestLikedSongs"), withDuplicates(), once);
    expect(ids(work?.adds ?? [])).toEqual(["t4", "t2", "t1", "t0"]);
    const [all] = plan(pref("Latest 50 Liked Songs", "LatestLikedSongs"), withDuplicates());
    expect(all?.adds.length).toBe(6);
  });

  test("Random samples distinct recordings", () => {
    const [work] = plan(pref("50 Random Songs - Updated Daily", "Randomized"), withDuplicates(), once);
    expect([...ids(work?.adds ?? [])].sort()).toEqual(["t0", "t1", "t2", "t4"]);
  });

  test("partitions hold a recording once across their parts", () => {
    const p = pref("Partitions of 50 Songs", "Miscellaneous");
    const works = plan(p, withDuplicates(), once);
    expect(works.flatMap((w) => ids(w.adds))).toEqual(["t0", "t1", "t2", "t4"]);
  });

  test("analysis counts follow the setting; a remaster in another category still counts there", () => {
    const songs = withDuplicates((i) => (i === 5 ? ["2010s"] : ["Rock", "1990s"]));
    const entries = ["Rock", "1990s", "2010s", "Everything", "Latest 50 Liked Songs"].map((n) => {
      const entry = entryByName(n);
      if (!entry) throw new Error(n);
      return entry;
    });
    const count = (addRecordingOnce: boolean) => {
      const counter = new AnalysisCounter(entries, Date.UTC(2026, 0, 15), { addRecordingOnce });
      counter.add(songs);
      return Object.fromEntries(
        counter.result(true).map((r) => [r.preferenceName, r.numberOfSongsApplicable]),
      );
    };
    expect(count(false)).toEqual({
      Rock: 5,
      "1990s": 5,
      "2010s": 1,
      Everything: 6,
      "Latest 50 Liked Songs": 6,
    });
    expect(count(true)).toEqual({
      Rock: 4,
      "1990s": 4,
      "2010s": 1,
      Everything: 4,
      "Latest 50 Liked Songs": 4,
    });
  });
});
