// The likes and library_syncs tables: every statement library sync and planning run on them.
import { and, count, eq, gt, isNull, max, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { librarySyncs, likes } from "../db/schema/index.ts";
import { prepareRowValues, prepareWrite } from "./prepared.ts";

/** True once the user's library has been read at least once. */
export function hasLibrarySync(db: Db, userId: string): boolean {
  return (
    db
      .select({ userId: librarySyncs.userId })
      .from(librarySyncs)
      .where(eq(librarySyncs.userId, userId))
      .get() !== undefined
  );
}

/** Likes the listener still has (unliked ones are kept but not counted). */
export function countActiveLikes(db: Db, userId: string): number {
  return (
    db
      .select({ n: count() })
      .from(likes)
      .where(and(eq(likes.userId, userId), isNull(likes.unlikedAt)))
      .get()?.n ?? 0
  );
}

export type StoredLike = Pick<typeof likes.$inferSelect, "likedAt" | "unlikedAt">;

/** One like's times, prepared once: a sync asks it for every listed song. */
export function prepareLikeLookup(db: Db): (userId: string, trackId: string) => StoredLike | undefined {
  const lookup = prepareRowValues<{ userId: string; trackId: string }>(
    db,
    db
      .select({ likedAt: likes.likedAt, unlikedAt: likes.unlikedAt })
      .from(likes)
      .where(and(eq(likes.userId, sql.placeholder("userId")), eq(likes.trackId, sql.placeholder("trackId")))),
  );
  return (userId, trackId) => {
    const row = lookup({ userId, trackId });
    return row ? { likedAt: row[0] as number, unlikedAt: row[1] as number | null } : undefined;
  };
}

/**
 * Stores a like (again): a changed time or order, or a like after an unlike, rewrites the row; an unchanged
 * one is left alone. Prepared once per sync.
 */
export function prepareLikeUpsert(
  db: Db,
): (like: { userId: string; trackId: string; likedAt: number; seq: number }) => void {
  const upsert = prepareWrite<{ userId: string; trackId: string; likedAt: number; seq: number }>(
    db,
    db
      .insert(likes)
      .values({
        userId: sql.placeholder("userId"),
        trackId: sql.placeholder("trackId"),
        likedAt: sql.placeholder("likedAt"),
        seq: sql.placeholder("seq"),
        unlikedAt: null,
      })
      .onConflictDoUpdate({
        target: [likes.userId, likes.trackId],
        set: { likedAt: sql`excluded.liked_at`, seq: sql`excluded.seq`, unlikedAt: null },
        setWhere: sql`${likes.likedAt} != excluded.liked_at OR ${likes.unlikedAt} IS NOT NULL OR ${likes.seq} != excluded.seq`,
      }),
  );
  return upsert;
}

/** The highest provider order stored for the user (0 without likes). */
export function maxLikeSeq(db: Db, userId: string): number {
  return (
    db
      .select({ m: max(likes.seq) })
      .from(likes)
      .where(eq(likes.userId, userId))
      .get()?.m ?? 0
  );
}

/** Track ids of the likes the listener still has that were liked after `newerThan` (ms). */
export function activeLikesNewerThan(db: Db, userId: string, newerThan: number): string[] {
  return db
    .select({ trackId: likes.trackId })
    .from(likes)
    .where(and(eq(likes.userId, userId), gt(likes.likedAt, newerThan), isNull(likes.unlikedAt)))
    .all()
    .map((row) => row.trackId);
}

/** Marks one like unliked at `now`, prepared once per sync. */
export function prepareMarkUnliked(db: Db): (userId: string, trackId: string, now: number) => void {
  const mark = db
    .update(likes)
    .set({ unlikedAt: sql.placeholder("now") as unknown as number })
    .where(and(eq(likes.userId, sql.placeholder("userId")), eq(likes.trackId, sql.placeholder("trackId"))))
    .prepare();
  return (userId, trackId, now) => {
    mark.run({ userId, trackId, now });
  };
}

/** Items the provider listed at the last full read that are not stored likes (0 before the first). */
export function listedExtraOf(db: Db, userId: string): number {
  return (
    db
      .select({ listedExtra: librarySyncs.listedExtra })
      .from(librarySyncs)
      .where(eq(librarySyncs.userId, userId))
      .get()?.listedExtra ?? 0
  );
}

/**
 * Records a sync: its time (and a full read's), the listing's extra items, and new likes pending when it found
 * any (a pending mark stays until planning clears it).
 */
export function recordLibrarySync(
  db: Db,
  sync: { userId: string; now: number; full: boolean; newLikesPending: boolean; listedExtra: number },
): void {
  db.insert(librarySyncs)
    .values({
      userId: sync.userId,
      lastSyncAt: sync.now,
      lastFullSyncAt: sync.full ? sync.now : null,
      newLikesPending: sync.newLikesPending,
      listedExtra: sync.listedExtra,
    })
    .onConflictDoUpdate({
      target: librarySyncs.userId,
      set: {
        lastSyncAt: sql`excluded.last_sync_at`,
        lastFullSyncAt: sql`coalesce(excluded.last_full_sync_at, ${librarySyncs.lastFullSyncAt})`,
        newLikesPending: sql`max(${librarySyncs.newLikesPending}, excluded.new_likes_pending)`,
        listedExtra: sql`excluded.listed_extra`,
      },
    })
    .run();
}

/** The last full read of the user's library: undefined before the first sync, null before a full one. */
export function lastFullSyncOf(db: Db, userId: string): number | null | undefined {
  return db
    .select({ at: librarySyncs.lastFullSyncAt })
    .from(librarySyncs)
    .where(eq(librarySyncs.userId, userId))
    .get()?.at;
}
