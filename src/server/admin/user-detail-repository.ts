// What an admin sees about one user, read from the user's rows in each table.
import { asc, count, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import {
  combinations,
  managedPlaylists,
  membershipEvents,
  payments,
  playlistSongs,
  simplePreferences,
  users,
} from "../db/schema/index.ts";

/** The user by Crate's id or by Spotify id; undefined when unknown. */
export function findUserBy(db: Db, by: { userId: string } | { spotifyId: string }) {
  return db
    .select({
      id: users.id,
      spotifyId: users.spotifyId,
      membershipLevel: users.membershipLevel,
      monitored: users.monitored,
      createdAt: users.createdAt,
    })
    .from(users)
    .where("userId" in by ? eq(users.id, by.userId) : eq(users.spotifyId, by.spotifyId))
    .get();
}

/** The user's managed playlists with the number of songs Crate recorded for each, oldest first. */
export function playlistsWithStoredSongs(db: Db, userId: string) {
  const stored = db
    .select({ n: count() })
    .from(playlistSongs)
    .where(eq(playlistSongs.playlistId, managedPlaylists.id));
  return db
    .select({
      name: managedPlaylists.name,
      spotifyPlaylistId: managedPlaylists.spotifyPlaylistId,
      status: managedPlaylists.status,
      createdAt: managedPlaylists.createdAt,
      trackCount: managedPlaylists.trackCount,
      stored: sql<number>`(${stored})`,
      latestSettledTrackLikedAt: managedPlaylists.latestSettledTrackLikedAt,
      latestTrackAddedAt: managedPlaylists.latestTrackAddedAt,
    })
    .from(managedPlaylists)
    .where(eq(managedPlaylists.userId, userId))
    .orderBy(asc(managedPlaylists.createdAt), asc(managedPlaylists.name))
    .all();
}

/** Selected catalogue entries, latest first. */
export function selectedEntries(db: Db, userId: string) {
  return db
    .select({ name: simplePreferences.name, selectedAt: simplePreferences.selectedAt })
    .from(simplePreferences)
    .where(eq(simplePreferences.userId, userId))
    .orderBy(desc(simplePreferences.selectedAt), asc(simplePreferences.name))
    .all();
}

/** Every combination the user made (deleted-but-failed ones too), latest first. */
export function combinationsOf(db: Db, userId: string) {
  return db
    .select({
      playlistName: combinations.playlistName,
      criteria: combinations.criteria,
      createdAt: combinations.createdAt,
    })
    .from(combinations)
    .where(eq(combinations.userId, userId))
    .orderBy(desc(combinations.createdAt), asc(combinations.playlistName))
    .all();
}

/** Payment records, latest first. */
export function paymentsOf(db: Db, userId: string) {
  return db
    .select({
      change: payments.change,
      effectiveDate: payments.effectiveDate,
      registeredDate: payments.registeredDate,
      notificationId: payments.notificationId,
      customerId: payments.customerId,
      subscriptionId: payments.subscriptionId,
    })
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.effectiveDate), desc(payments.id))
    .all();
}

/** Membership level changes, latest first. */
export function membershipEventsOf(db: Db, userId: string) {
  return db
    .select({
      membershipLevel: membershipEvents.membershipLevel,
      effectiveDate: membershipEvents.effectiveDate,
    })
    .from(membershipEvents)
    .where(eq(membershipEvents.userId, userId))
    .orderBy(desc(membershipEvents.effectiveDate), desc(membershipEvents.id))
    .all();
}
