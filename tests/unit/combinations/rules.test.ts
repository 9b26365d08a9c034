// Evaluation of combinations on songs classified from real Spotify genre strings, and catalogue spellings.
import { describe, expect, test } from "bun:test";
import { classifyTrack } from "../../../src/server/library/classify.ts";
import type { FeatureFacts } from "../../../src/shared/audio-features.ts";
import {
  type CriterionDraft,
  canonicalCriteria,
  combinationMatcher,
  filterCount,
  genreOptions,
  isEmptyCriterion,
  matchesCriterion,
  resolveGenre,
} from "../../../src/shared/combinations/rules.ts";

const energetic: FeatureFacts = {
  tempo: 124,
  energy: 0.9,
  valence: 0.8,
  danceability: 0.8,
  acousticness: 0.1,
  instrumentalness: 0,
  speechiness: 0.05,
};
const calm: FeatureFacts = {
  tempo: 80,
  energy: 0.3,
  valence: 0.6,
  danceability: 0.4,
  acousticness: 0.8,
  instrumentalness: 0.1,
  speechiness: 0.04,
};

/** Songs as Crate classifies them: from their artists' genre strings, release date and audio features. */
const songs = {
  danishIndie1996: classifyTrack({
    artistGenres: ["danish indie rock", "dansk pop"],
    releaseDate: "1996-05-01",
    features: calm,
  }),
  ukHipHop2004: classifyTrack({
    artistGenres: ["uk hip hop", "grime"],
    releaseDate: "2004",
    features: energetic,
  }),
  tripHop1998: classifyTrack({ artistGenres: ["trip hop"], releaseDate: "1998-01", features: calm }),
  kpop2019: classifyTrack({ artistGenres: ["k-pop"], releaseDate: "2019-01-01", features: energetic }),
  liquidDnb2011: classifyTrack({
    artistGenres: ["drum and bass", "liquid funk"],
    releaseDate: "2011-03-04",
    features: null,
  }),
  rap2003: classifyTrack({
    artistGenres: ["east coast hip hop", "rap"],
    releaseDate: "2003-02-02",
    features: null,
  }),
  rock1975: classifyTrack({
    artistGenres: ["classic rock", "album rock"],
    releaseDate: "1975",
    features: null,
  }),
};
type SongName = keyof typeof songs;

function matching(criteria: CriterionDraft[]): SongName[] {
  const matches = combinationMatcher(criteria);
  return (Object.keys(songs) as SongName[]).filter((name) => matches(songs[name]));
}

describe("a criterion is AND over its parts, its genres OR", () => {
  test("Rock or Rap, and also 2000s", () => {
    expect(matching([{ genres: ["Rock", "Rap"], decade: 2000 }])).toEqual(["ukHipHop2004", "rap2003"]);
  });

  test("one genre alone takes every decade", () => {
    expect(matching([{ genres: ["Rock"] }])).toEqual(["danishIndie1996", "rock1975"]);
  });

  test("trip hop is not Hip Hop; it is Electronic", () => {
    expect(matching([{ genres: ["Hip Hop"] }])).toEqual(["ukHipHop2004", "rap2003"]);
    expect(matching([{ genres: ["Electronic"], decade: 1990 }])).toEqual(["tripHop1998"]);
  });

  test("nationality and mood restrict further", () => {
    expect(matching([{ genres: ["Pop", "Rock"], nationality: "Danish" }])).toEqual(["danishIndie1996"]);
    expect(matching([{ genres: ["Hip Hop"], nationality: "British", mood: "High Energy" }])).toEqual([
      "ukHipHop2004",
    ]);
    expect(matching([{ nationality: "Korean", mood: "Chill" }])).toEqual([]);
    expect(matching([{ mood: "Chill", decade: 1990 }])).toEqual(["danishIndie1996", "tripHop1998"]);
  });

  test("a song without audio features has no mood, so a mood part never matches it", () => {
    expect(matchesCriterion(songs.liquidDnb2011, { genres: ["Drum and Bass"] })).toBe(true);
    for (const mood of ["Beats", "Chill", "High Energy", "Moody", "Party", "Upbeat"])
      expect(matchesCriterion(songs.liquidDnb2011, { genres: ["Drum and Bass"], mood })).toBe(false);
  });

  test("subgenres are exact Spotify strings; the genre and the subgenre of one spelling differ", () => {
    expect(matching([{ genres: ["liquid funk"] }])).toEqual(["liquidDnb2011"]);
    expect(matching([{ genres: ["drum and bass"] }])).toEqual(["liquidDnb2011"]);
    expect(matching([{ genres: ["grime", "k-pop"] }])).toEqual(["ukHipHop2004", "kpop2019"]);
    expect(matching([{ genres: ["classic rock"], decade: 1970 }])).toEqual(["rock1975"]);
    expect(matching([{ genres: ["classic rock"], decade: 1980 }])).toEqual([]);
  });

  test("an empty criterion matches nothing", () => {
    expect(matching([{}])).toEqual([]);
    expect(matching([{ genres: [], decade: null, mood: "", nationality: null }])).toEqual([]);
    expect(isEmptyCriterion({ genres: [" "] })).toBe(true);
  });
});

