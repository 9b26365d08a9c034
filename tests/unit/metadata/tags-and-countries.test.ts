// MusicBrainz tags through the catalogue's genre rules, ISO countries to nationalities, and which source wins.
import { describe, expect, test } from "bun:test";
import { categoriesOf, genresOf, subgenresOf } from "../../../src/server/library/classify.ts";
import { tagsToGenreStrings, tagToGenreString } from "../../../src/server/metadata/tags.ts";
import { countryNationalities, nationalityOfCountry } from "../../../src/shared/catalogue/countries.ts";
import { nationalityNames } from "../../../src/shared/catalogue/nationalities.ts";

describe("tags to genre strings", () => {
  test("case, hyphens and spacing take the catalogue's spelling", () => {
    expect(tagToGenreString("Hip-Hop")).toBe("hip hop");
    expect(tagToGenreString("hiphop")).toBe("hip hop");
    expect(tagToGenreString("synth-pop")).toBe("synthpop");
    expect(tagToGenreString("Synth Pop")).toBe("synthpop");
    expect(tagToGenreString("  Indie   Rock ")).toBe("indie rock");
    expect(tagToGenreString("danish hip-hop")).toBe("danish hip hop");
  });

  test("mapped tags reach genres and subgenres through the same rules as Spotify's genres", () => {
    const strings = tagsToGenreStrings(["Hip-Hop", "synth-pop", "seen live"]);
    expect(genresOf(strings)).toEqual(expect.arrayContaining(["Hip Hop", "Pop", "Electronic"]));
    expect(subgenresOf(strings)).toEqual(expect.arrayContaining(["hip hop", "synthpop"]));
    expect(genresOf(["seen live"])).toEqual([]);
  });
});

describe("countries to nationalities", () => {
  test("every one of the 34 nationalities but Scottish has a country; codes in any case", () => {
    const covered = new Set(Object.values(countryNationalities));
    expect(nationalityNames.filter((n) => !covered.has(n))).toEqual(["Scottish"]);
    expect(nationalityOfCountry("DK")).toBe("Danish");
    expect(nationalityOfCountry("dk")).toBe("Danish");
    expect(nationalityOfCountry("NZ")).toBe("Kiwi");
    expect(nationalityOfCountry("US")).toBeNull();
    expect(nationalityOfCountry(null)).toBeNull();
  });

  test("a country adds its nationality to those of the genre strings, in catalogue order", () => {
    const facts = { artistGenres: ["swedish pop"], releaseDate: "2001", features: null };
    expect(categoriesOf({ ...facts, artistCountries: ["DK"] }).nationalities).toEqual(["Danish", "Swedish"]);
    expect(categoriesOf({ ...facts, artistCountries: ["SE", "US"] }).nationalities).toEqual(["Swedish"]);
    expect(categoriesOf({ ...facts, artistCountries: [] }).nationalities).toEqual(["Swedish"]);
  });
});

describe("a tempo alone", () => {
  test("a Deezer bpm places the song by tempo but in no mood", () => {
    const features = {
      tempo: 128,
      energy: null,
      valence: null,
      danceability: null,
      acousticness: null,
      instrumentalness: null,
      speechiness: null,
    };
    const categories = categoriesOf({ artistGenres: [], releaseDate: null, features });
    expect(categories.tempo).toBe("Fast (111-160 BPM)");
    expect(categories.moods).toEqual([]);
  });
});
