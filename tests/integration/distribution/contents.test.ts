// Playlist contents checked song by song against the emulator's library: free (newest 1000 only) and premium.
import { beforeAll, describe, expect, test } from "bun:test";
import { classifyTrack } from "../../../src/server/library/classify.ts";
import { type Listener, managed, setUpHarness } from "./support.ts";

const h = setUpHarness();

/** Catalogue entry names of a track from the emulator's own facts (independent of Crate's cache). */
function categoriesOf(trackId: string): string[] {
  const facts = h.spotify.control.track(trackId);
  if (!facts) throw new Error(`unknown track ${trackId}`);
  return classifyTrack({
    artistGenres: facts.artistGenres,
    releaseDate: facts.releaseDate,
    features: facts.features,
  });
}

function expectedByCategory(trackIds: string[]): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const id of trackIds) {
    for (const name of categoriesOf(id)) {
      const list = map.get(name) ?? [];
      list.push(id);
      map.set(name, list);
    }
  }
  return map;
}

describe("free listener", () => {
  let listener: Listener;
  let considered: string[];
  let chosen: string[];
  let expected: Map<string, string[]>;

  beforeAll(async () => {
    listener = await h.signIn("dist-free", 1_200);
    const likes = h.likesOldestFirst(listener.id).map((l) => l.trackId);
    considered = likes.slice(-1000);
    expected = expectedByCategory(considered);
    const largest = [...expected.entries()].sort((a, b) => b[1].length - a[1].length).map(([name]) => name);
    chosen = largest.slice(0, 14);
    // one entry that only the 200 oldest (not considered) songs could fill, if there is one
    const oldOnly = [...expectedByCategory(likes.slice(0, 200)).keys()].find((n) => !expected.has(n));
    if (oldOnly) chosen.push(oldOnly);
    await h.distributeAndWait(listener, chosen);
  }, 120_000);

  test("each playlist holds exactly the newest 1000 likes that belong, oldest like first", () => {
    const playlists = h.playlistsOf(listener.id);
    for (const name of chosen) {
      const want = expected.get(name);
      if (!want) {
        expect(playlists.has(managed(name))).toBe(false);
        continue;
      }
      expect(playlists.get(managed(name))).toEqual(want);
    }
    expect(playlists.size).toBe(chosen.filter((n) => expected.has(n)).length);
  });

  test("no song older than the newest 1000 is anywhere", () => {
    const older = new Set(
      h
        .likesOldestFirst(listener.id)
        .map((l) => l.trackId)
        .slice(0, 200),
    );
    for (const items of h.playlistsOf(listener.id).values()) {
      expect(items.filter((id) => older.has(id))).toEqual([]);
    }
  });
});

describe("premium listener", () => {
  let listener: Listener;
  let likes: { trackId: string; addedAt: string }[];
  const chosen = [
    "Everything",
    "Latest 50 Liked Songs",
    "Partitions of 200 Songs",
    "Liked in Month",
    "Liked in Year",
    "Liked in Season - Northern Hemisphere",
    "50 Random Songs - Updated Daily",
  ];

  beforeAll(async () => {
    listener = await h.premiumListener("dist-premium", 1_100);
    likes = h.likesOldestFirst(listener.id);
    await h.distributeAndWait(listener, chosen);
  }, 120_000);

  test("Everything holds every like in like order", () => {
    expect(h.playlistsOf(listener.id).get(managed("Everything"))).toEqual(likes.map((l) => l.trackId));
  });

  test("Latest 50 holds the 50 newest, newest first", () => {
    const want = likes
      .slice(-50)
      .map((l) => l.trackId)
      .reverse();
    expect(h.playlistsOf(listener.id).get(managed("Latest 50 Liked Songs"))).toEqual(want);
  });

  test("partitions cut the likes into parts of 200 in like order", () => {
    const playlists = h.playlistsOf(listener.id);
    const ids = likes.map((l) => l.trackId);
    const parts = Math.ceil(ids.length / 200);
    for (let part = 1; part <= parts; part++) {
      const want = ids.slice((part - 1) * 200, part * 200);
      expect(playlists.get(managed(`Partitions of 200 Songs ${part}`))).toEqual(want);
    }
    expect(playlists.has(managed(`Partitions of 200 Songs ${parts + 1}`))).toBe(false);
  });

  test("one playlist per month, year and season with likes", () => {
    const playlists = h.playlistsOf(listener.id);
    const monthNames = [
      "January",
      "February",
      "March",
      "April",
      "May",
      "June",
      "July",
      "August",
      "September",
      "October",
      "November",
      "December",
    ];
    const byMonth = new Map<string, string[]>();
    const byYear = new Map<string, string[]>();
    for (const like of likes) {
      const d = new Date(like.addedAt);
      const month = `Liked in ${monthNames[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
      byMonth.set(month, [...(byMonth.get(month) ?? []), like.trackId]);
      const year = `Liked in ${d.getUTCFullYear()}`;
      byYear.set(year, [...(byYear.get(year) ?? []), like.trackId]);
    }
    for (const [name, ids] of [...byMonth, ...byYear]) expect(playlists.get(managed(name))).toEqual(ids);
    const seasons = [...playlists.keys()].filter((n) => n.endsWith("Northern Hemisphere - Managed Playlist"));
    expect(seasons.length).toBeGreaterThan(0);
    expect(seasons.flatMap((n) => playlists.get(n) ?? []).sort()).toEqual(likes.map((l) => l.trackId).sort());
  });

  test("the daily random playlist holds 50 distinct liked songs in like order", () => {
    const items = h.playlistsOf(listener.id).get(managed("50 Random Songs - Updated Daily")) ?? [];
    expect(items).toHaveLength(50);
    expect(new Set(items).size).toBe(50);
    const order = new Map(likes.map((l, i) => [l.trackId, i]));
    const positions = items.map((id) => order.get(id) ?? -1);
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });
});