describe("a combination is OR over its criteria", () => {
  test("a song matching any criterion belongs, each once, in song order", () => {
    expect(
      matching([{ genres: ["K-Pop"] }, { genres: ["Rock"], decade: 1970 }, { nationality: "Danish" }, {}]),
    ).toEqual(["danishIndie1996", "kpop2019", "rock1975"]);
  });

  test("no criteria, no songs", () => {
    expect(matching([])).toEqual([]);
  });
});

describe("catalogue spellings", () => {
  test("exact names win; otherwise case is ignored, genres before subgenres", () => {
    expect(resolveGenre("Drum and Bass")).toBe("Drum and Bass");
    expect(resolveGenre("drum and bass")).toBe("drum and bass");
    expect(resolveGenre("DRUM AND BASS")).toBe("Drum and Bass");
    expect(resolveGenre("hip hop")).toBe("hip hop");
    expect(resolveGenre("HIP HOP")).toBe("Hip Hop");
    expect(resolveGenre(" Indie Rock ")).toBe("indie rock");
    expect(resolveGenre("not a genre")).toBeNull();
  });

  test("the picker lists the 35 genres first, then every subgenre", () => {
    expect(genreOptions.filter((option) => option.kind === "genre")).toHaveLength(35);
    expect(genreOptions[0]).toEqual({ name: "Acoustic", kind: "genre" });
    expect(genreOptions.length).toBeGreaterThan(300);
  });

  test("criteria are canonicalised: spellings, no duplicate genres, no empty criteria, renumbered", () => {
    const result = canonicalCriteria([
      { criterionNumber: 3, genres: ["ROCK", "rock", "Rock"], mood: "chill" },
      { criterionNumber: 1 },
      { criterionNumber: 2, decade: 1990, nationality: "danish" },
    ]);
    expect(result).toEqual({
      criteria: [
        { criterionNumber: 1, genres: [], decade: 1990, mood: null, nationality: "Danish" },
        { criterionNumber: 2, genres: ["Rock", "rock"], decade: null, mood: "Chill", nationality: null },
      ],
    });
  });

  test("an unknown genre, mood, nationality or decade is reported", () => {
    expect(canonicalCriteria([{ genres: ["Rock", "Polka Fusion"] }])).toEqual({
      unknown: { part: "genre", value: "Polka Fusion" },
    });
    expect(canonicalCriteria([{ decade: 1930 }])).toEqual({ unknown: { part: "decade", value: "1930" } });
    expect(canonicalCriteria([{ decade: 1995 }])).toEqual({ unknown: { part: "decade", value: "1995" } });
    expect(canonicalCriteria([{ mood: "Sleepy" }])).toEqual({ unknown: { part: "mood", value: "Sleepy" } });
    expect(canonicalCriteria([{ nationality: "Martian" }])).toEqual({
      unknown: { part: "nationality", value: "Martian" },
    });
  });

  test("filters are counted one per genre and one per other part", () => {
    expect(filterCount({ genres: ["Rock", "Pop"], decade: 1990, mood: "Chill", nationality: "Danish" })).toBe(
      5,
    );
    expect(filterCount({})).toBe(0);
  });
});
