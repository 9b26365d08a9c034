import { describe, expect, test } from "bun:test";
import {
  categoriesOf,
  classifyTrack,
  decadeOf,
  decadeStartOf,
  genreStringFacts,
  genresOf,
  moodsOf,
  nationalitiesOf,
  subgenresOf,
  tempoBandOf,
} from "../../../src/server/library/classify.ts";
import type { FeatureFacts } from "../../../src/shared/audio-features.ts";
import { entryByName } from "../../../src/shared/catalogue/index.ts";

const features = (values: Partial<FeatureFacts>): FeatureFacts => ({
  tempo: 120,
  energy: 0.5,
  valence: 0.5,
  danceability: 0.5,
  acousticness: 0.5,
  instrumentalness: 0,
  speechiness: 0.05,
  ...values,
});

describe("genresOf", () => {
  test.each([
    [["indie rock"], ["Indie", "Rock"]],
    [["danish pop"], ["Pop"]],
    [["k-pop"], ["K-Pop"]],
    [["k-pop girl group"], ["K-Pop"]],
    [["j-pop"], ["J-Pop"]],
    [["j-rock"], ["Rock"]],
    [["trip hop"], ["Electronic"]],
    [["hip hop"], ["Hip Hop"]],
    [["east coast hip hop"], ["Hip Hop"]],
    [["uk drill"], ["Hip Hop", "Rap"]],
    [["trap"], ["Trap"]],
    [["r&b"], ["RnB"]],
    [["contemporary r&b"], ["RnB"]],
    [["rhythm and blues"], ["RnB"]],
    [["alternative r&b"], ["Alternative", "RnB"]],
    [["neo soul"], ["RnB", "Soul"]],
    [["new jack swing"], ["RnB"]],
    [["edm"], ["EDM", "Electronic"]],
    [["drum and bass"], ["Drum and Bass", "Electronic"]],
    [["liquid funk"], ["Drum and Bass", "Electronic"]],
    [["dnb"], ["Drum and Bass", "Electronic"]],
    [["deep house"], ["Electronic", "House"]],
    [["dub techno"], ["Electronic", "Techno"]],
    [["singer-songwriter"], ["Singer-Songwriter"]],
    [["soundtrack"], ["Soundtrack"]],
    [["video game music"], ["Soundtrack"]],
    [["anime score"], ["J-Pop", "Soundtrack"]],
    [["pop punk"], ["Pop", "Punk"]],
    [["post-punk"], ["Punk"]],
    [["alt z"], ["Alternative"]],
    [["bedroom pop"], ["Pop"]],
    [["rockabilly"], ["Rock"]],
    [["lovers rock"], ["Reggae"]],
    [["dancehall"], ["Reggae"]],
    [["reggaeton"], ["Latin", "Reggaeton"]],
    [["trap latino"], ["Latin", "Trap"]],
    [["tropical house"], ["Electronic", "House"]],
    [["emo rap"], ["Emo", "Rap"]],
    [["metalcore"], ["Metal"]],
    [["bossa nova"], ["Jazz"]],
    [["acoustic pop"], ["Acoustic", "Pop"]],
    [["classical"], ["Classical"]],
    [["early romantic era"], ["Classical"]],
    [["disco house"], ["Disco", "Electronic", "House"]],
    [["melodic dubstep"], ["Dubstep", "Electronic"]],
    [["dance pop"], ["Dance", "Pop"]],
    [["southern gospel"], ["Gospel"]],
    [["contemporary country"], ["Country"]],
    [["indie folk"], ["Folk", "Indie"]],
    [["p funk"], ["Funk"]],
    [["blues rock"], ["Blues", "Rock"]],
  ])("%p → %p", (genres, expected) => {
    const actual: string[] = genresOf(genres);
    expect(actual).toEqual(expected);
  });

  test("keywords match whole words only", () => {
    expect(genresOf(["trap"])).not.toContain("Rap");
    expect(genresOf(["dancehall"])).not.toContain("Dance");
    expect(genresOf(["indietronica"])).toContain("Indie");
  });

  test("union over artists, in catalogue order, without duplicates", () => {
    expect(genresOf(["modern rock", "alternative metal", "nu metal", "rap metal"])).toEqual([
      "Alternative",
      "Metal",
      "Rap",
      "Rock",
    ]);
  });

  test("no genres, unknown genres, odd spacing and case", () => {
    expect(genresOf([])).toEqual([]);
    expect(genresOf(["sleep", "escape room"])).toEqual([]);
    expect(genresOf(["  Indie   Rock "])).toEqual(["Indie", "Rock"]);
  });
});

