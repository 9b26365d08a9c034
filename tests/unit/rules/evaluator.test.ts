// The one evaluator: every part, criteria joined by "or" and "and also", exceptions, every order, the arrangement,
// the sentence, and every catalogue entry declared as a rule that does what the entry did.
import { describe, expect, test } from "bun:test";
import {
  allEntries,
  decadePart,
  genrePart,
  moodPart,
  nationalityPart,
  subgenrePart,
  tempoBandPart,
} from "../../../src/shared/catalogue/index.ts";
import { likedAtBucketFor } from "../../../src/shared/catalogue/liked-at.ts";
import {
  admittedBySplit,
  heldCount,
  isRolling,
  periodBucket,
  rewritePeriod,
} from "../../../src/shared/rules/arrangement.ts";
import { describeRule } from "../../../src/shared/rules/describe.ts";
import {
  failedPart,
  indexByCategory,
  metCriteria,
  passes,
  passingSongs,
} from "../../../src/shared/rules/evaluate.ts";
import {
  everySong,
  plainArrangement,
  type Rule,
  ruleOf,
  type SongFacts,
  type songOrders,
} from "../../../src/shared/rules/model.ts";
import { comparatorOf, inOrder } from "../../../src/shared/rules/order.ts";
import {
  byArtists,
  inPlaylist,
  likedBetween,
  likedWithinDays,
  oneOf,
  releasedIn,
  tempoIn,
} from "../../../src/shared/rules/parts.ts";

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 0, 15, 12);
const utc = { now: NOW, timeZone: "UTC" };
let next = 0;
const song = (over: Partial<SongFacts> = {}): SongFacts => ({
  trackId: `t${next}`,
  likedAt: NOW - DAY,
  rank: next++,
  categories: [],
  ...over,
});

