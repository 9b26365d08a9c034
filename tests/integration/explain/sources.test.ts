// Reasons for songs whose facts came from the open sources (a development-mode Spotify app of 2026 gives no
// genres and no audio features): genres from MusicBrainz tags, features from ReccoBeats, a tempo alone from
// Deezer — each reason naming the source that really placed the song, checked against the emulators' world.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { tempoNames } from "../../../src/shared/catalogue/index.ts";
import { call, distributeAndWait, type Listener, signIn } from "../distribution/support.ts";
import { expectedTempo, type MetadataHarness, startMetadataHarness } from "../metadata/support.ts";

let h: MetadataHarness;
let listener: Listener;
const GENRES = ["Rock", "Pop", "Electronic", "Hip Hop"];
const MOODS = ["Chill", "Upbeat", "Party"];

interface Song {
  trackId: string;
  reasons: { text: string; source: string; asOf: string | null }[];
}

const songsOf = async (name: string): Promise<Song[]> => {
  const answer = await call(
    h,
    listener.cookie,
    "GET",
    `/api/playlists/${encodeURIComponent(name)}/songs?limit=500`,
  );
  expect(answer.status).toBe(200);
  return answer.body.songs as Song[];
};

beforeAll(async () => {
  h = await startMetadataHarness();
  listener = await signIn(h, "explain-sources", 200, 11);
  await distributeAndWait(h, listener, [...tempoNames, ...GENRES, ...MOODS]);
  await h.settled();
  while (h.crate.deps.work.isBusy(listener.userId)) await Bun.sleep(20);
}, 120_000);
afterAll(async () => {
  await h.dispose();
});

describe("reasons from the open sources", () => {
  test("genres from MusicBrainz tags", async () => {
    const songs = (await Promise.all(GENRES.map(songsOf))).flat();
    expect(songs.length).toBeGreaterThan(0);
    for (const song of songs) {
      expect(song.reasons[0]?.source).toBe("musicbrainz");
      expect(song.reasons[0]?.text).toMatch(
        /^Genre .+: the artist's genres include '.+' \(MusicBrainz tags, /,
      );
      expect(song.reasons[0]?.asOf).not.toBeNull();
    }
  });

  test("tempo from ReccoBeats or Deezer, with the BPM the first source that knows the song gives", async () => {
    const sources = new Set<string>();
    for (const band of tempoNames) {
      for (const song of await songsOf(band)) {
        const reason = song.reasons[0];
        expect(["reccobeats", "deezer"]).toContain(reason?.source ?? "");
        sources.add(reason?.source ?? "");
        const bpm = Math.round(expectedTempo(song.trackId) ?? Number.NaN);
        const label = reason?.source === "deezer" ? "Deezer" : "ReccoBeats";
        expect(reason?.text).toStartWith(`${band}: ${bpm} BPM (${label}, `);
      }
    }
    expect(sources.has("reccobeats")).toBe(true);
  });

  test("moods from ReccoBeats' audio features", async () => {
    const songs = (await Promise.all(MOODS.map(songsOf))).flat();
    expect(songs.length).toBeGreaterThan(0);
    for (const song of songs) {
      expect(song.reasons[0]?.source).toBe("reccobeats");
      expect(song.reasons[0]?.text).toEndWith("(audio features from ReccoBeats)");
    }
  });
});
