// What the metadata lookups read of the shared tracks and artists and of the listeners' likes, and the cache
// clearing their answers cause. Ids go in as one JSON list (`json_each`), so a pass over thousands of songs is one
// statement; rows are typed from the schema, stored JSON lists parsed and checked here.
import type { Database } from "bun:sqlite";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { artists, type likes, type tracks } from "../../db/schema/index.ts";
import { transaction } from "../../db/transaction.ts";

type Track = typeof tracks.$inferSelect;
type Artist = typeof artists.$inferSelect;
type Like = typeof likes.$inferSelect;

/** A track as a lookup pass needs it. */
export type PassTrack = Pick<Track, "id" | "isrc" | "artistIds" | "featuresSource" | "tempo">;

export type PassArtist = Pick<Artist, "id" | "name" | "mbid">;

function idList(json: string): string[] {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === "string") : [];
}

export function passTracks(sqlite: Database, ids: readonly string[]): PassTrack[] {
  return sqlite
    .query<Omit<PassTrack, "artistIds"> & { artistIdsJson: string }, [string]>(
      `SELECT id, isrc, artist_ids AS artistIdsJson, features_source AS featuresSource, tempo
       FROM tracks WHERE id IN (SELECT value FROM json_each(?))`,
    )
    .all(JSON.stringify(ids))
    .map(({ artistIdsJson, ...track }) => ({ ...track, artistIds: idList(artistIdsJson) }));
}

export function passArtists(sqlite: Database, ids: readonly string[]): PassArtist[] {
  return sqlite
    .query<PassArtist, [string]>(
      "SELECT id, name, mbid FROM artists WHERE id IN (SELECT value FROM json_each(?))",
    )
    .all(JSON.stringify(ids));
}

/** Users with active likes of songs still waiting for lookups. */
export function usersWithPendingLookups(sqlite: Database): Like["userId"][] {
  return sqlite
    .query<Pick<Like, "userId">, []>(
      `SELECT DISTINCT l.user_id AS userId FROM likes l JOIN tracks t ON t.id = l.track_id
       WHERE t.features_status = 'missing' AND l.unliked_at IS NULL`,
    )
    .all()
    .map((r) => r.userId);
}

/** Every source has answered for these songs: present with features, unavailable without. */
export function settleFeaturesStatus(sqlite: Database, trackIds: readonly string[]): void {
  sqlite
    .query<never, [string]>(
      `UPDATE tracks SET features_status = CASE WHEN features_source IS NULL THEN 'unavailable' ELSE 'present' END
       WHERE features_status = 'missing' AND id IN (SELECT value FROM json_each(?))`,
    )
    .run(JSON.stringify(trackIds));
}

/** Users who like any of these songs and have playlists Crate fills (preferences or an active combination). */
export function usersPlacingTracks(sqlite: Database, trackIds: readonly string[]): Like["userId"][] {
  return sqlite
    .query<Pick<Like, "userId">, [string]>(
      `SELECT DISTINCT l.user_id AS userId FROM likes l WHERE l.track_id IN (SELECT value FROM json_each(?))
       AND (EXISTS (SELECT 1 FROM simple_preferences p WHERE p.user_id = l.user_id)
         OR EXISTS (SELECT 1 FROM combinations c WHERE c.user_id = l.user_id AND c.active = 1))`,
    )
    .all(JSON.stringify(trackIds))
    .map((r) => r.userId);
}

/** The user's liked songs no feature source has answered for yet. */
export function tracksWithoutFeatures(sqlite: Database, userId: string): Track["id"][] {
  return sqlite
    .query<Pick<Track, "id">, [string]>(
      `SELECT DISTINCT t.id FROM likes l JOIN tracks t ON t.id = l.track_id
       WHERE l.user_id = ? AND t.features_source IS NULL`,
    )
    .all(userId)
    .map((r) => r.id);
}

/** The artists of the user's liked songs. */
export function artistsOfLikes(sqlite: Database, userId: string): Artist["id"][] {
  return sqlite
    .query<Pick<Artist, "id">, [string]>(
      `SELECT DISTINCT a.id FROM likes l JOIN tracks t ON t.id = l.track_id, json_each(t.artist_ids) j
       JOIN artists a ON a.id = j.value WHERE l.user_id = ?`,
    )
    .all(userId)
    .map((r) => r.id);
}

/** Spotify's name and genres of artists, in one transaction. */
export function storeSpotifyArtistGenres(
  db: Db,
  found: readonly Pick<Artist, "id" | "name" | "genres">[],
  now: number,
): void {
  transaction(db, (tx) => {
    for (const { id, name, genres } of found)
      tx.update(artists)
        .set({ name, genres: genres ?? [], fetchedAt: now })
        .where(eq(artists.id, id))
        .run();
  });
}

/** New facts about artists: their songs' cached categories are recomputed at the next plan. */
export function clearCategoriesOfArtists(sqlite: Database, artistIds: readonly string[]): void {
  if (artistIds.length === 0) return;
  sqlite
    .query<never, [string]>(
      `UPDATE tracks SET categories = NULL WHERE categories IS NOT NULL AND EXISTS
       (SELECT 1 FROM json_each(tracks.artist_ids) j WHERE j.value IN (SELECT value FROM json_each(?)))`,
    )
    .run(JSON.stringify(artistIds));
}
