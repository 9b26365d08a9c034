// Why Crate takes each song out of a playlist, as the playlist's activity says it: pushed past a limit, aged out
// of a window, a new sample, an unlike, an edit of the rule, an exclusion, a correction.
import { describe, expect, test } from "bun:test";
import { planWithChoices } from "../../../src/server/distribution/plan/listener-choices.ts";
import { indexByCategory } from "../../../src/server/distribution/plan/preference-plan.ts";
import { everySong } from "../../../src/shared/rules/model.ts";
import { likedWithinDays } from "../../../src/shared/rules/parts.ts";
import { ctx, day, ids, library, plan, playlist, pref, start } from "./plan-support.ts";

const reasonsOf = (work: { removes: string[]; removeReasons?: readonly (string | null)[] } | undefined) =>
  Object.fromEntries((work?.removes ?? []).map((id, i) => [id, work?.removeReasons?.[i] ?? null]));

describe("removal reasons", () => {
  test("Latest N: pushed past the limit by newer likes; an unliked song for the unlike", () => {
    const songs = library(53);
    const current = ids(songs.slice(0, 50)).reverse();
    // t10 was unliked: no longer among the considered songs, which Crate judges
    const liked = songs.filter((s) => s.trackId !== "t10").map((s, rank) => ({ ...s, rank }));
    const known = new Set(ids(liked));
    const p = pref("Latest 50 Liked Songs", "LatestLikedSongs", {
      playlists: [playlist({ songCount: 50, currentSongs: current })],
    });
    const works = plan(p, liked, ctx({ known: (id) => known.has(id) }));
    const reasons = Object.assign({}, ...works.map(reasonsOf));
    expect(reasons).toEqual({ t0: "limit", t1: "limit", t10: "unliked" });
  });

  test("a window of days: songs that aged out of it", () => {
    const songs = library(30);
    const now = start + 29 * day + 1;
    const rule = { ...everySong(), criteria: [{ number: 1, parts: [likedWithinDays(10)] }] };
    const p = {
      ...pref("Everything", "Miscellaneous"),
      rule,
      playlists: [playlist({ songCount: 12, currentSongs: ids(songs.slice(18)) })],
    };
    const [work] = plan(p, songs, ctx({ now, known: () => true }));
    expect(reasonsOf(work)).toEqual({ t18: "window", t19: "window" });
  });

  test("a new random sample replaces the last one", () => {
    const songs = library(300);
    const p = pref("50 Random Songs - Updated Daily", "Randomized", {
      playlists: [playlist({ currentSongs: ["t1", "t2"], samplePeriod: "2026-01-14" })],
    });
    const [work] = plan(p, songs);
    expect(reasonsOf(work)).toEqual({ t1: "sample", t2: "sample" });
  });

  test("an edit of the rule: held songs that no longer pass", () => {
    const songs = library(10, (i) => (i < 5 ? ["Rock"] : ["Jazz"]));
    const p = pref("Rock", "Genre", {
      playlists: [playlist({ songCount: 7, currentSongs: ids(songs.slice(0, 7)) })],
      everAdded: new Set(ids(songs.slice(0, 7))),
      reconcile: "match",
    });
    const works = plan(p, songs, ctx({ known: () => true }));
    expect(Object.assign({}, ...works.map(reasonsOf))).toEqual({ t5: "ruleChanged", t6: "ruleChanged" });
  });

  test("an exclusion, and a correction that takes a song out", () => {
    const songs = library(6, () => ["Rock"]);
    const corrected = { ...(songs[4] as (typeof songs)[number]), categories: [], corrected: true };
    const all = [...songs.slice(0, 4), corrected, songs[5] as (typeof songs)[number]];
    const p = pref("Rock", "Genre", {
      playlists: [playlist({ songCount: 6, currentSongs: ids(songs) })],
      everAdded: new Set(ids(songs)),
    });
    const works = planWithChoices(
      p,
      all,
      indexByCategory(all),
      ctx(),
      {
        playlists: [{ id: "p1", held: ids(songs) }],
        excluded: new Set(["t1"]),
        belongs: (song) => song.categories.includes("Rock"),
      },
      new Map(all.map((s) => [s.trackId, s])),
    );
    expect(Object.assign({}, ...works.map(reasonsOf))).toEqual({ t1: "exclusion", t4: "correction" });
  });

  test("a song excluded from a Latest N is said to leave for the exclusion, not the limit", () => {
    const songs = library(50);
    const current = ids(songs).reverse();
    const p = pref("Latest 50 Liked Songs", "LatestLikedSongs", {
      playlists: [playlist({ songCount: 50, currentSongs: current })],
    });
    const works = planWithChoices(
      p,
      songs,
      indexByCategory(songs),
      ctx({ known: () => true }),
      { playlists: [{ id: "p1", held: current }], excluded: new Set(["t20"]) },
      new Map(),
    );
    expect(Object.assign({}, ...works.map(reasonsOf))).toEqual({ t20: "exclusion" });
  });
});
