import { describe, expect, test } from "bun:test";
import type { PlannedSong } from "../../../src/server/distribution/plan/preference-plan.ts";
import { ctx, ids, library, plan, playlist, pref } from "./plan-support.ts";

describe("regular kinds", () => {
  test("a classified playlist gets the songs that belong, oldest like first, in a new playlist", () => {
    const songs = library(10, (i) => (i % 3 === 0 ? ["Rock"] : ["Pop"]));
    const [work, ...rest] = plan(pref("Rock", "Genre"), songs);
    expect(rest).toHaveLength(0);
    expect(work?.target).toEqual({ bucket: "", sequence: 1, name: "Rock" });
    expect(work?.needsCreate).toBe(true);
    expect(ids(work?.adds ?? [])).toEqual(["t0", "t3", "t6", "t9"]);
    expect(work?.removes).toEqual([]);
  });

  test("songs added before are never added again, even when the user removed them", () => {
    const songs = library(5);
    const p = pref("Everything", "Miscellaneous", {
      playlists: [playlist({ songCount: 2 })],
      everAdded: new Set(["t0", "t1", "t3"]),
    });
    const [work] = plan(p, songs);
    expect(work?.target).toEqual({ existingId: "p1" });
    expect(work?.needsCreate).toBe(false);
    expect(ids(work?.adds ?? [])).toEqual(["t2", "t4"]);
  });

  test("nothing new means no work", () => {
    const songs = library(3);
    const p = pref("Everything", "Miscellaneous", {
      playlists: [playlist({ songCount: 3 })],
      everAdded: new Set(["t0", "t1", "t2"]),
    });
    expect(plan(p, songs)).toEqual([]);
  });

  test("a full playlist spills into numbered playlists at capacity", () => {
    const songs = library(9);
    const p = pref("Everything", "Miscellaneous", {
      playlists: [playlist({ songCount: 2, sequence: 1 })],
      everAdded: new Set(["t0", "t1"]),
    });
    const works = plan(p, songs, ctx({ capacity: 3 }));
    expect(works.map((w) => w.target)).toEqual([
      { existingId: "p1" },
      { bucket: "", sequence: 2, name: "Everything 2" },
      { bucket: "", sequence: 3, name: "Everything 3" },
    ]);
    expect(works.map((w) => ids(w.adds))).toEqual([["t2"], ["t3", "t4", "t5"], ["t6", "t7", "t8"]]);
  });

  test("a playlist the user deleted on Spotify is not recreated", () => {
    const p = pref("Everything", "Miscellaneous", {
      playlists: [playlist({ status: "vanished", songCount: 1 })],
    });
    expect(plan(p, library(4))).toEqual([]);
  });

  test("a playlist whose creation did not happen yet is created before songs are added", () => {
    const p = pref("Rock", "Genre", { playlists: [playlist({ hasSpotifyPlaylist: false })] });
    const [work] = plan(
      p,
      library(2, () => ["Rock"]),
    );
    expect(work?.needsCreate).toBe(true);
    expect(work?.target).toEqual({ existingId: "p1" });
  });
});

describe("liked at", () => {
  test("one playlist per month with likes", () => {
    const songs = library(70); // 2025-01-01 .. 2025-03-11
    const works = plan(pref("Liked in Month", "LikedAt"), songs);
    expect(works.map((w) => w.target)).toEqual([
      { bucket: "2025-01", sequence: 1, name: "Liked in January 2025" },
      { bucket: "2025-02", sequence: 1, name: "Liked in February 2025" },
      { bucket: "2025-03", sequence: 1, name: "Liked in March 2025" },
    ]);
    expect(works.map((w) => w.adds.length)).toEqual([31, 28, 11]);
  });

  test("Starting From Current Month only makes months from the month it was selected", () => {
    const songs = library(70);
    const p = pref("Liked in Month - Starting From Current Month", "LikedAt", {
      selectedAt: Date.UTC(2025, 1, 20),
    });
    expect(plan(p, songs).map((w) => (w.target as { bucket: string }).bucket)).toEqual([
      "2025-02",
      "2025-03",
    ]);
  });

  test("seasons split at December and take the year of their January", () => {
    const songs: PlannedSong[] = [
      { trackId: "nov", likedAt: Date.UTC(2024, 10, 30), rank: 0, categories: [] },
      { trackId: "dec", likedAt: Date.UTC(2024, 11, 1), rank: 1, categories: [] },
      { trackId: "feb", likedAt: Date.UTC(2025, 1, 28, 23), rank: 2, categories: [] },
      { trackId: "mar", likedAt: Date.UTC(2025, 2, 1), rank: 3, categories: [] },
    ];
    const north = plan(pref("Liked in Season - Northern Hemisphere", "LikedAt"), songs);
    expect(north.map((w) => [w.target, ids(w.adds)])).toEqual([
      [{ bucket: "2024-09", sequence: 1, name: "Liked in Autumn 2024 - Northern Hemisphere" }, ["nov"]],
      [
        { bucket: "2024-12", sequence: 1, name: "Liked in Winter 2024-2025 - Northern Hemisphere" },
        ["dec", "feb"],
      ],
      [{ bucket: "2025-03", sequence: 1, name: "Liked in Spring 2025 - Northern Hemisphere" }, ["mar"]],
    ]);
    const south = plan(pref("Liked in Season - Southern Hemisphere", "LikedAt"), songs);
    expect(south.map((w) => (w.target as { name: string }).name)).toEqual([
      "Liked in Spring 2024 - Southern Hemisphere",
      "Liked in Summer 2024-2025 - Southern Hemisphere",
      "Liked in Autumn 2025 - Southern Hemisphere",
    ]);
  });
});

