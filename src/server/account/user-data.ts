import { getTableName, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import {
  activity,
  analyses,
  analysisSegments,
  artistCorrections,
  combinations,
  distributionEntries,
  distributions,
  feedback,
  journalSteps,
  librarySyncs,
  likes,
  managedPlaylists,
  membershipEvents,
  payments,
  playlistActivity,
  playlistExclusions,
  playlistLayouts,
  playlistSongs,
  providerTokens,
  sessions,
  simplePreferences,
  sourcePlaylistSongs,
  sourcePlaylists,
  spotifyCallHours,
  statisticsUsers,
  subscriptions,
  usedCombinationNames,
  userSettings,
  webhookEvents,
} from "../db/schema/index.ts";

// One registry of where a user's data lives, used by the export, the deletion and the retention purge.
// tests/unit/account/coverage.test.ts fails when a table that holds user data is missing here.

/** Tables whose rows belong to one user through their userId column; deleted with the account. */
export const userOwnedTables = [
  sessions,
  providerTokens,
  likes,
  librarySyncs,
  simplePreferences,
  combinations,
  usedCombinationNames,
  userSettings,
  managedPlaylists,
  distributions,
  analyses,
  statisticsUsers,
  activity,
  feedback,
  playlistExclusions,
  artistCorrections,
  spotifyCallHours,
  // the songs before the playlists they belong to
  sourcePlaylistSongs,
  sourcePlaylists,
  playlistActivity,
] as const;

/** Tables reached through a parent row the user owns; deleted before their parents. */
export const userChildTables = [
  { table: playlistSongs, parent: managedPlaylists },
  { table: playlistLayouts, parent: managedPlaylists },
  { table: distributionEntries, parent: distributions },
  { table: journalSteps, parent: distributions },
  { table: analysisSegments, parent: analyses },
] as const;

/** Membership and payment records: kept after deletion for their legal period, then purged. */
export const retainedTables = [membershipEvents, payments, subscriptions, webhookEvents] as const;

/** Tables keyed by something other than a userId column, handled explicitly: users, deleted_accounts. */
export const specialTableNames = ["users", "deleted_accounts"] as const;

export const userDataTableNames: readonly string[] = [
  ...userOwnedTables.map((t) => getTableName(t)),
  ...userChildTables.map((c) => getTableName(c.table)),
  ...retainedTables.map((t) => getTableName(t)),
  ...specialTableNames,
];

/** Deletes every row of the user in the owned and child tables (not the user row, not retained records). */
export function deleteOwnedRows(tx: Db, userId: string): void {
  const playlistIds = tx
    .select({ id: managedPlaylists.id })
    .from(managedPlaylists)
    .where(sql`${managedPlaylists.userId} = ${userId}`);
  const distributionIds = tx
    .select({ id: distributions.id })
    .from(distributions)
    .where(sql`${distributions.userId} = ${userId}`);
  const analysisIds = tx
    .select({ id: analyses.id })
    .from(analyses)
    .where(sql`${analyses.userId} = ${userId}`);
  tx.delete(playlistSongs).where(inArray(playlistSongs.playlistId, playlistIds)).run();
  tx.delete(playlistLayouts).where(inArray(playlistLayouts.playlistId, playlistIds)).run();
  tx.delete(distributionEntries).where(inArray(distributionEntries.distributionId, distributionIds)).run();
  tx.delete(journalSteps).where(inArray(journalSteps.distributionId, distributionIds)).run();
  tx.delete(analysisSegments).where(inArray(analysisSegments.analysisId, analysisIds)).run();
  for (const table of userOwnedTables) {
    tx.delete(table).where(sql`${table.userId} = ${userId}`).run();
  }
}

export function deleteRetainedRows(tx: Db, userId: string): void {
  for (const table of retainedTables) {
    tx.delete(table).where(sql`${table.userId} = ${userId}`).run();
  }
}