describe("nationalitiesOf", () => {
  test.each([
    [["argentine rock"], ["Argentine"]],
    [["kiwi rock"], ["Kiwi"]],
    [["taiwan pop"], ["Taiwan"]],
    [["taiwan indie"], ["Taiwan"]],
    [["ukrainian pop"], ["Ukrainian"]],
    [["uk hip hop"], ["British"]],
    [["uk drill"], ["British"]],
    [["british soul"], ["British"]],
    [["new wave of british heavy metal"], ["British"]],
    [["scottish indie"], ["British", "Scottish"]],
    [["k-pop"], ["Korean"]],
    [["k-indie"], ["Korean"]],
    [["korean r&b"], ["Korean"]],
    [["j-pop"], ["Japanese"]],
    [["japanese singer-songwriter"], ["Japanese"]],
    [["danish pop"], ["Danish"]],
    [["dansk pop"], ["Danish"]],
    [["classic danish pop"], ["Danish"]],
    [["svensk indie"], ["Swedish"]],
    [["swedish pop"], ["Swedish"]],
    [["norsk lovsang"], ["Norwegian"]],
    [["c-pop"], ["Chinese"]],
    [["mandopop"], ["Chinese"]],
    [["toronto rap"], ["Canadian"]],
    [["mpb"], ["Brazilian"]],
    [["greek pop"], ["Greek"]],
    [["french house"], ["French"]],
    [["nz hip hop"], ["Kiwi"]],
  ])("%p → %p", (genres, expected) => {
    const actual: string[] = nationalitiesOf(genres);
    expect(actual).toEqual(expected);
  });

  test("no nationality without a marker; markers are whole words", () => {
    expect(nationalitiesOf(["indie rock", "edm", "pop"])).toEqual([]);
    expect(nationalitiesOf(["indie"])).not.toContain("Indian");
    expect(nationalitiesOf(["dark trap"])).toEqual([]);
    expect(nationalitiesOf(["funk"])).toEqual([]);
  });
});

describe("subgenresOf", () => {
  test("only the catalogue's strings, exactly", () => {
    expect(subgenresOf(["indie rock", "danish pop", "made up genre"])).toEqual(["indie rock", "danish pop"]);
    expect(subgenresOf(["Indie Rock"])).toEqual(["indie rock"]);
    expect(subgenresOf([])).toEqual([]);
  });
});

describe("decadeOf", () => {
  test("release dates of every precision", () => {
    expect(decadeOf("1997")).toBe("1990s");
    expect(decadeOf("1997-06")).toBe("1990s");
    expect(decadeOf("1997-06-23")).toBe("1990s");
    expect(decadeOf("1940-01-01")).toBe("1940s");
    expect(decadeOf("2029-12-31")).toBe("2020s");
    expect(decadeStartOf("2011-05-02")).toBe(2010);
  });

  test("before the 1940s, missing or malformed: no decade", () => {
    expect(decadeOf("1939-12-31")).toBeNull();
    expect(decadeOf("0000")).toBeNull();
    expect(decadeOf(null)).toBeNull();
    expect(decadeOf("")).toBeNull();
    expect(decadeOf("unknown")).toBeNull();
    expect(decadeOf("2030")).toBeNull();
  });
});

describe("tempoBandOf", () => {
  test("rounds to the nearest whole BPM first", () => {
    expect(tempoBandOf(50.6)).toBe("Slow (51-70 BPM)");
    expect(tempoBandOf(50.4)).toBe("Very Slow (1-50 BPM)");
    expect(tempoBandOf(0.6)).toBe("Very Slow (1-50 BPM)");
    expect(tempoBandOf(70.49)).toBe("Slow (51-70 BPM)");
    expect(tempoBandOf(70.5)).toBe("Midtempo (71-110 BPM)");
    expect(tempoBandOf(110.4)).toBe("Midtempo (71-110 BPM)");
    expect(tempoBandOf(111)).toBe("Fast (111-160 BPM)");
    expect(tempoBandOf(160.5)).toBe("Very Fast (161+ BPM)");
    expect(tempoBandOf(171.005)).toBe("Very Fast (161+ BPM)");
  });

  test("0, missing or not a number: no band", () => {
    expect(tempoBandOf(0)).toBeNull();
    expect(tempoBandOf(0.4)).toBeNull();
    expect(tempoBandOf(null)).toBeNull();
    expect(tempoBandOf(undefined)).toBeNull();
    expect(tempoBandOf(Number.NaN)).toBeNull();
    expect(tempoBandOf(-5)).toBeNull();
  });
});