describe("partitions", () => {
  test("cut in like order into parts of N", () => {
    const works = plan(pref("Partitions of 50 Songs", "Miscellaneous"), library(120));
    expect(
      works.map((w) => [(w.target as { bucket: string }).bucket, w.adds[0]?.trackId, w.adds.length]),
    ).toEqual([
      ["part-1", "t0", 50],
      ["part-2", "t50", 50],
      ["part-3", "t100", 20],
    ]);
  });

  test("new likes fill the last part, then open the next; a vanished last part is skipped", () => {
    const songs = library(130);
    const everAdded = new Set(ids(songs.slice(0, 120)));
    const filling = pref("Partitions of 50 Songs", "Miscellaneous", {
      everAdded,
      playlists: [
        playlist({ id: "a", bucket: "part-1", songCount: 50 }),
        playlist({ id: "b", bucket: "part-2", songCount: 50 }),
        playlist({ id: "c", bucket: "part-3", songCount: 20 }),
      ],
    });
    const works = plan(filling, songs);
    expect(works).toHaveLength(1);
    expect(works[0]?.target).toEqual({ existingId: "c" });
    expect(works[0]?.adds.length).toBe(10);

    const vanished = pref("Partitions of 50 Songs", "Miscellaneous", {
      everAdded,
      playlists: [playlist({ id: "c", bucket: "part-3", songCount: 20, status: "vanished" })],
    });
    const [next] = plan(vanished, songs);
    expect(next?.target).toEqual({ bucket: "part-4", sequence: 1, name: "Partitions of 50 Songs 4" });
  });
});

describe("latest N", () => {
  test("holds the N newest, newest first", () => {
    const [work] = plan(pref("Latest 50 Liked Songs", "LatestLikedSongs"), library(80));
    expect(work?.addAtTop).toBe(true);
    expect(ids(work?.adds ?? []).slice(0, 3)).toEqual(["t79", "t78", "t77"]);
    expect(work?.adds.length).toBe(50);
  });

  test("rolls: new likes go on top, the oldest drop out", () => {
    const songs = library(53);
    const current = ids(songs.slice(0, 50)).reverse(); // t49 … t0
    const p = pref("Latest 50 Liked Songs", "LatestLikedSongs", {
      playlists: [playlist({ songCount: 50, currentSongs: current })],
    });
    const [work] = plan(p, songs);
    expect(ids(work?.adds ?? [])).toEqual(["t52", "t51", "t50"]);
    expect(work?.addAtTop).toBe(true);
    expect(work?.removes).toEqual(["t2", "t1", "t0"]);
  });

  test("rebuilds when an older song comes back after a newer one was unliked", () => {
    const all = library(52);
    const current = ids(all.slice(2, 52)).reverse();
    const songs = all.filter((s) => s.trackId !== "t40").map((s, rank) => ({ ...s, rank }));
    const p = pref("Latest 50 Liked Songs", "LatestLikedSongs", {
      playlists: [playlist({ songCount: 50, currentSongs: current })],
    });
    const [work] = plan(p, songs);
    expect(work?.addAtTop).toBe(false);
    expect(work?.removes).toEqual(current);
    expect(ids(work?.adds ?? [])[49]).toBe("t1");
    expect(work?.adds.length).toBe(50);
  });
});

describe("random", () => {
  const songs = library(500);
  const daily = () => pref("50 Random Songs - Updated Daily", "Randomized");

  test("a seeded sample of the considered songs, same within the period", () => {
    const [a] = plan(daily(), songs);
    const [b] = plan(daily(), songs, ctx({ now: Date.UTC(2026, 0, 15, 23, 59) }));
    expect(a?.adds.length).toBe(50);
    expect(a?.entry).toBe("Randomized");
    expect(a?.samplePeriod).toBe("2026-01-15");
    expect(ids(a?.adds ?? [])).toEqual(ids(b?.adds ?? []));
    const ranks = (a?.adds ?? []).map((s) => s.rank);
    expect(ranks).toEqual([...ranks].sort((x, y) => x - y));
  });

  test("nothing to do within the period; replaced whole in the next", () => {
    const [first] = plan(daily(), songs);
    const current = ids(first?.adds ?? []);
    const existing = daily();
    existing.playlists = [playlist({ songCount: 50, samplePeriod: "2026-01-15", currentSongs: current })];
    expect(plan(existing, songs)).toEqual([]);
    const [next] = plan(existing, songs, ctx({ now: Date.UTC(2026, 0, 16, 0, 1) }));
    expect(next?.removes).toEqual(current);
    expect(next?.samplePeriod).toBe("2026-01-16");
    expect(ids(next?.adds ?? [])).not.toEqual(current);
  });

  test("weekly samples change with the ISO week", () => {
    const weekly = pref("200 Random Songs - Updated Weekly", "Randomized");
    const [mon] = plan(weekly, songs, ctx({ now: Date.UTC(2026, 0, 12) }));
    const [sun] = plan(weekly, songs, ctx({ now: Date.UTC(2026, 0, 18, 23) }));
    const [nextMon] = plan(weekly, songs, ctx({ now: Date.UTC(2026, 0, 19) }));
    expect(mon?.samplePeriod).toBe("2026-W03");
    expect(ids(mon?.adds ?? [])).toEqual(ids(sun?.adds ?? []));
    expect(ids(nextMon?.adds ?? [])).not.toEqual(ids(mon?.adds ?? []));
  });
});
