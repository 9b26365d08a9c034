// Reading a playlist's activity, newest first, with the songs' names, and the listener's whole activity for
// the export of their data.
import { and, asc, desc, eq, inArray, isNull, or } from "drizzle-orm";
import { type ActivityEntry, type ActivityKind, activityText } from "../../shared/activity.ts";
import { localDateTime } from "../../shared/explain.ts";
import type { Db } from "../db/client.ts";
import { playlistActivity, tracks } from "../db/schema/index.ts";

export interface ActivityOf {
  userId: string;
  source: "predefined" | "combination";
  preferenceKey: string;
  /** the Spotify playlist; null while it is not made (only the preference's own entries then) */
  playlistId: string | null;
}

function songNames(db: Db, ids: readonly string[]): Map<string, string> {
  const names = new Map<string, string>();
  for (let i = 0; i < ids.length; i += 500) {
    const part = ids.slice(i, i + 500);
    for (const row of db
      .select({ id: tracks.id, name: tracks.name })
      .from(tracks)
      .where(inArray(tracks.id, part))
      .all())
      names.set(row.id, row.name);
  }
  return names;
}

/** The playlist's entries (its own and its preference's), newest first, at most `limit`. */
export function playlistActivityOf(db: Db, of: ActivityOf, limit: number, timeZone: string): ActivityEntry[] {
  const own =
    of.playlistId === null
      ? isNull(playlistActivity.playlistId)
      : or(eq(playlistActivity.playlistId, of.playlistId), isNull(playlistActivity.playlistId));
  const rows = db
    .select()
    .from(playlistActivity)
    .where(
      and(
        eq(playlistActivity.userId, of.userId),
        eq(playlistActivity.source, of.source),
        eq(playlistActivity.preferenceKey, of.preferenceKey),
        own,
      ),
    )
    .orderBy(desc(playlistActivity.at), desc(playlistActivity.id))
    .limit(limit)
    .all();
  const names = songNames(db, [...new Set(rows.flatMap((r) => r.songs))]);
  return rows.map((row) => ({
    at: new Date(row.at).toISOString(),
    when: localDateTime(row.at, timeZone),
    kind: row.kind as ActivityKind,
    count: row.count,
    songs: row.songs.map((trackId) => ({ trackId, name: names.get(trackId) ?? trackId })),
    text: activityText(row),
  }));
}

/** Every entry of the listener, oldest first, for the export of their data. */
export function activityForExport(db: Db, userId: string) {
  return db
    .select()
    .from(playlistActivity)
    .where(eq(playlistActivity.userId, userId))
    .orderBy(asc(playlistActivity.at), asc(playlistActivity.id))
    .all()
    .map((row) => ({
      at: new Date(row.at).toISOString(),
      source: row.source,
      preferenceKey: row.preferenceKey,
      playlistId: row.playlistId,
      kind: row.kind,
      reason: row.reason,
      detail: row.detail,
      count: row.count,
      songs: row.songs,
    }));
}