describe("parts", () => {
  test("a category part: the classification holds the name", () => {
    expect(genrePart("Rock").matches(song({ categories: ["Rock", "Pop"] }), utc)).toBe(true);
    expect(genrePart("Rock").matches(song({ categories: ["Pop"] }), utc)).toBe(false);
    expect(subgenrePart("indie rock").matches(song({ categories: ["Rock", "indie rock"] }), utc)).toBe(true);
    expect(decadePart(1990).matches(song({ categories: ["1990s"] }), utc)).toBe(true);
    expect(moodPart("Chill").matches(song({ categories: ["Party"] }), utc)).toBe(false);
    expect(nationalityPart("Danish").matches(song({ categories: ["Danish"] }), utc)).toBe(true);
    expect(
      tempoBandPart("Fast (111-160 BPM)").matches(song({ categories: ["Fast (111-160 BPM)"] }), utc),
    ).toBe(true);
  });

  test("one of several: any option", () => {
    const either = oneOf([genrePart("Rock"), genrePart("Rap")]);
    expect(either.text).toBe("Rock or Rap");
    expect(either.matches(song({ categories: ["Rap"] }), utc)).toBe(true);
    expect(either.matches(song({ categories: ["Jazz"] }), utc)).toBe(false);
    expect(either.categories).toEqual(["Rock", "Rap"]);
  });

  test("released in a range of years, inclusive; a year alone or a year and month counts; unknown never", () => {
    const nineties = releasedIn(1994, 1999);
    expect(nineties.text).toBe("released 1994-1999");
    for (const releaseDate of ["1994", "1994-05", "1999-12-31", "1996-07-01"])
      expect(nineties.matches(song({ releaseDate }), utc)).toBe(true);
    for (const releaseDate of ["1993-12-31", "2000", null, "soon"])
      expect(nineties.matches(song({ releaseDate }), utc)).toBe(false);
    expect(releasedIn(2010, null).matches(song({ releaseDate: "2026-01-01" }), utc)).toBe(true);
    expect(releasedIn(null, 1969).matches(song({ releaseDate: "1970" }), utc)).toBe(false);
  });

  test("tempo in whole BPM, rounded first, inclusive; an unknown tempo never matches", () => {
    const band = tempoIn(120, 130);
    expect(band.text).toBe("120-130 BPM");
    expect(band.matches(song({ tempo: 119.5 }), utc)).toBe(true);
    expect(band.matches(song({ tempo: 130.4 }), utc)).toBe(true);
    expect(band.matches(song({ tempo: 130.5 }), utc)).toBe(false);
    expect(band.matches(song({ tempo: null }), utc)).toBe(false);
    expect(tempoIn(null, 60).matches(song({ tempo: 0.2 }), utc)).toBe(false);
    expect(tempoIn(170, null).text).toBe("170 BPM or faster");
  });

  test("liked within the last N days of the update: it rolls", () => {
    const recent = likedWithinDays(30);
    expect(recent.rolling).toBe(true);
    expect(recent.matches(song({ likedAt: NOW - 29 * DAY }), utc)).toBe(true);
    expect(recent.matches(song({ likedAt: NOW - 30 * DAY }), utc)).toBe(false);
    // the same like a day later has aged out
    expect(recent.matches(song({ likedAt: NOW - 29.5 * DAY }), { ...utc, now: NOW + DAY })).toBe(false);
  });

  test("liked between two days of the listener's calendar", () => {
    const march = likedBetween("2025-03-01", "2025-03-31");
    const auckland = { now: NOW, timeZone: "Pacific/Auckland" };
    // 31 March 20:00 UTC is 1 April 09:00 in Auckland
    const lateMarchUtc = song({ likedAt: Date.UTC(2025, 2, 31, 20) });
    expect(march.matches(lateMarchUtc, utc)).toBe(true);
    expect(march.matches(lateMarchUtc, auckland)).toBe(false);
    // 28 February 12:00 UTC is 1 March 01:00 in Auckland
    const lateFebruaryUtc = song({ likedAt: Date.UTC(2025, 1, 28, 12) });
    expect(march.matches(lateFebruaryUtc, utc)).toBe(false);
    expect(march.matches(lateFebruaryUtc, auckland)).toBe(true);
    expect(likedBetween("2025-03-01", null).matches(song({ likedAt: NOW }), utc)).toBe(true);
    expect(likedBetween(null, "2025-03-01").matches(song({ likedAt: NOW }), utc)).toBe(false);
  });

  test("by one of the artists; in one of the listener's playlists", () => {
    expect(byArtists(["a1", "a2"]).matches(song({ artistIds: ["a9", "a2"] }), utc)).toBe(true);
    expect(byArtists(["a1"]).matches(song({ artistIds: ["a9"] }), utc)).toBe(false);
    expect(byArtists(["a1"]).matches(song({}), utc)).toBe(false);
    expect(inPlaylist("p1", "Road Trip").text).toBe("in your playlist 'Road Trip'");
    expect(inPlaylist("p1").matches(song({ playlists: new Set(["p1"]) }), utc)).toBe(true);
    expect(inPlaylist("p1").matches(song({ playlists: new Set(["p2"]) }), utc)).toBe(false);
  });
});

describe("criteria", () => {
  const rockNineties = { number: 1, parts: [genrePart("Rock"), decadePart(1990)] };
  const jazz = { number: 2, parts: [genrePart("Jazz")] };
  const rule: Rule = { ...plainArrangement, criteria: [rockNineties, jazz] };

  test('parts are joined by "and also", criteria by "or"; an empty criterion matches nothing', () => {
    expect(passes(rule, song({ categories: ["Rock", "1990s"] }), utc)).toBe(true);
    expect(passes(rule, song({ categories: ["Rock", "2000s"] }), utc)).toBe(false);
    expect(passes(rule, song({ categories: ["Jazz"] }), utc)).toBe(true);
    expect(
      passes({ ...rule, criteria: [{ number: 1, parts: [] }] }, song({ categories: ["Jazz"] }), utc),
    ).toBe(false);
    expect(passes(everySong(), song(), utc)).toBe(true);
  });

  test("criteria that exclude leave a song out", () => {
    const noDanish: Rule = { ...rule, except: [{ number: 1, parts: [nationalityPart("Danish")] }] };
    expect(passes(noDanish, song({ categories: ["Jazz", "Danish"] }), utc)).toBe(false);
    expect(passes(noDanish, song({ categories: ["Jazz"] }), utc)).toBe(true);
  });

  test("the criteria met and the part that fails", () => {
    const both = song({ categories: ["Rock", "1990s", "Jazz"] });
    expect(metCriteria(rule, both, utc).map((c) => c.number)).toEqual([1, 2]);
    expect(failedPart(rockNineties, song({ categories: ["Rock", "2000s"] }), utc)?.text).toBe(
      "from the 1990s",
    );
    expect(failedPart(rockNineties, song({ categories: ["Rock", "1990s"] }), utc)).toBeUndefined();
  });

  test("looked up by category or judged one by one, the same songs pass, in like order", () => {
    const songs = Array.from({ length: 200 }, (_, i) =>
      song({
        rank: i,
        likedAt: i,
        categories: [
          i % 3 === 0 ? "Rock" : "Pop",
          i % 4 === 0 ? "1990s" : "2000s",
          ...(i % 7 === 0 ? ["Jazz"] : []),
        ],
      }),
    );
    const index = indexByCategory(songs);
    for (const r of [rule, ruleOf(genrePart("Pop")), { ...rule, except: [jazz] }, everySong()]) {
      const looked = passingSongs(r, songs, utc, index).map((s) => s.trackId);
      expect(looked).toEqual(songs.filter((s) => passes(r, s, utc)).map((s) => s.trackId));
    }
  });
});

