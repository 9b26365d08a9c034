import { describe, expect, test } from "bun:test";
import { genreRules } from "../../../src/shared/catalogue/genres.ts";
import {
  allEntries,
  catalogue,
  combinationPage,
  compareNames,
  entryByName,
  type GroupId,
  groupById,
  groupBySlug,
  iconNames,
} from "../../../src/shared/catalogue/index.ts";
import { moodFeatures, moodRules } from "../../../src/shared/catalogue/moods.ts";
import { nationalityRules } from "../../../src/shared/catalogue/nationalities.ts";
import { tempoBands } from "../../../src/shared/catalogue/tempo.ts";

const namesOf = (group: GroupId) => groupById(group)?.entries.map((entry) => entry.name) ?? [];

describe("catalogue groups", () => {
  test("groups come in the spec's order with their ids, slugs and 1-based order", () => {
    expect(catalogue.map((group) => [group.group, group.slug, group.order])).toEqual([
      ["Mood", "mood", 1],
      ["Genre", "genre", 2],
      ["Decade", "decade", 3],
      ["Nationality", "nationality", 4],
      ["Tempo", "tempo", 5],
      ["Subgenre", "subgenre", 6],
      ["LikedAt", "liked-at", 7],
      ["Randomized", "randomized", 8],
      ["LatestLikedSongs", "latest-liked-songs", 9],
      ["Miscellaneous", "miscellaneous", 10],
    ]);
  });

  test("entry counts", () => {
    expect(namesOf("Mood")).toHaveLength(6);
    expect(namesOf("Genre")).toHaveLength(35);
    expect(namesOf("Nationality")).toHaveLength(34);
    expect(namesOf("Tempo")).toHaveLength(5);
    expect(namesOf("Decade")).toHaveLength(9);
    expect(namesOf("Subgenre").length).toBeGreaterThanOrEqual(400);
    expect(namesOf("LikedAt")).toHaveLength(5);
    expect(namesOf("Randomized")).toHaveLength(2);
    expect(namesOf("LatestLikedSongs")).toHaveLength(4);
    expect(namesOf("Miscellaneous")).toHaveLength(4);
  });

  test("genres and nationalities run from Acoustic to Trap and Argentine to Ukrainian", () => {
    const genres = namesOf("Genre");
    expect(genres[0]).toBe("Acoustic");
    expect(genres.at(-1)).toBe("Trap");
    for (const name of ["Drum and Bass", "Hip Hop", "J-Pop", "K-Pop", "RnB", "Singer-Songwriter", "EDM"]) {
      expect(genres).toContain(name);
    }
    const nationalities = namesOf("Nationality");
    expect(nationalities[0]).toBe("Argentine");
    expect(nationalities.at(-1)).toBe("Ukrainian");
    expect(nationalities).toContain("Kiwi");
    expect(nationalities).toContain("Taiwan");
  });

  test("fixed names of contract.md", () => {
    expect(namesOf("Mood")).toEqual(["Beats", "Chill", "High Energy", "Moody", "Party", "Upbeat"]);
    expect(namesOf("Decade")).toEqual([
      "1940s",
      "1950s",
      "1960s",
      "1970s",
      "1980s",
      "1990s",
      "2000s",
      "2010s",
      "2020s",
    ]);
    expect(namesOf("Tempo")).toEqual([
      "Very Slow (1-50 BPM)",
      "Slow (51-70 BPM)",
      "Midtempo (71-110 BPM)",
      "Fast (111-160 BPM)",
      "Very Fast (161+ BPM)",
    ]);
    expect(namesOf("LatestLikedSongs")).toEqual([
      "Latest 50 Liked Songs",
      "Latest 100 Liked Songs",
      "Latest 200 Liked Songs",
      "Latest 500 Liked Songs",
    ]);
    expect(namesOf("Randomized")).toEqual([
      "50 Random Songs - Updated Daily",
      "200 Random Songs - Updated Weekly",
    ]);
    expect(namesOf("Miscellaneous")).toEqual([
      "Everything",
      "Partitions of 50 Songs",
      "Partitions of 100 Songs",
      "Partitions of 200 Songs",
    ]);
    expect(namesOf("LikedAt")).toEqual([
      "Liked in Month",
      "Liked in Month - Starting From Current Month",
      "Liked in Season - Northern Hemisphere",
      "Liked in Season - Southern Hemisphere",
      "Liked in Year",
    ]);
  });

  test("premium gating: Liked At, Randomized, Latest Liked Songs and Miscellaneous only", () => {
    const premium = catalogue.filter((group) => group.premiumOnly).map((group) => group.group);
    expect(premium).toEqual(["LikedAt", "Randomized", "LatestLikedSongs", "Miscellaneous"]);
    for (const group of catalogue) {
      for (const entry of group.entries) {
        expect(entry.premiumOnly).toBe(group.premiumOnly);
        expect(entry.group).toBe(group.group);
      }
    }
    expect(combinationPage.premiumOnly).toBe(true);
  });

  test("icons are from the fixed set and examples are 2-4 names of the group's entries", () => {
    for (const group of catalogue) {
      expect(iconNames).toContain(group.iconName);
      expect(group.examples.length).toBeGreaterThanOrEqual(2);
      expect(group.examples.length).toBeLessThanOrEqual(4);
      const names = group.entries.map((entry) => entry.name);
      for (const example of group.examples) expect(names).toContain(example);
    }
  });

  test("catalogue pages: every group but Subgenre, plus the combination pseudo-group", () => {
    const slugs = catalogue.filter((group) => group.hasPage).map((group) => group.slug);
    expect(slugs).toEqual([
      "mood",
      "genre",
      "decade",
      "nationality",
      "tempo",
      "liked-at",
      "randomized",
      "latest-liked-songs",
      "miscellaneous",
    ]);
    expect(groupBySlug("subgenre")).toBeUndefined();
    expect(groupBySlug("liked-at")?.group).toBe("LikedAt");
    expect(combinationPage.slug).toBe("combination");
  });
});

