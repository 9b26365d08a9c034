// The combinations table and the names a user has used (used_combination_names).
import { and, asc, count, eq, inArray, not, or, sql } from "drizzle-orm";
import type { RuleDefinition } from "../../../shared/combinations/rules.ts";
import { builtQuery, type Db } from "../../db/client.ts";
import {
  combinations,
  distributions,
  managedPlaylists,
  usedCombinationNames,
} from "../../db/schema/index.ts";
import { playlistRowColumns } from "../repository/playlists.ts";

/** A deletion of the combination is running right now. */
const deletionRunning = sql`EXISTS (SELECT 1 FROM ${distributions} WHERE ${distributions.userId} = ${combinations.userId}
  AND ${distributions.trigger} = 'deletion' AND ${distributions.status} = 'running'
  AND json_extract(${distributions.request}, '$.deleteCombination') = ${combinations.id})`;

/** Nothing of the combination is left on Spotify (a playlist the user deleted there does not count). */
const nothingOnSpotify = sql`NOT EXISTS (SELECT 1 FROM ${managedPlaylists} WHERE ${managedPlaylists.userId} = ${combinations.userId}
  AND ${managedPlaylists.source} = 'combination' AND ${managedPlaylists.preferenceKey} = ${combinations.id}
  AND ${managedPlaylists.spotifyPlaylistId} IS NOT NULL AND ${managedPlaylists.status} != 'vanished')`;

export function countCombinations(db: Db, userId: string): number {
  return db.select({ n: count() }).from(combinations).where(eq(combinations.userId, userId)).get()?.n ?? 0;
}

export function combinationExists(db: Db, id: string, userId: string): boolean {
  return (
    db
      .select({ id: combinations.id })
      .from(combinations)
      .where(and(eq(combinations.id, id), eq(combinations.userId, userId)))
      .get() !== undefined
  );
}

/**
 * The combinations the table lists, in the order they were created: an inactive one is left out while its
 * deletion runs or once nothing of it is left.
 */
export function listedCombinations(db: Db, userId: string) {
  return builtQuery(db, listedCombinationsQuery).all({ userId });
}

// built once: the preferences read of every Playlists page view (ADR 0081)
const listedCombinationsQuery = (db: Db) =>
  db
    .select({
      id: combinations.id,
      playlistName: combinations.playlistName,
      criteria: combinations.criteria,
      exceptCriteria: combinations.exceptCriteria,
      songOrder: combinations.songOrder,
      songLimit: combinations.songLimit,
      unliked: combinations.unliked,
      active: combinations.active,
    })
    .from(combinations)
    .where(
      and(
        eq(combinations.userId, sql.placeholder("userId")),
        or(eq(combinations.active, true), sql`NOT (${deletionRunning} OR ${nothingOnSpotify})`),
      ),
    )
    .orderBy(asc(combinations.createdAt), sql`${combinations}.rowid`)
    .prepare();

/** A combination's whole rule as stored. */
export const ruleColumns = {
  criteria: combinations.criteria,
  exceptCriteria: combinations.exceptCriteria,
  songOrder: combinations.songOrder,
  songLimit: combinations.songLimit,
  unliked: combinations.unliked,
};

/** The combinations that are updated, in the order they were created. */
export function activeCombinations(db: Db, userId: string) {
  return db
    .select({
      id: combinations.id,
      playlistName: combinations.playlistName,
      ...ruleColumns,
      pendingReconcile: combinations.pendingReconcile,
      createdAt: combinations.createdAt,
    })
    .from(combinations)
    .where(and(eq(combinations.userId, userId), eq(combinations.active, true)))
    .orderBy(asc(combinations.createdAt), asc(sql`${combinations}.rowid`))
    .all();
}

/** Combinations whose deletion has finished: inactive, no deletion running, nothing left on Spotify. */
export function deletedCombinationIds(db: Db, userId: string, combinationId?: string): string[] {
  return db
    .select({ id: combinations.id })
    .from(combinations)
    .where(
      and(
        eq(combinations.userId, userId),
        eq(combinations.active, false),
        combinationId === undefined ? undefined : eq(combinations.id, combinationId),
        not(deletionRunning),
        nothingOnSpotify,
      ),
    )
    .all()
    .map((r) => r.id);
}

/**
 * Replaces a combination's rule (and name); the next plan carries the edit out: held songs that no longer pass
 * leave, and with another order the playlist is written anew.
 */
export function replaceRule(
  db: Db,
  id: string,
  change: { playlistName: string; nameKey: string; userId: string; rule: RuleDefinition; reorder: boolean },
): void {
  db.update(combinations)
    .set({
      playlistName: change.playlistName,
      ...ruleValues(change.rule),
      pendingReconcile: change.reorder ? "reorder" : "match",
    })
    .where(eq(combinations.id, id))
    .run();
  db.insert(usedCombinationNames)
    .values({ userId: change.userId, nameKey: change.nameKey })
    .onConflictDoNothing()
    .run();
}

/** One of the listener's combinations that is updated (not being deleted), with its rule; undefined otherwise. */
export function activeCombination(db: Db, userId: string, id: string) {
  return activeCombinations(db, userId).find((c) => c.id === id);
}

/** The edit of a combination's rule is carried out by the plan just recorded. */
export function clearPendingReconcile(db: Db, id: string): void {
  db.update(combinations).set({ pendingReconcile: null }).where(eq(combinations.id, id)).run();
}

export function deactivateCombination(db: Db, id: string): void {
  db.update(combinations).set({ active: false }).where(eq(combinations.id, id)).run();
}

export function deleteCombinationRow(db: Db, id: string): void {
  db.delete(combinations).where(eq(combinations.id, id)).run();
}

/** A rule's columns as stored: the criteria and exceptions as JSON, the order, limit and unliked choice. */
const ruleValues = (rule: RuleDefinition) => ({
  criteria: rule.criteria,
  exceptCriteria: rule.except.length > 0 ? rule.except : null,
  songOrder: rule.order,
  songLimit: rule.limit,
  unliked: rule.unliked,
});

export function insertCombination(
  db: Db,
  row: {
    id: string;
    userId: string;
    playlistName: string;
    rule: RuleDefinition;
    nameKey: string;
    createdAt: number;
  },
): void {
  db.insert(combinations)
    .values({
      id: row.id,
      userId: row.userId,
      playlistName: row.playlistName,
      ...ruleValues(row.rule),
      active: true,
      createdAt: row.createdAt,
    })
    .run();
  db.insert(usedCombinationNames)
    .values({ userId: row.userId, nameKey: row.nameKey })
    .onConflictDoNothing()
    .run();
}

/** True when the user used any of the name keys before. */
export function anyNameUsed(db: Db, userId: string, nameKeys: readonly string[]): boolean {
  if (nameKeys.length === 0) return false;
  return (
    (db
      .select({ n: count() })
      .from(usedCombinationNames)
      .where(
        and(eq(usedCombinationNames.userId, userId), inArray(usedCombinationNames.nameKey, [...nameKeys])),
      )
      .get()?.n ?? 0) > 0
  );
}

/** The user's combination playlists with whether their combination is still active (null: forgotten). */
export function combinationPlaylists(db: Db, userId: string) {
  return db
    .select({ ...playlistRowColumns, active: combinations.active })
    .from(managedPlaylists)
    .leftJoin(
      combinations,
      and(
        eq(combinations.id, managedPlaylists.preferenceKey),
        eq(combinations.userId, managedPlaylists.userId),
      ),
    )
    .where(and(eq(managedPlaylists.userId, userId), eq(managedPlaylists.source, "combination")))
    .all();
}