describe("orders", () => {
  const a = song({
    trackId: "a",
    rank: 0,
    likedAt: 1,
    releaseDate: "2001",
    tempo: 140,
    artistName: "beatles",
  });
  const b = song({
    trackId: "b",
    rank: 1,
    likedAt: 2,
    releaseDate: "1999-06",
    tempo: 90.4,
    artistName: "ABBA",
  });
  const c = song({ trackId: "c", rank: 2, likedAt: 3, releaseDate: null, tempo: null, artistName: null });
  const d = song({
    trackId: "d",
    rank: 3,
    likedAt: 4,
    releaseDate: "1999-06-01",
    tempo: 140,
    artistName: "Beatles",
  });
  const songs = [a, b, c, d];
  const order = (o: (typeof songOrders)[number]) => inOrder(songs, o, "seed").map((s) => s.trackId);

  test("each order; unknown values go after the others either way; ties in like order", () => {
    expect(order("liked")).toEqual(["a", "b", "c", "d"]);
    expect(order("likedNewestFirst")).toEqual(["d", "c", "b", "a"]);
    expect(order("released")).toEqual(["b", "d", "a", "c"]);
    expect(order("releasedNewestFirst")).toEqual(["a", "b", "d", "c"]);
    expect(order("tempo")).toEqual(["b", "a", "d", "c"]);
    expect(order("tempoFastestFirst")).toEqual(["a", "d", "b", "c"]);
    expect(order("artist")).toEqual(["b", "a", "d", "c"]);
  });

  test("a shuffle is one fixed order per seed, another for another period", () => {
    const many = Array.from({ length: 50 }, (_, i) => song({ trackId: `s${i}`, rank: i, likedAt: i }));
    const day1 = inOrder(many, "shuffleDaily", "u:Mix:2026-01-15").map((s) => s.trackId);
    expect(inOrder(many, "shuffleDaily", "u:Mix:2026-01-15").map((s) => s.trackId)).toEqual(day1);
    expect(inOrder(many, "shuffleDaily", "u:Mix:2026-01-16").map((s) => s.trackId)).not.toEqual(day1);
    expect([...day1].sort()).toEqual(many.map((s) => s.trackId).sort());
    expect(comparatorOf("shuffleWeekly", "x")(many[0] as SongFacts, many[0] as SongFacts)).toBe(0);
  });
});

