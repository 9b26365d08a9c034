// The emulated catalogue carries every fact the shared catalogue classifies by.
import { describe, expect, test } from "bun:test";
import { DEFAULT_SEED } from "../../../src/emulators/spotify/index.ts";
import { buildCatalogue, type CatalogueTrack } from "../../../src/emulators/spotify/model/catalogue.ts";
import { catalogueGenreStrings } from "../../../src/emulators/spotify/model/catalogue-genres.ts";
import { buildGenrePool } from "../../../src/emulators/spotify/model/genre-pool.ts";
import { genreRules } from "../../../src/shared/catalogue/genres.ts";
import { moodRules } from "../../../src/shared/catalogue/moods.ts";
import { nationalityRules } from "../../../src/shared/catalogue/nationalities.ts";
import { subgenres } from "../../../src/shared/catalogue/subgenres.ts";
import { tempoBands } from "../../../src/shared/catalogue/tempo.ts";
import { testEmulator } from "./spotify-support.ts";

const catalogue = buildCatalogue(DEFAULT_SEED, buildGenrePool(catalogueGenreStrings()));
const tracks: CatalogueTrack[] = [];
for (let i = 0; i < catalogue.trackCount; i++) {
  const track = catalogue.track(i);
  if (track) tracks.push(track);
}
const artistGenres = new Set(catalogue.artists.flatMap((a) => a.genres));

const wholeWord = (text: string, word: string) => {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const tail = word.endsWith("-") ? "" : "(?=$|[ -])";
  return new RegExp(`(^|[ -])${escaped}${tail}`).test(text);
};

describe("catalogue", () => {
  test("about 4,000 artists and 40,000 tracks with Spotify-style ids", () => {
    expect(catalogue.artists).toHaveLength(4_000);
    expect(tracks).toHaveLength(40_000);
    expect(tracks.every((t) => /^[0-9A-Za-z]{22}$/.test(t.id))).toBe(true);
    expect(new Set(tracks.map((t) => t.id)).size).toBe(40_000);
    expect(tracks.every((t) => catalogue.trackIndexOf(t.id) === t.index)).toBe(true);
    expect(catalogue.trackIndexOf("0000000000000000000000")).toBeUndefined();
  });

  test("every subgenre is some artist's genre; every genre keyword and nationality marker is carried", () => {
    expect(subgenres.filter((s) => !artistGenres.has(s))).toEqual([]);
    const genres = [...artistGenres];
    const keywords = genreRules.flatMap((r) => r.keywords);
    expect(keywords.filter((k) => !genres.some((g) => wholeWord(g, k)))).toEqual([]);
    const markers = nationalityRules.flatMap((r) => r.markers);
    expect(markers.filter((m) => !genres.some((g) => wholeWord(g, m)))).toEqual([]);
  });

  test("some artists have no genres", () => {
    const without = catalogue.artists.filter((a) => a.genres.length === 0).length;
    expect(without).toBeGreaterThan(50);
    expect(without).toBeLessThan(600);
  });

  test("release dates span the 1940s to 2026 in all three precisions, with a few earlier", () => {
    const years = catalogue.albums.map((a) => Number(a.releaseDate.slice(0, 4)));
    for (let decade = 1940; decade <= 2020; decade += 10) {
      expect(years.some((y) => y >= decade && y < decade + 10)).toBe(true);
    }
    expect(years.some((y) => y < 1940)).toBe(true);
    expect(Math.max(...years)).toBe(2026);
    const shapes = { year: /^\d{4}$/, month: /^\d{4}-\d\d$/, day: /^\d{4}-\d\d-\d\d$/ };
    for (const [precision, shape] of Object.entries(shapes)) {
      const albums = catalogue.albums.filter((a) => a.precision === precision);
      expect(albums.length).toBeGreaterThan(20);
      expect(albums.every((a) => shape.test(a.releaseDate))).toBe(true);
    }
  });

  test("audio features span every mood and tempo band; some tracks have none", () => {
    const withFeatures = tracks.flatMap((t) => (t.features ? [t.features] : []));
    expect(tracks.length - withFeatures.length).toBeGreaterThan(100);
    for (const rule of moodRules) {
      const matching = withFeatures.filter((f) =>
        rule.conditions.every(
          (c) =>
            (c.min === undefined || f[c.feature] >= c.min) && (c.max === undefined || f[c.feature] <= c.max),
        ),
      );
      expect({ mood: rule.mood, enough: matching.length > 200 }).toEqual({ mood: rule.mood, enough: true });
    }
    for (const band of tempoBands) {
      const inBand = withFeatures.filter(
        (f) => Math.round(f.tempo) >= band.min && Math.round(f.tempo) <= band.max,
      );
      expect({ band: band.name, enough: inBand.length > 200 }).toEqual({ band: band.name, enough: true });
    }
    const tempos = withFeatures.map((f) => f.tempo);
    expect(Math.min(...tempos)).toBeGreaterThanOrEqual(40);
    expect(Math.max(...tempos)).toBeLessThanOrEqual(200);
    expect(tempos).toContain(50.6);
    expect(tempos.filter((t) => !Number.isInteger(t)).length).toBeGreaterThan(30_000);
  });

  test("the premium demo listener's likes reach every subgenre", () => {
    const emulator = testEmulator();
    const reached = new Set<string>();
    for (const like of emulator.control.likes("crate-premium")) {
      for (const genre of emulator.control.track(like.trackId)?.artistGenres ?? []) reached.add(genre);
    }
    emulator.close();
    expect(subgenres.filter((s) => !reached.has(s))).toEqual([]);
  });
});
