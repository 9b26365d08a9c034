// Crate's own records of the listener's playlists and runs, as the overview reads them.
import { and, asc, between, desc, eq, exists, isNotNull, max, ne, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import {
  batchExecutions,
  combinations,
  distributions,
  librarySyncs,
  managedPlaylists,
  playlistSongs,
  users,
} from "../db/schema/index.ts";

export interface PartRow {
  id: string;
  source: "predefined" | "combination";
  preferenceKey: string;
  bucket: string;
  sequence: number;
  name: string;
  spotifyPlaylistId: string | null;
  status: (typeof managedPlaylists.$inferSelect)["status"];
  songCount: number;
  /** the latest add or removal Crate made (null before any) */
  lastUpdatedAt: number | null;
  createdAt: number;
}

function selectParts(db: Db, where: SQL | undefined): PartRow[] {
  const lastRemoval = db
    .select({ at: max(playlistSongs.removedAt) })
    .from(playlistSongs)
    .where(eq(playlistSongs.playlistId, managedPlaylists.id));
  return db
    .select({
      id: managedPlaylists.id,
      source: managedPlaylists.source,
      preferenceKey: managedPlaylists.preferenceKey,
      bucket: managedPlaylists.bucket,
      sequence: managedPlaylists.sequence,
      name: managedPlaylists.name,
      spotifyPlaylistId: managedPlaylists.spotifyPlaylistId,
      status: managedPlaylists.status,
      songCount: managedPlaylists.trackCount,
      createdAt: managedPlaylists.createdAt,
      lastUpdatedAt: sql<number>`max(coalesce(${managedPlaylists.latestTrackAddedAt}, 0), coalesce((${lastRemoval}), 0))`,
    })
    .from(managedPlaylists)
    .where(where)
    .all()
    .map((row) => ({ ...row, lastUpdatedAt: row.lastUpdatedAt ? row.lastUpdatedAt : null }));
}

/** Every managed playlist of the user. */
export function loadParts(db: Db, userId: string): PartRow[] {
  return selectParts(db, eq(managedPlaylists.userId, userId));
}

/** The user's playlists whose songs changed between `from` and `to` (both inclusive). */
export function loadPartsChangedBetween(db: Db, userId: string, from: number, to: number): PartRow[] {
  const changed = db
    .select({ one: sql`1` })
    .from(playlistSongs)
    .where(
      and(
        eq(playlistSongs.playlistId, managedPlaylists.id),
        or(between(playlistSongs.addedAt, from, to), between(playlistSongs.removedAt, from, to)),
      ),
    );
  return selectParts(
    db,
    and(eq(managedPlaylists.userId, userId), isNotNull(managedPlaylists.spotifyPlaylistId), exists(changed)),
  );
}

/** The user's combinations still in use, oldest first. */
export function activeCombinations(db: Db, userId: string) {
  return db
    .select({ id: combinations.id, playlistName: combinations.playlistName })
    .from(combinations)
    .where(and(eq(combinations.userId, userId), eq(combinations.active, true)))
    .orderBy(asc(combinations.createdAt), asc(sql`${combinations}.rowid`))
    .all();
}

/** A run of the user's (undefined for another user's or an unknown id). */
export function runOf(db: Db, userId: string, id: string) {
  return db
    .select({ createdAt: distributions.createdAt, finishedAt: distributions.finishedAt })
    .from(distributions)
    .where(and(eq(distributions.id, id), eq(distributions.userId, userId)))
    .get();
}

/** Whether the user is monitored, when they signed up and when their library was last read. */
export function userSyncState(db: Db, userId: string) {
  return db
    .select({ monitored: users.monitored, createdAt: users.createdAt, lastSyncAt: librarySyncs.lastSyncAt })
    .from(users)
    .leftJoin(librarySyncs, eq(librarySyncs.userId, users.id))
    .where(eq(users.id, userId))
    .get();
}

/** The user's latest run that is not running (deletions aside). */
export function latestSettledRun(db: Db, userId: string) {
  return db
    .select({
      status: distributions.status,
      finishedAt: distributions.finishedAt,
      createdAt: distributions.createdAt,
      attempts: distributions.attempts,
    })
    .from(distributions)
    .where(
      and(
        eq(distributions.userId, userId),
        ne(distributions.trigger, "deletion"),
        ne(distributions.status, "running"),
      ),
    )
    .orderBy(desc(sql`coalesce(${distributions.finishedAt}, ${distributions.createdAt})`))
    .limit(1)
    .get();
}

/** The latest ended run of a batch job. */
export function latestEndedBatchRun(db: Db, job: string) {
  return db
    .select({ startTime: batchExecutions.startTime, endTime: sql<number>`${batchExecutions.endTime}` })
    .from(batchExecutions)
    .where(and(eq(batchExecutions.job, job), isNotNull(batchExecutions.endTime)))
    .orderBy(desc(batchExecutions.startTime))
    .limit(1)
    .get();
}
