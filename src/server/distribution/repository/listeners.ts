// What distribution reads and keeps of a listener: membership and settings, the predefined selection
// (simple_preferences), whether likes wait for a plan (library_syncs) and who the batch jobs visit.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { premiumLevel } from "../../../shared/membership.ts";
import { builtQuery, type Db } from "../../db/client.ts";
import {
  combinations,
  librarySyncs,
  simplePreferences,
  userSettingColumns,
  userSettings,
  users,
} from "../../db/schema/index.ts";

/** Membership and the settings planning follows (a user without settings has them all off). */
export function userFacts(db: Db, userId: string) {
  return (
    db
      .select({
        membershipLevel: users.membershipLevel,
        ...userSettingColumns,
      })
      .from(users)
      .leftJoin(userSettings, eq(userSettings.userId, users.id))
      .where(eq(users.id, userId))
      .get() ?? null
  );
}

export function createsPrivatePlaylists(db: Db, userId: string): boolean {
  return (
    db
      .select({ isPrivate: userSettings.createPlaylistsAsPrivate })
      .from(userSettings)
      .where(eq(userSettings.userId, userId))
      .get()?.isPrivate === true
  );
}

/** The predefined selection, oldest choice first. */
export function selectedPreferences(db: Db, userId: string) {
  return builtQuery(db, selectedPreferencesQuery).all({ userId });
}

// built once: the preferences read of every Playlists page view (ADR 0081)
const selectedPreferencesQuery = (db: Db) =>
  db
    .select({ name: simplePreferences.name, selectedAt: simplePreferences.selectedAt })
    .from(simplePreferences)
    .where(eq(simplePreferences.userId, sql.placeholder("userId")))
    .orderBy(asc(simplePreferences.selectedAt), asc(simplePreferences.name))
    .prepare();

/** Replaces the selection; entries kept keep the date they were first selected. */
export function replaceSelection(db: Db, userId: string, names: readonly string[], now: number): void {
  const keep = new Set(names);
  for (const { name } of selectedPreferences(db, userId))
    if (!keep.has(name)) deselectPreference(db, userId, name);
  if (names.length === 0) return;
  db.insert(simplePreferences)
    .values(names.map((name) => ({ userId, name, selectedAt: now })))
    .onConflictDoNothing()
    .run();
}

export function deselectPreference(db: Db, userId: string, name: string): void {
  db.delete(simplePreferences)
    .where(and(eq(simplePreferences.userId, userId), eq(simplePreferences.name, name)))
    .run();
}

/** True when the user selected anything: a predefined entry or an active combination. */
export function hasSelection(db: Db, userId: string): boolean {
  const predefined = db
    .select({ one: sql`1` })
    .from(simplePreferences)
    .where(eq(simplePreferences.userId, userId))
    .limit(1)
    .get();
  if (predefined) return true;
  return (
    db
      .select({ one: sql`1` })
      .from(combinations)
      .where(and(eq(combinations.userId, userId), eq(combinations.active, true)))
      .limit(1)
      .get() !== undefined
  );
}

/** A sync found likes no plan has seen yet. */
export function hasNewLikesPending(db: Db, userId: string): boolean {
  return (
    db
      .select({ pending: librarySyncs.newLikesPending })
      .from(librarySyncs)
      .where(eq(librarySyncs.userId, userId))
      .get()?.pending === true
  );
}

/** Every like read so far is planned: the hourly job has nothing waiting for this user. */
export function clearNewLikesPending(db: Db, userId: string): void {
  db.update(librarySyncs).set({ newLikesPending: false }).where(eq(librarySyncs.userId, userId)).run();
}

/** Monitored users, the ones synced longest ago first. */
export function monitoredUsersBySyncAge(db: Db): string[] {
  return db
    .select({ id: users.id })
    .from(users)
    .leftJoin(librarySyncs, eq(librarySyncs.userId, users.id))
    .where(eq(users.monitored, true))
    .orderBy(sql`coalesce(${librarySyncs.lastSyncAt}, 0)`, asc(users.createdAt))
    .all()
    .map((r) => r.id);
}

/** Monitored premium users who selected one of `names`. */
export function monitoredPremiumUsersWith(db: Db, names: readonly string[]): string[] {
  return db
    .selectDistinct({ id: users.id })
    .from(users)
    .innerJoin(simplePreferences, eq(simplePreferences.userId, users.id))
    .where(
      and(
        eq(users.monitored, true),
        eq(users.membershipLevel, premiumLevel),
        inArray(simplePreferences.name, [...names]),
      ),
    )
    .all()
    .map((r) => r.id);
}
