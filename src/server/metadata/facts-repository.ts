// The facts repository: writes facts into the shared metadata cache with their provenance; a track whose facts
// change is classified again.
import type { Database } from "bun:sqlite";
import { classifiedFeatureNames, type FeatureFacts } from "../../shared/audio-features.ts";
import type { artists, tracks } from "../db/schema/index.ts";

type Track = typeof tracks.$inferSelect;
type Artist = typeof artists.$inferSelect;

/** Features from `source` (spotify, reccobeats); they also set the tempo, overriding a Deezer bpm. */
export function storeFeatures(
  sqlite: Database,
  features: ReadonlyMap<string, FeatureFacts>,
  source: "spotify" | "reccobeats",
  now: number,
): void {
  // the features' columns are named as the features; then source, fetched at, the tempo again (for its provenance)
  const update = sqlite.query<never, (number | string | null)[]>(
    `UPDATE tracks SET features_status = 'present', ${classifiedFeatureNames.map((name) => `${name} = ?`).join(", ")},
       features_source = ?, features_fetched_at = ?,
       tempo_source = CASE WHEN ? IS NULL THEN tempo_source ELSE ? END, categories = NULL WHERE id = ?`,
  );
  sqlite.transaction(() => {
    for (const [id, f] of features) {
      update.run(...classifiedFeatureNames.map((name) => f[name]), source, now, f.tempo, source, id);
    }
  })();
}

/** A bpm from Deezer, for a track no feature source gave a tempo. */
export function storeTempo(sqlite: Database, trackId: string, bpm: number): void {
  sqlite
    .query<never, [number, Track["id"]]>(
      "UPDATE tracks SET tempo = ?, tempo_source = 'deezer', categories = NULL WHERE id = ? AND tempo IS NULL",
    )
    .run(bpm, trackId);
}

/** The MusicBrainz id (and country, when given) of a Spotify artist. */
export function storeArtistLink(
  sqlite: Database,
  artistId: string,
  mbid: string,
  country: string | null,
): void {
  sqlite
    .query<never, [string, Artist["country"], Artist["id"]]>(
      "UPDATE artists SET mbid = ?, country = coalesce(?, country) WHERE id = ?",
    )
    .run(mbid, country, artistId);
}

/** MusicBrainz tags (and country) of every artist with this MusicBrainz id. */
export function storeArtistTags(
  sqlite: Database,
  mbid: string,
  tags: readonly string[],
  country: string | null,
  now: number,
): void {
  sqlite
    .query<never, [string, Artist["country"], number, string]>(
      "UPDATE artists SET mb_tags = ?, country = coalesce(country, ?), mb_fetched_at = ? WHERE mbid = ?",
    )
    .run(JSON.stringify(tags), country, now, mbid);
}
