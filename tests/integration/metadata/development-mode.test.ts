// A library on a development-mode Spotify app of 2026 (no audio features, no batch artists, artists without
// genres) fills Rock, Danish, Chill and Fast from ReccoBeats, MusicBrainz and Deezer; nothing is asked twice.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { classifyTrack, moodsOf, tempoBandOf } from "../../../src/server/library/classify.ts";
import {
  clearThrottles,
  distributeAndWait,
  type Listener,
  playlistsOf,
  signIn,
} from "../distribution/support.ts";
import { expectedTempo, type MetadataHarness, startMetadataHarness, world } from "./support.ts";

setDefaultTimeout(120_000);

const FAST = "Fast (111-160 BPM)";
const NAMES = ["Rock", "Danish", "Chill", FAST];
const withPostfix = (name: string) => `${name} - Managed Playlist`;

let h: MetadataHarness;
let listener: Listener;
beforeAll(async () => {
  h = await startMetadataHarness();
  listener = await signIn(h, "dev-listener", 400, 17);
});
afterAll(async () => {
  await h.dispose();
});

/** What an extended-quota app would place: Spotify's own genres and features, from the emulator's facts. */
function extendedCategories(trackId: string): string[] {
  const facts = h.spotify.control.track(trackId);
  if (!facts) throw new Error(`unknown track ${trackId}`);
  return classifyTrack({
    artistGenres: facts.artistGenres,
    releaseDate: facts.releaseDate,
    features: facts.features,
  });
}

const likedIds = () => h.spotify.control.likes(listener.id).map((l) => l.trackId);

describe("a development-mode library", () => {
  test("fills Rock, Danish, Chill and Fast; Spotify is asked a handful of times for data it no longer gives", async () => {
    await distributeAndWait(h, listener, NAMES);
    await h.settled();
    const playlists = playlistsOf(h, listener.id);
    for (const name of NAMES) expect(playlists.get(withPostfix(name))?.length ?? 0).toBeGreaterThan(0);

    // Chill: exactly the songs ReccoBeats knows that are Chill by their (Spotify-equal) features.
    const chill = new Set(playlists.get(withPostfix("Chill")));
    const w = world();
    const expectedChill = likedIds().filter((id) => {
      const known = w.reccoBeats(id);
      return known?.track.features && moodsOf(known.track.features).includes("Chill");
    });
    expect([...chill].sort()).toEqual(expectedChill.sort());

    // Fast: the tempo of the first source that knows the song.
    const expectedFast = likedIds().filter((id) => tempoBandOf(expectedTempo(id)) === FAST);
    expect([...(playlists.get(withPostfix(FAST)) ?? [])].sort()).toEqual(expectedFast.sort());

    // Rock and Danish: what an extended-quota app places, wherever MusicBrainz knows the artist.
    for (const name of ["Rock", "Danish"]) {
      const placed = new Set(playlists.get(withPostfix(name)));
      const extended = likedIds().filter((id) => extendedCategories(id).includes(name));
      const found = extended.filter((id) => placed.has(id));
      expect(found.length).toBeGreaterThanOrEqual(Math.floor(extended.length * 0.75));
    }

    const spotifyCalls = h.spotify.control.calls().counts;
    expect(spotifyCalls["GET /audio-features"] ?? 0).toBeLessThanOrEqual(1);
    expect(
      (spotifyCalls["GET /artists"] ?? 0) + (spotifyCalls["GET /artists/{id}"] ?? 0),
    ).toBeLessThanOrEqual(2);
  });

  test("the coverage says for each group how much of the library is classified", async () => {
    const res = await fetch(`${h.crate.url}/api/trpc/metadata.coverage`, {
      headers: { cookie: listener.cookie },
    });
    const coverage = (await res.json()).result.data as {
      songs: number;
      lookup: unknown;
      groups: { group: string; known: number; fillable: boolean }[];
    };
    expect(coverage.songs).toBe(likedIds().length);
    expect(coverage.lookup).toBeNull();
    for (const group of coverage.groups) {
      expect(group.fillable).toBe(true);
      expect(group.known).toBeGreaterThan(0);
      expect(group.known).toBeLessThanOrEqual(coverage.songs);
    }
    const mood = coverage.groups.find((g) => g.group === "Mood");
    expect(mood?.known).toBe(likedIds().filter((id) => world().reccoBeats(id)).length);
  });

  test("no rate limit is exceeded and every source is sent Crate's User-Agent", async () => {
    for (const source of ["reccobeats", "musicbrainz", "deezer"] as const) {
      const calls = await h.calls(source);
      expect(calls.total).toBeGreaterThan(0);
      expect(calls.violations).toBe(0);
      expect(calls.userAgents).toEqual([
        expect.stringMatching(/^Crate\/\d+\.\d+\.\d+ \( ops@crate\.example \)$/),
      ]);
    }
  });

  test("a second run asks no source anything; new likes ask only about what is new", async () => {
    await h.resetCalls();
    clearThrottles(h);
    await distributeAndWait(h, listener, NAMES);
    await h.settled();
    for (const source of ["reccobeats", "musicbrainz", "deezer"] as const)
      expect((await h.calls(source)).total).toBe(0);
    const spotifyCalls = h.spotify.control.calls().counts;
    expect(spotifyCalls["GET /audio-features"] ?? 0).toBe(0);
    expect(spotifyCalls["GET /artists/{id}"] ?? 0).toBe(0);

    h.spotify.control.like(listener.id, { count: 20 });
    clearThrottles(h);
    await distributeAndWait(h, listener, NAMES);
    await h.settled();
    expect((await h.calls("reccobeats")).total).toBe(1);
    expect((await h.calls("deezer")).total).toBeLessThanOrEqual(20);
  }, 120_000);
});