describe("entry kinds", () => {
  test("each entry tells the distribution engine what it is", () => {
    expect(entryByName("High Energy")?.kind).toEqual({ type: "mood", mood: "High Energy" });
    expect(entryByName("Hip Hop")?.kind).toEqual({ type: "genre", genre: "Hip Hop" });
    expect(entryByName("indie rock")?.kind).toEqual({ type: "subgenre", subgenre: "indie rock" });
    expect(entryByName("1990s")?.kind).toEqual({ type: "decade", startYear: 1990 });
    expect(entryByName("Kiwi")?.kind).toEqual({ type: "nationality", nationality: "Kiwi" });
    expect(entryByName("Slow (51-70 BPM)")?.kind).toEqual({ type: "tempo", band: "Slow (51-70 BPM)" });
    expect(entryByName("Liked in Month - Starting From Current Month")?.kind).toEqual({
      type: "likedAt",
      period: "monthFromSelection",
    });
    expect(entryByName("Liked in Season - Southern Hemisphere")?.kind).toEqual({
      type: "likedAt",
      period: "seasonSouth",
    });
    expect(entryByName("50 Random Songs - Updated Daily")?.kind).toEqual({
      type: "random",
      size: 50,
      period: "day",
    });
    expect(entryByName("200 Random Songs - Updated Weekly")?.kind).toEqual({
      type: "random",
      size: 200,
      period: "week",
    });
    expect(entryByName("Latest 500 Liked Songs")?.kind).toEqual({ type: "latest", size: 500 });
    expect(entryByName("Everything")?.kind).toEqual({ type: "everything" });
    expect(entryByName("Partitions of 100 Songs")?.kind).toEqual({ type: "partition", size: 100 });
  });

  test("entryByName: exact name first, then case-insensitive in catalogue order", () => {
    expect(entryByName("drum and bass")?.group).toBe("Subgenre");
    expect(entryByName("Drum and Bass")?.group).toBe("Genre");
    expect(entryByName("DRUM AND BASS")?.group).toBe("Genre");
    expect(entryByName("everything")?.name).toBe("Everything");
    expect(entryByName("No Such Playlist")).toBeUndefined();
  });

  test("entry names are unique (case-sensitively)", () => {
    const names = allEntries.map((entry) => entry.name);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe("ordering", () => {
  test("tempo sorts by its first number", () => {
    const tempo = namesOf("Tempo");
    const firstNumbers = tempo.map((name) => Number(/\d+/.exec(name)?.[0]));
    expect(firstNumbers).toEqual([1, 51, 71, 111, 161]);
  });

  test("numeric-aware alphabetical order", () => {
    expect(["Latest 200", "Latest 100", "Latest 50"].sort(compareNames)).toEqual([
      "Latest 50",
      "Latest 100",
      "Latest 200",
    ]);
    expect(["Everything 10", "Everything 2", "Everything"].sort(compareNames)).toEqual([
      "Everything",
      "Everything 2",
      "Everything 10",
    ]);
    expect(["Partitions of 50 Songs 12", "Partitions of 50 Songs 3"].sort(compareNames)).toEqual([
      "Partitions of 50 Songs 3",
      "Partitions of 50 Songs 12",
    ]);
    expect(compareNames("rock", "Rock")).toBe(0);
    expect(compareNames("alt z", "Blues")).toBeLessThan(0);
  });

  test("every group except Tempo is sorted with compareNames", () => {
    for (const group of catalogue) {
      if (group.group === "Tempo") continue;
      const names = group.entries.map((entry) => entry.name);
      expect(names).toEqual([...names].sort(compareNames));
    }
  });
});

describe("rule tables", () => {
  test("one rule per genre, nationality, mood and tempo band, in catalogue order", () => {
    const ruleNames = (names: readonly string[]) => [...names];
    expect(ruleNames(genreRules.map((rule) => rule.genre))).toEqual(namesOf("Genre"));
    expect(ruleNames(nationalityRules.map((rule) => rule.nationality))).toEqual(namesOf("Nationality"));
    expect(ruleNames(moodRules.map((rule) => rule.mood))).toEqual(namesOf("Mood"));
    expect(ruleNames(tempoBands.map((band) => band.name))).toEqual(namesOf("Tempo"));
  });

  test("mood thresholds use all six features and lie within 0..1", () => {
    const used = new Set(moodRules.flatMap((rule) => rule.conditions.map((condition) => condition.feature)));
    expect([...used].sort()).toEqual([...moodFeatures].sort());
    for (const condition of moodRules.flatMap((rule) => rule.conditions)) {
      for (const bound of [condition.min, condition.max]) {
        if (bound !== undefined) expect(bound >= 0 && bound <= 1).toBe(true);
      }
    }
  });

  test("tempo bands are contiguous from 1 BPM up", () => {
    expect(tempoBands[0]?.min).toBe(1);
    for (let index = 1; index < tempoBands.length; index++) {
      expect(tempoBands[index]?.min).toBe((tempoBands[index - 1]?.max ?? 0) + 1);
    }
    expect(tempoBands.at(-1)?.max).toBe(Number.POSITIVE_INFINITY);
  });
});
