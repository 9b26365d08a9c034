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

function trackFacts(trackId: string) {
  const facts = h.spotify.control.track(trackId);
  if (!facts) throw new Error(`unknown track ${trackId}`);
  return facts;
}

/**
 * The listener's artists MusicBrainz knows, from the emulators' facts: linked to their Spotify artist, or
 * credited (under their name) on a recording of one of their liked songs' ISRCs.
 */
function artistsMusicBrainzKnows(): Set<string> {
  const w = world();
  const knownArtists = new Set<string>();
  for (const id of likedIds()) {
    const facts = trackFacts(id);
    for (const artistId of facts.artistIds) {
      const artist = w.artistBySpotifyId(artistId);
      if (!artist) continue;
      const credited = w
        .recordingsOfIsrc(facts.isrc)
        .some((t) => t.artists.some((i) => w.mbArtist(i)?.name === artist.name));
      if (artist.spotifyLinked || credited) knownArtists.add(artistId);
    }
  }
  return knownArtists;
}

/** What an extended-quota app would place from the Spotify genres of the song's artists in `artists` alone. */
function categoriesFromArtists(trackId: string, artists: ReadonlySet<string>): string[] {
  const facts = trackFacts(trackId);
  const genres = facts.artistIds
    .filter((a) => artists.has(a))
    .flatMap((a) => {
      const index = world().catalogue.artistIndex.get(a);
      return index === undefined ? [] : (world().catalogue.artists[index]?.genres ?? []);
    });
  return classifyTrack({ artistGenres: genres, releaseDate: facts.releaseDate, features: facts.features });
}

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

    // Rock and Danish: exactly what an extended-quota app places from the genres of the artists MusicBrainz
    // knows; no song lands where an extended-quota app would not put it.
    const known = artistsMusicBrainzKnows();
    for (const name of ["Rock", "Danish"]) {
      const placed = [...(playlists.get(withPostfix(name)) ?? [])].sort();
      const expected = likedIds().filter((id) => categoriesFromArtists(id, known).includes(name));
      expect(placed).toEqual(expected.sort());
      for (const id of placed) expect(extendedCategories(id)).toContain(name);
    }
    // and every song whose artists MusicBrainz all knows is where an extended-quota app puts it
    const fullyKnown = likedIds().filter((id) => trackFacts(id).artistIds.every((a) => known.has(a)));
    expect(fullyKnown.length).toBeGreaterThan(likedIds().length / 2);
    for (const name of ["Rock", "Danish"]) {
      const placed = new Set(playlists.get(withPostfix(name)));
      const expected = fullyKnown.filter((id) => extendedCategories(id).includes(name));
      expect(fullyKnown.filter((id) => placed.has(id)).sort()).toEqual(expected.sort());
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
    const known = (group: string) => coverage.groups.find((g) => g.group === group)?.known;
    expect(known("Mood")).toBe(likedIds().filter((id) => world().reccoBeats(id)).length);
    expect(known("Tempo")).toBe(likedIds().filter((id) => expectedTempo(id) !== null).length);
    // genres: the songs with an artist MusicBrainz knows and has tags for (every song MusicBrainz can tell about)
    const artists = artistsMusicBrainzKnows();
    const tagged = likedIds().filter((id) =>
      trackFacts(id).artistIds.some(
        (a) =>
          artists.has(a) &&
          world()
            .artistBySpotifyId(a)
            ?.tags.some((t) => t.count > 0),
      ),
    );
    expect(known("Genre")).toBe(tagged.length);
    expect(known("Subgenre")).toBe(tagged.length);
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
