// What the "Why not?" search and a song's placement read: the listener's liked songs by name or artist, the
// playlists holding a song, and when a source was last asked about it.
import type { Db } from "../db/client.ts";
import type { Question } from "../metadata/store/lookups-repository.ts";

export interface LikedHit {
  trackId: string;
  name: string;
  artists: string[];
  artistIds: string[];
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Up to 20 active likes whose name or an artist's name contains the query (any case), newest like first. */
export function searchLikedSongs(db: Db, userId: string, query: string): LikedHit[] {
  const pattern = `%${escapeLike(query)}%`;
  const rows = db.$client
    .query<{ id: string; name: string; artists: string | null; artistIds: string }, [string, string, string]>(
      `SELECT t.id, t.name, t.artist_ids AS artistIds,
         (SELECT json_group_array(a.name) FROM json_each(t.artist_ids) j JOIN artists a ON a.id = j.value) AS artists
       FROM likes l JOIN tracks t ON t.id = l.track_id
       WHERE l.user_id = ?1 AND l.unliked_at IS NULL
         AND (t.name LIKE ?2 ESCAPE '\\' OR EXISTS (SELECT 1 FROM json_each(t.artist_ids) j
              JOIN artists a ON a.id = j.value WHERE a.name LIKE ?3 ESCAPE '\\'))
       ORDER BY l.liked_at DESC, l.seq DESC LIMIT 20`,
    )
    .all(userId, pattern, pattern);
  return rows.map((r) => ({
    trackId: r.id,
    name: r.name,
    artists: JSON.parse(r.artists ?? "[]") as string[],
    artistIds: JSON.parse(r.artistIds) as string[],
  }));
}

/** The user's playlists (source, preference key, Spotify name) that hold the song now. */
export function playlistsHolding(db: Db, userId: string, trackId: string) {
  return db.$client
    .query<{ source: string; preferenceKey: string; name: string }, [string, string]>(
      `SELECT m.source, m.preference_key AS preferenceKey, m.name FROM managed_playlists m
       JOIN playlist_songs s ON s.playlist_id = m.id AND s.removed_at IS NULL
       WHERE m.user_id = ?1 AND s.track_id = ?2 ORDER BY m.name`,
    )
    .all(userId, trackId);
}

/**
 * When any of these questions (source and kind) was last asked about a key (the lookup memory), or null. One
 * lookup by the table's key per question: an OR over the questions made SQLite read the whole memory.
 */
export function lastAsked(db: Db, questions: readonly Question[], key: string): number | null {
  const asked = db.$client.query<{ at: number }, [string, string, string]>(
    "SELECT checked_at AS at FROM metadata_lookups WHERE source = ? AND kind = ? AND key = ?",
  );
  let last: number | null = null;
  for (const q of questions) {
    const at = asked.get(q.source, q.kind, key)?.at;
    if (at !== undefined && (last === null || at > last)) last = at;
  }
  return last;
}
