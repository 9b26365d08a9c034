// Fixtures as typed drizzle inserts: a renamed or retyped column breaks these at `tsc`, not when a test runs.
// Each factory fills only what the schema requires; a test names the fields its case is about.
import { Database } from "bun:sqlite";
import { inArray } from "drizzle-orm";
import { drizzle } from "drizzle-orm/bun-sqlite";
import type { Db } from "../../src/server/db/client.ts";
import * as schema from "../../src/server/db/schema/index.ts";
import {
  artists,
  distributions,
  journalSteps,
  likes,
  managedPlaylists,
  membershipEvents,
  payments,
  playlistSongs,
  tracks,
  users,
} from "../../src/server/db/schema/index.ts";
import type { MembershipLevel } from "../../src/shared/membership.ts";

export type NewUser = typeof users.$inferInsert;
export type NewLike = typeof likes.$inferInsert;
export type NewManagedPlaylist = typeof managedPlaylists.$inferInsert;
export type NewPayment = typeof payments.$inferInsert;
export type NewMembershipEvent = typeof membershipEvents.$inferInsert;
export type NewTrack = typeof tracks.$inferInsert;
export type NewArtist = typeof artists.$inferInsert;
export type NewDistribution = typeof distributions.$inferInsert;
export type NewJournalStep = typeof journalSteps.$inferInsert;

/** The factories' handle on a connection a test opened itself (a database another process serves). */
export function fixtureDb(sqlite: Database): Db {
  return drizzle({ client: sqlite, schema, casing: "snake_case" });
}

/** Makes every user of a database another process serves premium, through a connection of the test's own. */
export function makeEveryonePremiumIn(databasePath: string): void {
  const sqlite = new Database(databasePath);
  try {
    sqlite.exec("PRAGMA busy_timeout = 5000");
    makePremium(fixtureDb(sqlite));
  } finally {
    sqlite.close();
  }
}

/** A user row (no Spotify tokens: a listener who signs in comes from the OAuth flow instead). Returns its id. */
export function createUser(db: Db, fields: Partial<NewUser> & Pick<NewUser, "id">): string {
  db.insert(users)
    .values({ spotifyId: `spotify-${fields.id}`, createdAt: 0, lastLoginAt: 0, ...fields })
    .run();
  return fields.id;
}

/**
 * Gives users a membership level, as a payment or an admin would leave it on the user row (no event recorded:
 * `recordMembershipEvent` adds one where a test reads the history). With no ids, every user.
 */
export function setMembership(db: Db, level: MembershipLevel, ...userIds: string[]): void {
  const update = db.update(users).set({ membershipLevel: level });
  (userIds.length > 0 ? update.where(inArray(users.id, userIds)) : update).run();
}

/** Shorthand for the level most tests need: unlimited playlists and the whole catalogue. */
export function makePremium(db: Db, ...userIds: string[]): void {
  setMembership(db, "PremiumYearly", ...userIds);
}

export function recordMembershipEvent(
  db: Db,
  fields: Partial<NewMembershipEvent> & Pick<NewMembershipEvent, "userId" | "membershipLevel">,
): void {
  db.insert(membershipEvents)
    .values({ effectiveDate: 0, source: "admin", ...fields })
    .run();
}

/** Likes of one user; `likedAt` defaults to the order given (oldest first, one millisecond apart). */
export function addLikes(
  db: Db,
  userId: string,
  rows: readonly (Omit<NewLike, "userId" | "likedAt"> & { likedAt?: number })[],
): void {
  if (rows.length === 0) return;
  db.insert(likes)
    .values(rows.map((row, i) => ({ likedAt: i + 1, ...row, userId })))
    .run();
}

/** A managed playlist row (predefined, active, named after its preference unless given). Returns its id. */
export function createManagedPlaylist(
  db: Db,
  fields: Partial<NewManagedPlaylist> & Pick<NewManagedPlaylist, "id" | "userId" | "preferenceKey">,
): string {
  db.insert(managedPlaylists)
    .values({ source: "predefined", name: fields.preferenceKey, createdAt: 0, ...fields })
    .run();
  return fields.id;
}

/** Songs Crate added to a managed playlist, in the order given. */
export function addPlaylistSongs(db: Db, playlistId: string, trackIds: readonly string[], addedAt = 0): void {
  if (trackIds.length === 0) return;
  db.insert(playlistSongs)
    .values(trackIds.map((trackId) => ({ playlistId, trackId, addedAt })))
    .run();
}

/** A payment record as billing keeps it (a yearly premium payment unless given). */
export function recordPayment(db: Db, fields: Partial<NewPayment> & Pick<NewPayment, "userId">): void {
  db.insert(payments)
    .values({
      change: "PremiumYearly",
      effectiveDate: 0,
      registeredDate: 0,
      notificationId: `ntf_${fields.userId}`,
      ...fields,
    })
    .run();
}

/** A distribution run (running, started by the hourly job, unless given). Returns its id. */
export function createDistribution(
  db: Db,
  fields: Partial<NewDistribution> & Pick<NewDistribution, "id" | "userId">,
): string {
  db.insert(distributions)
    .values({ trigger: "hourly", createdAt: 0, ...fields })
    .run();
  return fields.id;
}

/** Journal steps of a run, pending unless given, in the order given (their ids follow it). */
export function addJournalSteps(
  db: Db,
  distributionId: string,
  rows: readonly (Omit<NewJournalStep, "distributionId" | "updatedAt"> & { updatedAt?: number })[],
): void {
  if (rows.length === 0) return;
  db.insert(journalSteps)
    .values(rows.map((row) => ({ updatedAt: 0, ...row, distributionId })))
    .run();
}

/** A track of the shared catalogue (named after its id, fetched at 0, features still missing, unless given). */
export function createTrack(db: Db, fields: Partial<NewTrack> & Pick<NewTrack, "id" | "artistIds">): string {
  db.insert(tracks)
    .values({ name: fields.id, fetchedAt: 0, ...fields })
    .run();
  return fields.id;
}

/** An artist of the shared catalogue (named after its id unless given). */
export function createArtist(db: Db, fields: Partial<NewArtist> & Pick<NewArtist, "id">): string {
  db.insert(artists)
    .values({ name: fields.id, ...fields })
    .run();
  return fields.id;
}