describe("moodsOf", () => {
  // Audio features of well-known tracks, as the Web API reported them.
  const shapeOfYou = features({
    tempo: 95.977,
    energy: 0.652,
    valence: 0.931,
    danceability: 0.825,
    acousticness: 0.581,
    instrumentalness: 0,
    speechiness: 0.0802,
  });
  const blindingLights = features({
    tempo: 171.005,
    energy: 0.73,
    valence: 0.334,
    danceability: 0.514,
    acousticness: 0.00146,
    instrumentalness: 0.0000954,
    speechiness: 0.0598,
  });
  const someoneLikeYou = features({
    tempo: 67.696,
    energy: 0.321,
    valence: 0.288,
    danceability: 0.556,
    acousticness: 0.893,
    instrumentalness: 0,
    speechiness: 0.028,
  });
  const aroundTheWorld = features({
    tempo: 121.294,
    energy: 0.795,
    valence: 0.841,
    danceability: 0.956,
    acousticness: 0.0036,
    instrumentalness: 0.889,
    speechiness: 0.153,
  });
  const killingInTheName = features({
    tempo: 88.785,
    energy: 0.917,
    valence: 0.662,
    danceability: 0.466,
    acousticness: 0.0255,
    instrumentalness: 0.0000109,
    speechiness: 0.301,
  });

  test("a track may have several moods", () => {
    expect(moodsOf(shapeOfYou)).toEqual(["Party", "Upbeat"]);
    expect(moodsOf(someoneLikeYou)).toEqual(["Chill", "Moody"]);
    expect(moodsOf(aroundTheWorld)).toEqual(["Beats", "Party", "Upbeat"]);
    expect(moodsOf(killingInTheName)).toEqual(["High Energy"]);
  });

  test("or none", () => {
    expect(moodsOf(blindingLights)).toEqual([]);
    expect(moodsOf(null)).toEqual([]);
  });

  test("thresholds are inclusive and a missing feature fails its condition", () => {
    expect(moodsOf(features({ energy: 0.8, acousticness: 0.4 }))).toContain("High Energy");
    expect(moodsOf(features({ energy: 0.799, acousticness: 0.4 }))).not.toContain("High Energy");
    expect(moodsOf(features({ energy: null, valence: 0.1 }))).toEqual([]);
  });
});

describe("classifyTrack", () => {
  test("names of every group the track belongs to, all of them catalogue entries", () => {
    const names = classifyTrack({
      artistGenres: ["danish pop", "dansk pop", "scandipop"],
      releaseDate: "2019-03-01",
      features: features({ tempo: 50.6, energy: 0.3, valence: 0.2, speechiness: 0.03 }),
    });
    expect(names).toEqual(["Moody", "Pop", "2010s", "Danish", "Slow (51-70 BPM)", "danish pop", "dansk pop"]);
    for (const name of names) expect(entryByName(name)).toBeDefined();
  });

  test("k-pop is K-Pop and Korean; trip hop is not Hip Hop", () => {
    expect(classifyTrack({ artistGenres: ["k-pop"], releaseDate: null, features: null })).toEqual([
      "K-Pop",
      "Korean",
      "k-pop",
    ]);
    expect(classifyTrack({ artistGenres: ["trip hop"], releaseDate: null, features: null })).toEqual([
      "Electronic",
      "trip hop",
    ]);
  });

  test("no genres, no features, only a release year", () => {
    expect(classifyTrack({ artistGenres: [], releaseDate: "1975", features: null })).toEqual(["1970s"]);
    expect(classifyTrack({ artistGenres: [], releaseDate: null, features: null })).toEqual([]);
    expect(
      categoriesOf({ artistGenres: ["uk drill"], releaseDate: "1930", features: features({ tempo: 0 }) }),
    ).toMatchObject({ decade: null, decadeStartYear: null, tempo: null, nationalities: ["British"] });
  });

  test("fast enough for a run of 20,000 tracks", () => {
    const genrePool = [
      "indie rock",
      "danish pop",
      "uk drill",
      "k-pop",
      "deep house",
      "neo soul",
      "kiwi rock",
    ];
    const tracks = Array.from({ length: 20_000 }, (_, index) => ({
      artistGenres: [
        genrePool[index % 7] ?? "pop",
        genrePool[(index * 3) % 7] ?? "rock",
        `made up ${index % 500}`,
      ],
      releaseDate: `${1940 + (index % 90)}-01-01`,
      features: features({ tempo: 40 + (index % 150), energy: (index % 100) / 100 }),
    }));
    const started = performance.now();
    let total = 0;
    for (const track of tracks) total += classifyTrack(track).length;
    const elapsed = performance.now() - started;
    expect(total).toBeGreaterThan(20_000);
    // Generous for a loaded 2-core machine; uncached regex matching of every string would be far slower.
    expect(elapsed).toBeLessThan(5_000);
  });

  test("results per genre string are computed once and cached", () => {
    expect(genreStringFacts("chamber pop")).toBe(genreStringFacts("chamber pop"));
    expect(genreStringFacts("chamber pop").genres).toEqual(["Pop"]);
  });
});
