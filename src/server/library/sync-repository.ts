// The statements a library sync runs: prepared bun:sqlite statements (a first sync writes thousands of rows, and
// drizzle's builder made it about twice as slow), their rows typed from the schema.
import type { Db } from "../db/client.ts";
import type { artists, librarySyncs, likes, tracks } from "../db/schema/index.ts";

type Like = typeof likes.$inferSelect;
type LibrarySync = typeof librarySyncs.$inferSelect;

/** What a sync needs to know of a stored like: when it was liked and whether it was unliked since. */
export type LikeState = Pick<Like, "likedAt" | "unlikedAt">;

/** A track as the liked-songs listing describes it (features come later, from the metadata lookups). */
export type ListedTrack = Pick<
  typeof tracks.$inferInsert,
  "id" | "name" | "artistIds" | "albumName" | "releaseDate" | "durationMs" | "isrc" | "fetchedAt"
>;

export type ListedArtist = Pick<typeof artists.$inferInsert, "id" | "name">;

/** One library read as library_syncs keeps it. */
export type SyncRecord = Pick<
  LibrarySync,
  "userId" | "lastSyncAt" | "lastFullSyncAt" | "newLikesPending" | "listedExtra"
>;

/** True once the user's library has been read at least once. */
export function hasSyncRecord(db: Db, userId: string): boolean {
  return (
    db.$client
      .query<{ one: 1 }, [string]>("SELECT 1 AS one FROM library_syncs WHERE user_id = ?")
      .get(userId) !== null
  );
}

/** Reads one stored like's state; prepared once per sync, asked once per listed like. */
export function likeStateReader(db: Db): (userId: string, trackId: string) => LikeState | null {
  const query = db.$client.query<LikeState, [string, string]>(
    "SELECT liked_at AS likedAt, unliked_at AS unlikedAt FROM likes WHERE user_id = ? AND track_id = ?",
  );
  return (userId, trackId) => query.get(userId, trackId);
}

/** The writes of the listed likes, prepared once per sync. */
export function likeWriter(db: Db) {
  const insertTrack = db.$client.query<
    never,
    [string, string, string, string, string | null, number, string | null, number]
  >(
    `INSERT INTO tracks (id, name, artist_ids, album_name, release_date, duration_ms, isrc, features_status, fetched_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, 'missing', ?)
     ON CONFLICT(id) DO UPDATE SET isrc = excluded.isrc WHERE tracks.isrc IS NULL AND excluded.isrc IS NOT NULL`,
  );
  const insertArtist = db.$client.query<never, [string, string]>(
    "INSERT INTO artists (id, name) VALUES (?, ?) ON CONFLICT(id) DO NOTHING",
  );
  const upsertLike = db.$client.query<never, [string, string, number, number]>(
    `INSERT INTO likes (user_id, track_id, liked_at, seq, unliked_at) VALUES (?, ?, ?, ?, NULL)
     ON CONFLICT(user_id, track_id) DO UPDATE SET liked_at = excluded.liked_at, seq = excluded.seq, unliked_at = NULL
     WHERE likes.liked_at != excluded.liked_at OR likes.unliked_at IS NOT NULL OR likes.seq != excluded.seq`,
  );
  return {
    /** Stores a track unless known; a known track without an ISRC takes the listed one. */
    track(t: ListedTrack): void {
      insertTrack.run(
        t.id,
        t.name,
        JSON.stringify(t.artistIds),
        t.albumName ?? "",
        t.releaseDate ?? null,
        t.durationMs ?? 0,
        t.isrc ?? null,
        t.fetchedAt,
      );
    },
    artist(a: ListedArtist): void {
      insertArtist.run(a.id, a.name);
    },
    /** Stores a like, or revives it (liked again, or its time or order changed). */
    like(like: Pick<Like, "userId" | "trackId" | "likedAt" | "seq">): void {
      upsertLike.run(like.userId, like.trackId, like.likedAt, like.seq);
    },
  };
}

/** The highest like order stored for the user (0 with no likes). */
export function maxLikeSeq(db: Db, userId: string): number {
  return (
    db.$client
      .query<{ m: Like["seq"] | null }, [string]>("SELECT max(seq) AS m FROM likes WHERE user_id = ?")
      .get(userId)?.m ?? 0
  );
}

/** The tracks of the user's active likes liked after `after` (ms). */
export function activeLikesAfter(db: Db, userId: string, after: number): Like["trackId"][] {
  return db.$client
    .query<Pick<Like, "trackId">, [string, number]>(
      "SELECT track_id AS trackId FROM likes WHERE user_id = ? AND liked_at > ? AND unliked_at IS NULL",
    )
    .all(userId, after)
    .map((r) => r.trackId);
}

/** Marks likes unliked; prepared once per sync. */
export function unlikeMarker(db: Db): (userId: string, trackId: string, at: number) => void {
  const mark = db.$client.query<never, [number, string, string]>(
    "UPDATE likes SET unliked_at = ? WHERE user_id = ? AND track_id = ?",
  );
  return (userId, trackId, at) => {
    mark.run(at, userId, trackId);
  };
}

/** Items the provider listed at the last full read that are not stored likes (0 before any). */
export function listedExtraOf(db: Db, userId: string): LibrarySync["listedExtra"] {
  return (
    db.$client
      .query<Pick<LibrarySync, "listedExtra">, [string]>(
        "SELECT listed_extra AS listedExtra FROM library_syncs WHERE user_id = ?",
      )
      .get(userId)?.listedExtra ?? 0
  );
}

/**
 * Records a read: a full read's time is kept until the next full one, and pending new likes stay pending until a
 * plan clears them.
 */
export function recordSync(db: Db, sync: SyncRecord): void {
  db.$client
    .query<never, [string, number, number | null, number, number]>(
      `INSERT INTO library_syncs (user_id, last_sync_at, last_full_sync_at, new_likes_pending, listed_extra)
       VALUES (?, ?, ?, ?, ?)
       ON CONFLICT(user_id) DO UPDATE SET last_sync_at = excluded.last_sync_at,
         last_full_sync_at = coalesce(excluded.last_full_sync_at, library_syncs.last_full_sync_at),
         new_likes_pending = max(library_syncs.new_likes_pending, excluded.new_likes_pending),
         listed_extra = excluded.listed_extra`,
    )
    .run(sync.userId, sync.lastSyncAt, sync.lastFullSyncAt, sync.newLikesPending ? 1 : 0, sync.listedExtra);
}
