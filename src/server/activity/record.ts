// Recording a playlist's activity. A run's writes of one kind to one playlist make one entry (its additions,
// its removals for one reason), so an update reads as one line however many calls it took.
import { and, eq, isNull, sql } from "drizzle-orm";
import { type ActivityKind, activityLimits, type RemovalReason } from "../../shared/activity.ts";
import type { Db } from "../db/client.ts";
import { playlistActivity } from "../db/schema/index.ts";

/** Where an entry belongs: a preference, and one of its Spotify playlists (null: all of them). */
export interface ActivityPlace {
  userId: string;
  source: "predefined" | "combination";
  preferenceKey: string;
  playlistId: string | null;
}

export interface NewActivity extends ActivityPlace {
  kind: ActivityKind;
  /** the songs, in playlist order (the first 50 are kept) */
  trackIds: readonly string[];
  /** how many songs (the songs listed when left out) */
  count?: number;
  reason?: RemovalReason | null;
  detail?: string | null;
  at: number;
}

const firstSongs = (ids: readonly string[]) => ids.slice(0, activityLimits.songsPerEntry);

/** Records one entry on its own. */
export function recordActivity(db: Db, entry: NewActivity): void {
  db.insert(playlistActivity)
    .values({
      userId: entry.userId,
      source: entry.source,
      preferenceKey: entry.preferenceKey,
      playlistId: entry.playlistId,
      kind: entry.kind,
      reason: entry.reason ?? null,
      detail: entry.detail ?? null,
      count: entry.count ?? entry.trackIds.length,
      songs: firstSongs(entry.trackIds),
      at: entry.at,
    })
    .run();
}

/** A rule (combination) was changed: its playlists' pages say so. For the rule's edit to call. */
export function recordRuleChanged(
  db: Db,
  change: { userId: string; combinationId: string; at: number; detail?: string | null },
): void {
  recordActivity(db, {
    userId: change.userId,
    source: "combination",
    preferenceKey: change.combinationId,
    playlistId: null,
    kind: "ruleChanged",
    trackIds: [],
    detail: change.detail ?? null,
    at: change.at,
  });
}

const runEntry = (distributionId: string, playlistId: string, kind: ActivityKind, reason: string | null) =>
  and(
    eq(playlistActivity.distributionId, distributionId),
    eq(playlistActivity.playlistId, playlistId),
    eq(playlistActivity.kind, kind),
    reason === null ? isNull(playlistActivity.reason) : eq(playlistActivity.reason, reason),
  );

/** The kind a run's entry for this playlist already has among `kinds`, if any (the first fill's "created"). */
export function runEntryKind(
  db: Db,
  distributionId: string,
  playlistId: string,
  kinds: readonly ActivityKind[],
): ActivityKind | null {
  for (const kind of kinds) {
    const found = db
      .select({ id: playlistActivity.id })
      .from(playlistActivity)
      .where(runEntry(distributionId, playlistId, kind, null))
      .get();
    if (found) return kind;
  }
  return null;
}

/** Adds a run's write to its entry for the playlist, kind and reason; the first write makes the entry. */
export function addToRunEntry(
  db: Db,
  entry: NewActivity & { playlistId: string; distributionId: string },
): void {
  const reason = entry.reason ?? null;
  const existing = db
    .select({ id: playlistActivity.id, songs: playlistActivity.songs })
    .from(playlistActivity)
    .where(runEntry(entry.distributionId, entry.playlistId, entry.kind, reason))
    .get();
  const count = entry.count ?? entry.trackIds.length;
  if (!existing) {
    db.insert(playlistActivity)
      .values({
        userId: entry.userId,
        source: entry.source,
        preferenceKey: entry.preferenceKey,
        playlistId: entry.playlistId,
        distributionId: entry.distributionId,
        kind: entry.kind,
        reason,
        detail: entry.detail ?? null,
        count,
        songs: firstSongs(entry.trackIds),
        at: entry.at,
      })
      .run();
    return;
  }
  const room = activityLimits.songsPerEntry - existing.songs.length;
  const songs = room > 0 ? [...existing.songs, ...entry.trackIds.slice(0, room)] : existing.songs;
  db.update(playlistActivity)
    .set({ count: sql`${playlistActivity.count} + ${count}`, songs })
    .where(eq(playlistActivity.id, existing.id))
    .run();
}

/**
 * Songs a run took out and put back in the same playlist (a Latest N rebuilt in order, a sample drawn again)
 * did not leave: they come off the run's removal entry for that reason, which goes when none is left.
 */
export function withdrawFromRunEntry(
  db: Db,
  entry: {
    distributionId: string;
    playlistId: string;
    reason: RemovalReason | null;
    trackIds: readonly string[];
  },
): void {
  const where = runEntry(entry.distributionId, entry.playlistId, "removedByCrate", entry.reason);
  const existing = db
    .select({ id: playlistActivity.id, count: playlistActivity.count, songs: playlistActivity.songs })
    .from(playlistActivity)
    .where(where)
    .get();
  if (!existing) return;
  const count = existing.count - entry.trackIds.length;
  if (count <= 0) {
    db.delete(playlistActivity).where(eq(playlistActivity.id, existing.id)).run();
    return;
  }
  const back = new Set(entry.trackIds);
  db.update(playlistActivity)
    .set({ count, songs: existing.songs.filter((id) => !back.has(id)) })
    .where(eq(playlistActivity.id, existing.id))
    .run();
}