describe("arrangement", () => {
  test("rolling: a limit, a sample, a window of days; a playlist that only grows otherwise", () => {
    expect(isRolling(everySong({ limit: 10 }))).toBe(true);
    expect(isRolling(everySong({ sample: { size: 5, period: "day" } }))).toBe(true);
    expect(isRolling(ruleOf(likedWithinDays(7)))).toBe(true);
    expect(isRolling(ruleOf(genrePart("Rock")))).toBe(false);
    expect(rewritePeriod(everySong({ order: "shuffleWeekly" }))).toBe("week");
    expect(rewritePeriod(everySong())).toBeNull();
    expect(heldCount(everySong({ limit: 10 }), 25)).toBe(10);
    expect(heldCount(everySong(), 25)).toBe(25);
  });

  test("the rule in one plain sentence", () => {
    const rule: Rule = {
      ...plainArrangement,
      criteria: [
        {
          number: 1,
          parts: [oneOf([genrePart("Rock"), genrePart("Rap")]), decadePart(2000), likedWithinDays(90)],
        },
      ],
      order: "likedNewestFirst",
      limit: 100,
    };
    expect(describeRule(rule)).toBe(
      "Rock or Rap from the 2000s, liked in the last 90 days, newest first, at most 100 songs",
    );
    expect(
      describeRule({
        ...plainArrangement,
        criteria: [
          { number: 1, parts: [genrePart("Rock"), releasedIn(1994, 1999), tempoIn(128, 128)] },
          { number: 2, parts: [moodPart("Chill")] },
        ],
        except: [{ number: 1, parts: [nationalityPart("Danish")] }],
        unliked: "remove",
      }),
    ).toBe("(Rock, released 1994-1999, 128 BPM) or Chill, except Danish, songs you unlike leave");
  });
});

describe("every catalogue entry is a rule that does what the entry does", () => {
  const classified = allEntries.filter((e) => e.rule.criteria !== null);
  const likes = Array.from({ length: 40 }, (_, i) =>
    song({ likedAt: Date.UTC(2025, 0, 1) + i * 9 * DAY, rank: i }),
  );

  test("Mood, Genre, Subgenre, Decade, Nationality and Tempo: the songs whose classification holds its name", () => {
    expect(
      classified
        .map((e) => e.group)
        .filter((g, i, all) => all.indexOf(g) === i)
        .sort(),
    ).toEqual(["Decade", "Genre", "Mood", "Nationality", "Subgenre", "Tempo"]);
    for (const entry of classified) {
      const others = allEntries
        .filter((e) => e.group === entry.group && e.name !== entry.name)
        .map((e) => e.name);
      expect(passes(entry.rule, song({ categories: [entry.name] }), utc)).toBe(true);
      expect(passes(entry.rule, song({ categories: others }), utc)).toBe(false);
      expect(isRolling(entry.rule)).toBe(false);
    }
  });

  test("Liked At: every like, one playlist per period in the listener's zone", () => {
    for (const entry of allEntries.filter((e) => e.group === "LikedAt")) {
      const period = entry.kind.type === "likedAt" ? entry.kind.period : "month";
      for (const like of likes) {
        expect(passes(entry.rule, like, utc)).toBe(true);
        expect(periodBucket(entry.rule.split, like.likedAt, "Pacific/Auckland")).toEqual(
          likedAtBucketFor(period, like.likedAt, "Pacific/Auckland"),
        );
      }
      const selected = Date.UTC(2025, 5, 10);
      const admitted = admittedBySplit(entry.rule.split, likes, selected, "UTC");
      expect(admitted.length).toBe(
        period === "monthFromSelection"
          ? likes.filter((l) => l.likedAt >= Date.UTC(2025, 5, 1)).length
          : likes.length,
      );
    }
  });

  test("Randomized, Latest N, Everything and Partitions", () => {
    const named = (name: string) => allEntries.find((e) => e.name === name)?.rule;
    expect(named("50 Random Songs - Updated Daily")?.sample).toEqual({ size: 50, period: "day" });
    expect(named("200 Random Songs - Updated Weekly")?.sample).toEqual({ size: 200, period: "week" });
    for (const size of [50, 100, 200, 500])
      expect(named(`Latest ${size} Liked Songs`)).toMatchObject({
        order: "likedNewestFirst",
        limit: size,
        unliked: "remove",
      });
    expect(named("Everything")).toMatchObject({ criteria: null, limit: null, sample: null, split: null });
    for (const size of [50, 100, 200])
      expect(named(`Partitions of ${size} Songs`)?.split).toEqual({ by: "parts", size });
    for (const entry of allEntries.filter((e) => e.rule.criteria === null))
      for (const like of likes) expect(passes(entry.rule, like, utc)).toBe(true);
  });
});
