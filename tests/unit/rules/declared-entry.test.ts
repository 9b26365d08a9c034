// A catalogue entry is its declaration: "Liked on Monday", declared here in a test catalogue with a part of its
// own, is planned, counted and explained by the one engine with no change anywhere else.
import { describe, expect, test } from "bun:test";
import { AnalysisCounter } from "../../../src/server/analysis/count.ts";
import { indexByCategory, planPreference } from "../../../src/server/distribution/plan/preference-plan.ts";
import type { PlaylistTarget } from "../../../src/server/playlists/playlist-target.ts";
import { reasonsInPlaylist } from "../../../src/server/playlists/song-reasons.ts";
import type { CatalogueEntry } from "../../../src/shared/catalogue/index.ts";
import { type Part, ruleOf } from "../../../src/shared/rules/model.ts";
import { ctx, day, ids, library, start } from "../distribution/plan-support.ts";

const weekday = (ms: number, timeZone: string) =>
  new Intl.DateTimeFormat("en-US", { timeZone, weekday: "short" }).format(ms);

const likedOnMonday: Part = {
  fact: "liked",
  text: "liked on a Monday",
  label: "Liked on Monday",
  matches: (song, moment) => weekday(song.likedAt, moment.timeZone) === "Mon",
};

/** The test catalogue: one entry more, declared in one place. */
const testCatalogue: CatalogueEntry[] = [
  {
    name: "Liked on Monday",
    group: "LikedAt",
    premiumOnly: true,
    kind: { type: "declared" },
    rule: ruleOf(likedOnMonday),
  },
];
const [entry] = testCatalogue as [CatalogueEntry];

// 2025-01-01 is a Wednesday: songs t5, t12, t19 were liked on Mondays (UTC).
const songs = library(21);
const mondays = ["t5", "t12", "t19"];

describe("an entry declared in a test catalogue", () => {
  test("is planned: its playlist gets the songs liked on a Monday, in like order", () => {
    const input = {
      name: entry.name,
      rule: entry.rule,
      selectedAt: start,
      playlists: [],
      everAdded: new Set<string>(),
    };
    const [work] = planPreference(input, songs, indexByCategory(songs), ctx());
    expect(ids(work?.adds ?? [])).toEqual(mondays);
    expect(work?.target).toEqual({ bucket: "", sequence: 1, name: "Liked on Monday" });
  });

  test("is planned in the listener's zone: in Los Angeles, Tuesday's midnight likes fall on Monday afternoon", () => {
    const input = {
      name: entry.name,
      rule: entry.rule,
      selectedAt: start,
      playlists: [],
      everAdded: new Set<string>(),
    };
    const [work] = planPreference(
      input,
      songs,
      indexByCategory(songs),
      ctx({ timeZone: "America/Los_Angeles" }),
    );
    // a like at 00:00 UTC on Tuesday is 16:00 on Monday in Los Angeles
    expect(ids(work?.adds ?? [])).toEqual(["t6", "t13", "t20"]);
  });

  test("is counted by the analysis", () => {
    const counter = new AnalysisCounter(testCatalogue, start + 30 * day);
    counter.add(songs.slice(0, 10));
    counter.add(songs.slice(10));
    expect(counter.result(true)).toEqual([{ preferenceName: "Liked on Monday", numberOfSongsApplicable: 3 }]);
  });

  test("is explained: the reason names the part and the like it met", () => {
    const target: PlaylistTarget = {
      name: "Liked on Monday",
      source: "predefined",
      preferenceKey: entry.name,
      entry,
      combination: null,
      rule: entry.rule,
      row: null,
      rows: [],
      paused: false,
    };
    const track = {
      releaseDate: null,
      fetchedAt: start,
      features: null,
      featuresSource: null,
      featuresFetchedAt: null,
      tempoSource: null,
      tempoAsOf: null,
      artists: [],
    };
    const monday = start + 5 * day + 9 * 3_600_000;
    expect(
      reasonsInPlaylist(target, { track, likedAt: monday, timeZone: "UTC", now: start + 30 * day }),
    ).toEqual([
      {
        text: "Liked on Monday: liked on 6 January 2025 at 09:00 your time",
        source: "listener",
        asOf: new Date(monday).toISOString(),
      },
    ]);
    // a song that does not meet it was placed earlier
    expect(reasonsInPlaylist(target, { track, likedAt: start, timeZone: "UTC", now: start })[0]?.source).toBe(
      "crate",
    );
  });
});
