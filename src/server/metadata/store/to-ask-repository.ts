// What is still to ask about a listener's likes: the songs whose lookups are not finished (`features_status =
// 'missing'`, a partial index holding only those) and the answers the lookup memory holds as misses due again (a
// partial index of the misses). An enriched library answers both from a few index rows, without walking its likes.
// Raw statements, as the other hot reads: the join order (CROSS JOIN) decides which side is walked, which the query
// builder cannot say.
import type { Database } from "bun:sqlite";
import type { likes, tracks } from "../../db/schema/index.ts";
import { type LookupKind, MISS_RETRY_MS } from "./lookups-repository.ts";

type Track = typeof tracks.$inferSelect;
type Like = typeof likes.$inferSelect;

/** The listener's pending likes (`l`, `t`) from the store's pending songs, each looked up in the likes by key. */
const FROM_PENDING_SONGS = "tracks t CROSS JOIN likes l ON l.user_id = ?1 AND l.track_id = t.id";
/** The same from the listener's likes, each song looked up by key (the CROSS JOIN keeps either order). */
const FROM_LIKES = "likes l CROSS JOIN tracks t ON l.user_id = ?1 AND t.id = l.track_id";

/** Past this many pending songs in the store, the listener's likes are read instead (the counts stop there). */
const PENDING_COUNTED = 10_000;

/** How many rows the query gives, counting no further than `limit`. */
const countUpTo = (sqlite: Database, from: string, limit: number, ...values: string[]) =>
  sqlite
    .query<{ n: number }, (string | number)[]>(`SELECT count(*) AS n FROM (SELECT 1 FROM ${from} LIMIT ?)`)
    .get(...values, limit)?.n ?? 0;

/**
 * Where the listener's pending likes are read from: the store's pending songs while they are no more than the
 * listener's likes (an enriched library: none), else the listener's likes (while other libraries wait for their
 * first lookups, a small library is not read through all of theirs). Both counts stop at the smaller side.
 */
function pendingLikesOf(sqlite: Database, userId: string): string {
  const pending = countUpTo(sqlite, "tracks WHERE features_status = 'missing'", PENDING_COUNTED + 1);
  if (pending > PENDING_COUNTED) return FROM_LIKES;
  const liked = countUpTo(sqlite, "likes WHERE user_id = ?", pending + 1, userId);
  return pending <= liked ? FROM_PENDING_SONGS : FROM_LIKES;
}

/** The listener's liked songs still waiting for lookups, newest like first. */
export function pendingTracksOf(sqlite: Database, userId: string): Like["trackId"][] {
  return sqlite
    .query<Pick<Like, "trackId">, [string]>(
      `SELECT l.track_id AS trackId FROM ${pendingLikesOf(sqlite, userId)}
       WHERE t.features_status = 'missing' ORDER BY l.liked_at DESC, l.seq DESC`,
    )
    .all(userId)
    .map((r) => r.trackId);
}

/**
 * The listener's liked songs without features that the source may be asked about: those still waiting for lookups,
 * and those it missed more than 30 days ago. (Every song is pending until a pass has asked the sources about it, so
 * a song no source has answered is among the first.)
 */
export function songsToAsk(
  sqlite: Database,
  userId: string,
  question: { source: string; kind: LookupKind },
  now: number,
): Track["id"][] {
  return sqlite
    .query<Pick<Track, "id">, [string, string, string, number]>(
      `SELECT t.id FROM ${pendingLikesOf(sqlite, userId)}
       WHERE t.features_status = 'missing' AND t.features_source IS NULL
       UNION
       SELECT t.id FROM metadata_lookups m CROSS JOIN likes l ON l.user_id = ?1 AND l.track_id = m.key
       JOIN tracks t ON t.id = m.key
       WHERE m.source = ?2 AND m.kind = ?3 AND m.found = 0 AND m.checked_at <= ?4 AND t.features_source IS NULL`,
    )
    .all(userId, question.source, question.kind, now - MISS_RETRY_MS)
    .map((r) => r.id);
}

/**
 * The artists the source may be asked about for this listener: those of the liked songs still waiting for lookups,
 * and up to `dueLimit` artists it missed more than 30 days ago (whoever likes them: artists are shared, and which
 * listener likes an artist is not indexed).
 */
export function artistsToAsk(
  sqlite: Database,
  userId: string,
  question: { source: string; kind: LookupKind },
  now: number,
  dueLimit: number,
): string[] {
  return sqlite
    .query<{ id: string }, [string, string, string, number, number]>(
      `SELECT j.value AS id FROM ${pendingLikesOf(sqlite, userId)}, json_each(t.artist_ids) j
       WHERE t.features_status = 'missing' AND EXISTS (SELECT 1 FROM artists a WHERE a.id = j.value)
       UNION
       SELECT id FROM (SELECT m.key AS id FROM metadata_lookups m JOIN artists a ON a.id = m.key
         WHERE m.source = ?2 AND m.kind = ?3 AND m.found = 0 AND m.checked_at <= ?4 LIMIT ?5)`,
    )
    .all(userId, question.source, question.kind, now - MISS_RETRY_MS, dueLimit)
    .map((r) => r.id);
}
