// The planner's handling of exclusions and corrections (pure): excluded songs are never planned and leave the
// playlists holding them; a corrected song leaves a playlist it no longer belongs to; nothing else is removed.
import { describe, expect, test } from "bun:test";
import { planCombinations } from "../../../src/server/distribution/combinations/combination-plan.ts";
import { choiceRemovals, withoutExcluded } from "../../../src/server/distribution/plan/listener-choices.ts";
import type {
  PlanContext,
  PlannedSong,
  PlaylistWork,
} from "../../../src/server/distribution/plan/preference-plan.ts";

const song = (trackId: string, rank: number, categories: string[], corrected = false): PlannedSong => ({
  trackId,
  likedAt: rank * 1000,
  rank,
  categories,
  corrected,
});
const songs = [
  song("a", 0, ["Rock"]),
  song("b", 1, ["Rock", "1990s"]),
  song("c", 2, ["Jazz"], true),
  song("d", 3, ["Rock"]),
];
const byId = new Map(songs.map((s) => [s.trackId, s]));
const ctx: PlanContext = { userId: "u", now: 0, capacity: 10_000, nameFor: (name) => name };

describe("exclusions", () => {
  test("excluded songs are left out of the considered songs; nothing excluded keeps the same list", () => {
    expect(withoutExcluded(songs, new Set(["b"])).map((s) => s.trackId)).toEqual(["a", "c", "d"]);
    expect(withoutExcluded(songs, new Set())).toBe(songs);
  });

  test("held excluded songs are removed once, in each playlist of the preference", () => {
    const works = choiceRemovals(
      "Rock",
      {
        playlists: [
          { id: "p1", held: ["a", "b"] },
          { id: "p2", held: ["d"] },
        ],
        excluded: new Set(["b", "d"]),
      },
      byId,
      [],
    );
    expect(works.map((w) => [w.target, w.removes, w.adds])).toEqual([
      [{ existingId: "p1" }, ["b"], []],
      [{ existingId: "p2" }, ["d"], []],
    ]);
  });

  test("a removal another work already plans is not planned twice", () => {
    const planned: PlaylistWork[] = [
      {
        preferenceName: "Latest",
        target: { existingId: "p1" },
        needsCreate: false,
        removes: ["b"],
        adds: [],
        addAtTop: true,
        entry: "Standard",
      },
    ];
    expect(
      choiceRemovals(
        "Latest",
        { playlists: [{ id: "p1", held: ["b"] }], excluded: new Set(["b"]) },
        byId,
        planned,
      ),
    ).toEqual([]);
  });
});

describe("corrections", () => {
  test("a corrected song that no longer belongs leaves; an uncorrected one never does", () => {
    const works = choiceRemovals(
      "Rock",
      {
        playlists: [{ id: "p1", held: ["a", "c"] }],
        excluded: new Set(),
        belongs: (s) => s.categories.includes("Rock"),
      },
      new Map([...byId, ["a", song("a", 0, ["Pop"])]]),
      [],
    );
    expect(works.map((w) => w.removes)).toEqual([["c"]]);
  });

  test("combinations: excluded songs are not added, and a corrected song that stopped matching leaves", () => {
    const combination = {
      id: "c1",
      playlistName: "Rock Nineties",
      criteria: [{ criterionNumber: 1, genres: ["Rock"], decade: null, mood: null, nationality: null }],
      everAdded: new Set(["c"]),
      playlists: [
        {
          id: "p9",
          bucket: "",
          sequence: 1,
          status: "active" as const,
          hasSpotifyPlaylist: true,
          songCount: 1,
          samplePeriod: null,
          currentSongs: [],
        },
      ],
    };
    const choices = new Map([
      ["combination:c1", { playlists: [{ id: "p9", held: ["c"] }], excluded: new Set(["d"]) }],
    ]);
    const planned = planCombinations([combination], songs, ctx, choices, byId).map((p) => p.work);
    expect(planned.flatMap((w) => w.adds.map((s) => s.trackId))).toEqual(["a", "b"]);
    expect(planned.flatMap((w) => w.removes)).toEqual(["c"]);
  });
});
