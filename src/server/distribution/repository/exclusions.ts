// The listener's "Never in this playlist" choices (playlist_exclusions), per catalogue entry or combination.
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { playlistExclusions } from "../../db/schema/index.ts";
import type { PlaylistSource } from "./playlists.ts";

export type ExclusionRow = typeof playlistExclusions.$inferSelect;
export type ExclusionKind = ExclusionRow["kind"];

/** The key planning and the views use for one preference's exclusions. */
export const preferenceKeyOf = (source: PlaylistSource, preferenceKey: string): string =>
  `${source}:${preferenceKey}`;

export function exclusionsOfPreference(
  db: Db,
  userId: string,
  source: PlaylistSource,
  preferenceKey: string,
): ExclusionRow[] {
  return db
    .select()
    .from(playlistExclusions)
    .where(
      and(
        eq(playlistExclusions.userId, userId),
        eq(playlistExclusions.source, source),
        eq(playlistExclusions.preferenceKey, preferenceKey),
      ),
    )
    .orderBy(asc(playlistExclusions.createdAt), asc(playlistExclusions.targetId))
    .all();
}

export function exclusionsOfUser(db: Db, userId: string): ExclusionRow[] {
  return db
    .select()
    .from(playlistExclusions)
    .where(eq(playlistExclusions.userId, userId))
    .orderBy(asc(playlistExclusions.createdAt), asc(playlistExclusions.targetId))
    .all();
}

/** Stores the exclusion unless it exists; returns the stored row and whether it is new. */
export function insertExclusion(db: Db, row: ExclusionRow): { row: ExclusionRow; created: boolean } {
  const inserted = db.insert(playlistExclusions).values(row).onConflictDoNothing().returning().all();
  if (inserted[0]) return { row: inserted[0], created: true };
  const existing = exclusionsOfPreference(db, row.userId, row.source, row.preferenceKey).find(
    (e) => e.kind === row.kind && e.targetId === row.targetId,
  );
  return { row: existing ?? row, created: false };
}

/** Removes one exclusion; true when there was one. */
export function deleteExclusion(
  db: Db,
  userId: string,
  source: PlaylistSource,
  preferenceKey: string,
  kind: ExclusionKind,
  targetId: string,
): boolean {
  const deleted = db
    .delete(playlistExclusions)
    .where(
      and(
        eq(playlistExclusions.userId, userId),
        eq(playlistExclusions.source, source),
        eq(playlistExclusions.preferenceKey, preferenceKey),
        eq(playlistExclusions.kind, kind),
        eq(playlistExclusions.targetId, targetId),
      ),
    )
    .returning()
    .all();
  return deleted.length > 0;
}

/**
 * The user's liked songs each preference keeps out, keyed by `preferenceKeyOf`: the excluded songs and every
 * liked song of an excluded artist (so a new like by that artist stays out too).
 */
export function excludedTracksByPreference(db: Db, userId: string): Map<string, Set<string>> {
  const rows = db.$client
    .query<never, [string, string]>(
      `SELECT e.source, e.preference_key, e.target_id FROM playlist_exclusions e
        WHERE e.user_id = ?1 AND e.kind = 'track'
       UNION
       SELECT e.source, e.preference_key, l.track_id FROM playlist_exclusions e
        JOIN likes l ON l.user_id = e.user_id
        JOIN tracks t ON t.id = l.track_id
        WHERE e.user_id = ?2 AND e.kind = 'artist'
          AND EXISTS (SELECT 1 FROM json_each(t.artist_ids) j WHERE j.value = e.target_id)`,
    )
    .values(userId, userId) as [string, string, string][];
  const byPreference = new Map<string, Set<string>>();
  for (const [source, key, trackId] of rows) {
    const mapKey = `${source}:${key}`;
    let set = byPreference.get(mapKey);
    if (!set) {
      set = new Set();
      byPreference.set(mapKey, set);
    }
    set.add(trackId);
  }
  return byPreference;
}
