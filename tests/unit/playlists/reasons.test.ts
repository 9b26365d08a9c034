// The reason texts of every classified group and source, from the same per-string rules classification uses.
import { describe, expect, test } from "bun:test";
import { classifiedReason, type TrackEvidence } from "../../../src/server/playlists/reasons.ts";
import { featureFacts } from "../../../src/shared/audio-features.ts";
import { entryByName } from "../../../src/shared/catalogue/index.ts";
import { ageText, localDateTime } from "../../../src/shared/explain.ts";

const DAY = 24 * 3600_000;
const NOW = Date.UTC(2026, 10, 26, 12, 0);

const track = (over: Partial<TrackEvidence> = {}): TrackEvidence => ({
  releaseDate: "1994-05-02",
  fetchedAt: NOW - DAY,
  features: null,
  featuresSource: null,
  featuresFetchedAt: null,
  tempoSource: null,
  tempoAsOf: null,
  artists: [
    {
      id: "a1",
      name: "The Band",
      spotifyGenres: null,
      spotifyFetchedAt: null,
      mbTags: null,
      country: null,
      mbFetchedAt: null,
    },
  ],
  ...over,
});
const withArtist = (over: Partial<TrackEvidence["artists"][number]>) =>
  track({ artists: [{ ...(track().artists[0] as TrackEvidence["artists"][number]), ...over }] });

const reason = (entry: string, evidence: TrackEvidence) => {
  const found = entryByName(entry);
  if (!found) throw new Error(entry);
  return classifiedReason(found.kind, found.name, evidence, NOW);
};

const features = (values: Partial<Record<string, number>>) => featureFacts((name) => values[name] ?? null);

describe("genre, subgenre and nationality", () => {
  test("Spotify's genres, with the genre string that matched", () => {
    expect(
      reason(
        "Rock",
        withArtist({ spotifyGenres: ["dance pop", "classic rock"], spotifyFetchedAt: NOW - 2 * DAY }),
      ),
    ).toEqual({
      text: "Genre Rock: the artist's genres include 'classic rock' (Spotify, 2 days ago)",
      source: "spotify",
      asOf: new Date(NOW - 2 * DAY).toISOString(),
    });
  });

  test("MusicBrainz tags when Spotify has no genres", () => {
    const evidence = withArtist({ spotifyGenres: [], mbTags: ["Classic Rock"], mbFetchedAt: NOW - 3 * DAY });
    expect(reason("Rock", evidence)).toMatchObject({
      text: "Genre Rock: the artist's genres include 'classic rock' (MusicBrainz tags, 3 days ago)",
      source: "musicbrainz",
    });
    expect(reason("classic rock", evidence)?.text).toBe(
      "Subgenre classic rock: the artist's genres include 'classic rock' (MusicBrainz tags, 3 days ago)",
    );
  });

  test("a genre the song does not have has no reason", () => {
    expect(reason("Jazz", withArtist({ spotifyGenres: ["classic rock"] }))).toBeNull();
  });

  test("the listener's correction overrides every source and names itself", () => {
    const evidence = withArtist({
      spotifyGenres: ["classic rock"],
      correction: { genres: ["Jazz"], country: "DK", createdAt: NOW - DAY },
    });
    expect(reason("Rock", evidence)).toBeNull();
    expect(reason("Jazz", evidence)).toMatchObject({
      text: "Genre Jazz: you set The Band's genres to Jazz (your correction)",
      source: "listener",
    });
    expect(reason("Danish", evidence)?.text).toBe(
      "Nationality Danish: you set The Band's country to DK (your correction)",
    );
  });

  test("nationality from a genre string, else from the MusicBrainz country", () => {
    expect(
      reason("Danish", withArtist({ spotifyGenres: ["danish pop"], spotifyFetchedAt: NOW - DAY }))?.text,
    ).toBe("Nationality Danish: the artist's genres include 'danish pop' (Spotify, 1 day ago)");
    expect(reason("Danish", withArtist({ country: "DK", mbFetchedAt: NOW - 4 * DAY }))).toMatchObject({
      text: "Nationality Danish: the artist's country is DK (MusicBrainz, 4 days ago)",
      source: "musicbrainz",
    });
  });
});

describe("decade, tempo and mood", () => {
  test("the release date from Spotify", () => {
    expect(reason("1990s", track())?.text).toBe("Decade 1990s: released 1994-05-02 (Spotify, 1 day ago)");
    expect(reason("1980s", track())).toBeNull();
  });

  test("a tempo alone from Deezer, dated by the lookup memory", () => {
    const evidence = track({
      features: features({ tempo: 127.6 }),
      tempoSource: "deezer",
      tempoAsOf: NOW - 5 * DAY,
    });
    expect(reason("Fast (111-160 BPM)", evidence)).toEqual({
      text: "Fast (111-160 BPM): 128 BPM (Deezer, 5 days ago)",
      source: "deezer",
      asOf: new Date(NOW - 5 * DAY).toISOString(),
    });
    expect(reason("Chill", evidence)).toBeNull();
  });

  test("a mood from ReccoBeats' audio features, each condition with the song's value", () => {
    const evidence = track({
      features: features({ energy: 0.3, valence: 0.6, speechiness: 0.05, tempo: 90 }),
      featuresSource: "reccobeats",
      featuresFetchedAt: NOW - DAY,
      tempoSource: "reccobeats",
    });
    expect(reason("Chill", evidence)).toMatchObject({
      text: "Chill: energy 0.3 (at most 0.5), valence 0.6 (at least 0.25), speechiness 0.05 (at most 0.33) (audio features from ReccoBeats)",
      source: "reccobeats",
    });
    expect(reason("Midtempo (71-110 BPM)", evidence)?.text).toBe(
      "Midtempo (71-110 BPM): 90 BPM (ReccoBeats, 1 day ago)",
    );
  });
});

describe("times", () => {
  test("ages and the listener's local time", () => {
    expect(ageText(NOW - 30_000, NOW)).toBe("just now");
    expect(ageText(NOW - 2 * 3600_000, NOW)).toBe("2 hours ago");
    expect(ageText(NOW - 3 * DAY, NOW)).toBe("3 days ago");
    expect(localDateTime(Date.UTC(2025, 2, 14, 20, 4), "Europe/Copenhagen")).toBe("14 March 2025 at 21:04");
  });
});
