// The personal-data export's library part: liked songs, when they were read, and the playlists chosen.
import { asc, count, eq } from "drizzle-orm";
import type { PersonalData } from "../../shared/schemas/account.ts";
import type { Db } from "../db/client.ts";
import {
  combinations,
  librarySyncs,
  likes,
  simplePreferences,
  tracks,
  usedCombinationNames,
} from "../db/schema/index.ts";
import { iso } from "./personal-data-history.ts";

type LibraryPart = Pick<
  PersonalData,
  | "likedSongsLastRead"
  | "simplePlaylistPreferences"
  | "combinationPlaylistPreferences"
  | "usedCombinationNames"
>;

/** Liked songs in like order, `limit` from `offset` (a large library is read in pages, in one snapshot). */
export function likedSongsPage(
  db: Db,
  userId: string,
  offset: number,
  limit: number,
): PersonalData["likedSongs"] {
  return db
    .select({
      trackId: likes.trackId,
      trackName: tracks.name,
      likedAt: likes.likedAt,
      unlikedAt: likes.unlikedAt,
    })
    .from(likes)
    .leftJoin(tracks, eq(tracks.id, likes.trackId))
    .where(eq(likes.userId, userId))
    .orderBy(asc(likes.likedAt), asc(likes.trackId))
    .limit(limit)
    .offset(offset)
    .all()
    .map((l) => ({ ...l, likedAt: iso(l.likedAt), unlikedAt: iso(l.unlikedAt) }));
}

/** How many liked songs (unliked ones included) the export holds. */
export function likedSongsCount(db: Db, userId: string): number {
  return db.select({ n: count() }).from(likes).where(eq(likes.userId, userId)).get()?.n ?? 0;
}

export function libraryOf(db: Db, userId: string): LibraryPart {
  const librarySync = db.select().from(librarySyncs).where(eq(librarySyncs.userId, userId)).get();
  return {
    likedSongsLastRead: librarySync
      ? {
          lastSyncAt: iso(librarySync.lastSyncAt),
          lastFullSyncAt: iso(librarySync.lastFullSyncAt),
          recordingsReadAt: iso(librarySync.recordingsReadAt),
        }
      : null,
    simplePlaylistPreferences: db
      .select()
      .from(simplePreferences)
      .where(eq(simplePreferences.userId, userId))
      .orderBy(asc(simplePreferences.selectedAt))
      .all()
      .map((p) => ({ playlistName: p.name, preferenceDate: iso(p.selectedAt) })),
    combinationPlaylistPreferences: db
      .select()
      .from(combinations)
      .where(eq(combinations.userId, userId))
      .orderBy(asc(combinations.createdAt))
      .all()
      .map((c) => ({
        combinationId: c.id,
        playlistName: c.playlistName,
        criteria: c.criteria,
        except: c.exceptCriteria ?? [],
        order: c.songOrder,
        limit: c.songLimit,
        unliked: c.unliked,
        active: c.active,
        createdAt: iso(c.createdAt),
      })),
    usedCombinationNames: db
      .select({ name: usedCombinationNames.nameKey })
      .from(usedCombinationNames)
      .where(eq(usedCombinationNames.userId, userId))
      .all()
      .map((n) => n.name),
  };
}
