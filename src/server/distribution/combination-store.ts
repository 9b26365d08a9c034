// Reading combinations back from the database (criteria are stored as a JSON array of Criterion).
import type { Criterion } from "../../shared/combinations/rules.ts";
import type { CombinatorialPreference } from "../../shared/schemas/distribution.ts";
import type { Db } from "../db/client.ts";

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

/** The stored criteria; anything unreadable reads as no criteria (and so matches no song). */
export function parseStoredCriteria(raw: unknown): Criterion[] {
  let value: unknown = raw;
  if (typeof raw === "string") {
    try {
      value = JSON.parse(raw);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).map((item, index) => ({
    criterionNumber: typeof item.criterionNumber === "number" ? item.criterionNumber : index + 1,
    genres: Array.isArray(item.genres)
      ? item.genres.filter((genre): genre is string => typeof genre === "string")
      : [],
    decade: typeof item.decade === "number" ? item.decade : null,
    mood: typeof item.mood === "string" ? item.mood : null,
    nationality: typeof item.nationality === "string" ? item.nationality : null,
  }));
}

/** How many combinations the user has, whatever their state (the total of spec §5 counts them all). */
export function countCombinations(db: Db, userId: string): number {
  return (
    db.$client
      .query<{ n: number }, [string]>("SELECT count(*) AS n FROM combinations WHERE user_id = ?")
      .get(userId)?.n ?? 0
  );
}

/** SQL condition: a deletion of this combination (alias `c`) is running right now. */
export const DELETION_RUNNING = `EXISTS (SELECT 1 FROM distributions d WHERE d.user_id = c.user_id
  AND d.trigger = 'deletion' AND d.status = 'running' AND json_extract(d.request, '$.deleteCombination') = c.id)`;

/**
 * The user's combinations as `GET /api/playlist-preferences` lists them, in the order they were created. One whose deletion is
 * running is left out (the table already dropped it); `active: false` means its deletion failed.
 */
/** A combination whose deletion is over: nothing of it left on Spotify (forgotten by the deletion run). */
export const DELETION_DONE = `NOT EXISTS (SELECT 1 FROM managed_playlists mp WHERE mp.user_id = c.user_id
  AND mp.source = 'combination' AND mp.preference_key = c.id
  AND mp.spotify_playlist_id IS NOT NULL AND mp.status != 'vanished')`;

export function listCombinations(db: Db, userId: string): CombinatorialPreference[] {
  return db.$client
    .query<{ id: string; playlist_name: string; criteria: string; active: number }, [string]>(
      `SELECT c.id, c.playlist_name, c.criteria, c.active FROM combinations c
       WHERE c.user_id = ? AND NOT (c.active = 0 AND (${DELETION_RUNNING} OR ${DELETION_DONE}))
       ORDER BY c.created_at, c.rowid`,
    )
    .all(userId)
    .map((row) => ({
      combinatorialPlaylistPreferenceId: row.id,
      playlistName: row.playlist_name,
      criteria: parseStoredCriteria(row.criteria),
      active: row.active === 1,
    }));
}
