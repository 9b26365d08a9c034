// The names of artists among a listener's liked songs: what the rule wizard shows for the artists a rule names.
import type { Db } from "../db/client.ts";

/**
 * The names of these artists where one of the listener's liked songs (now or once) is theirs; an artist of no
 * song they liked is left out, so a rule naming any id learns no name Crate read for another listener.
 */
export function likedArtistNames(db: Db, userId: string, artistIds: readonly string[]): Map<string, string> {
  if (artistIds.length === 0) return new Map();
  const rows = db.$client
    .query<{ id: string; name: string }, [string, string]>(
      `SELECT DISTINCT a.id, a.name
       FROM likes l JOIN tracks t ON t.id = l.track_id, json_each(t.artist_ids) j
       JOIN artists a ON a.id = j.value
       WHERE l.user_id = ?1 AND j.value IN (SELECT value FROM json_each(?2))`,
    )
    .all(userId, JSON.stringify([...new Set(artistIds)]));
  return new Map(rows.map((row) => [row.id, row.name]));
}
