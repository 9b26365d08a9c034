import { describe, expect, test } from "bun:test";
import { genreStringFacts, markerPattern, wordsPattern } from "../../../src/server/library/classify.ts";
import { genreRules } from "../../../src/shared/catalogue/genres.ts";
import { compareNames } from "../../../src/shared/catalogue/index.ts";
import { nationalityRules } from "../../../src/shared/catalogue/nationalities.ts";
import { subgenres } from "../../../src/shared/catalogue/subgenres.ts";

/**
 * Subgenres that, on purpose, belong to no genre and no nationality: mood or function labels
 * (sleep, meditation), or scenes no genre rule fits without false matches elsewhere.
 */
const unclassifiedOnPurpose = ["escape room", "lo-fi", "meditation", "new age", "piano cover", "sleep"];

describe("subgenre list", () => {
  test("several hundred unique lower-case Spotify strings, sorted", () => {
    expect(subgenres.length).toBeGreaterThanOrEqual(400);
    expect(new Set(subgenres).size).toBe(subgenres.length);
    for (const name of subgenres) {
      expect(name).toBe(name.toLowerCase().trim());
      expect(name).toMatch(/^[a-z0-9&' -]+$/);
    }
    expect([...subgenres]).toEqual([...subgenres].sort(compareNames));
  });

  test("holds the strings the product talks about", () => {
    for (const name of [
      "indie rock",
      "danish pop",
      "kiwi rock",
      "taiwan indie",
      "drum and bass",
      "modern rock",
      "alt z",
      "bedroom pop",
      "neo soul",
      "k-pop",
      "uk drill",
      "argentine rock",
      "taiwan pop",
      "ukrainian pop",
      "uk hip hop",
    ]) {
      expect(subgenres).toContain(name);
    }
  });

  test("every genre keyword is covered by at least one subgenre", () => {
    const uncovered = genreRules.flatMap((rule) =>
      rule.keywords
        .filter((keyword) => !subgenres.some((name) => wordsPattern([keyword]).test(name)))
        .map((keyword) => `${rule.genre}: ${keyword}`),
    );
    expect(uncovered).toEqual([]);
  });

  test("every nationality marker is covered by at least one subgenre", () => {
    const uncovered = nationalityRules.flatMap((rule) =>
      rule.markers
        .filter((marker) => !subgenres.some((name) => markerPattern([marker]).test(name)))
        .map((marker) => `${rule.nationality}: ${marker}`),
    );
    expect(uncovered).toEqual([]);
  });

  test("every genre and every nationality has subgenres", () => {
    const genres = new Set(subgenres.flatMap((name) => genreStringFacts(name).genres));
    const nationalities = new Set(subgenres.flatMap((name) => genreStringFacts(name).nationalities));
    expect(genres.size).toBe(35);
    expect(nationalities.size).toBe(34);
  });

  test("every subgenre classifies into a genre or a nationality, except the documented few", () => {
    const unclassified = subgenres.filter((name) => {
      const facts = genreStringFacts(name);
      return facts.genres.length === 0 && facts.nationalities.length === 0;
    });
    expect(unclassified).toEqual(unclassifiedOnPurpose);
  });
});
