// Which source's facts a track is classified with: Spotify's features, else ReccoBeats', else Deezer's bpm for the
// tempo; Spotify's artist genres when present, else MusicBrainz tags.

import { beforeEach, describe, expect, test } from "bun:test";
import type { Db } from "../../../src/server/db/client.ts";
import { openDatabase } from "../../../src/server/db/client.ts";
import { loadConsideredSongs } from "../../../src/server/library/considered.ts";
import {
  storeArtistTags,
  storeFeatures,
  storeTempo,
} from "../../../src/server/metadata/store/facts-repository.ts";
import { metadataSourceNames } from "../../../src/shared/metadata-sources.ts";
import { addLikes, createArtist, createTrack, createUser } from "../../support/factories.ts";

let db: Db;
const features = (tempo: number, energy = 0.9) => ({
  tempo,
  energy,
  valence: 0.9,
  danceability: 0.9,
  acousticness: 0.05,
  instrumentalness: 0,
  speechiness: 0.05,
});

beforeEach(() => {
  db = openDatabase(":memory:").db;
  createUser(db, { id: "u", spotifyId: "u" });
  const pairs: [string, string][] = [
    ["t1", "a1"],
    ["t2", "a2"],
  ];
  for (const [id, artist] of pairs) {
    createTrack(db, { id, artistIds: [artist], releaseDate: "2001" });
    createArtist(db, { id: artist });
    addLikes(db, "u", [{ trackId: id, likedAt: 1 }]);
  }
});

const categories = (trackId: string) =>
  loadConsideredSongs({ db }, "u", "PremiumYearly").find((s) => s.trackId === trackId)?.categories ?? [];

describe("precedence", () => {
  test("a feature source's tempo wins over an earlier Deezer bpm; Deezer never overrides a known tempo", () => {
    const sqlite = db.$client;
    storeTempo(db, "deezer", "t1", 60, metadataSourceNames);
    expect(categories("t1")).toContain("Slow (51-70 BPM)");
    storeFeatures(db, new Map([["t1", features(130)]]), "reccobeats", 1, metadataSourceNames);
    expect(categories("t1")).toContain("Fast (111-160 BPM)");
    storeTempo(db, "deezer", "t1", 60, metadataSourceNames);
    expect(categories("t1")).toContain("Fast (111-160 BPM)");
    expect(sqlite.query("SELECT tempo_source AS s FROM tracks WHERE id = 't1'").get()).toEqual({
      s: "reccobeats",
    });
  });

  test("Spotify's artist genres win; MusicBrainz tags and country fill in when Spotify has none", () => {
    const sqlite = db.$client;
    sqlite.query("UPDATE artists SET mbid = 'm1' WHERE id = 'a1'").run();
    sqlite.query("UPDATE artists SET mbid = 'm2', genres = '[\"jazz\"]' WHERE id = 'a2'").run();
    storeArtistTags(db, "m1", ["Indie-Rock"], "DK", 1);
    storeArtistTags(db, "m2", ["punk"], null, 1);
    sqlite.query("UPDATE tracks SET categories = NULL").run();
    expect(categories("t1")).toEqual(expect.arrayContaining(["Rock", "Danish", "indie rock"]));
    expect(categories("t2")).toContain("Jazz");
    expect(categories("t2")).not.toContain("Punk");
  });

  test("the configured order decides: a source listed first keeps its tempo against a later feature source", () => {
    const sqlite = db.$client;
    const deezerFirst = ["deezer", "reccobeats"] as const;
    storeTempo(db, "deezer", "t1", 60, deezerFirst);
    storeFeatures(db, new Map([["t1", features(130)]]), "reccobeats", 1, deezerFirst);
    expect(categories("t1")).toContain("Slow (51-70 BPM)");
    expect(
      sqlite.query("SELECT tempo, tempo_source AS s, features_source AS f FROM tracks WHERE id = 't1'").get(),
    ).toEqual({
      tempo: 60,
      s: "deezer",
      f: "reccobeats",
    });
  });

  test("an earlier feature source's features are not replaced by a later one's", () => {
    storeFeatures(db, new Map([["t1", features(130, 0.9)]]), "spotify", 1, metadataSourceNames);
    storeFeatures(db, new Map([["t1", features(60, 0.1)]]), "reccobeats", 2, metadataSourceNames);
    expect(
      db.$client
        .query("SELECT tempo, energy, features_source AS f, tempo_source AS s FROM tracks WHERE id = 't1'")
        .get(),
    ).toEqual({ tempo: 130, energy: 0.9, f: "spotify", s: "spotify" });
  });
});
