import { asc, eq, sql } from "drizzle-orm";
import { providerIdHash } from "../auth/signup.ts";
import type { Db } from "../db/client.ts";
import {
  activity,
  combinations,
  deletedAccounts,
  feedback,
  librarySyncs,
  likes,
  membershipEvents,
  payments,
  providerTokens,
  sessions,
  simplePreferences,
  statisticsUsers,
  subscriptions,
  throttles,
  tracks,
  usedCombinationNames,
  userSettings,
  users,
  webhookEvents,
} from "../db/schema/index.ts";
import { notSignedIn } from "../platform/errors.ts";
import { analysesOf, distributionsOf, iso, managedPlaylistsOf } from "./personal-data-history.ts";

/** Table names this export reads; checked against the schema by tests/unit/account/coverage.test.ts. */
export const personalDataTableNames = [
  "users",
  "sessions",
  "provider_tokens",
  "deleted_accounts",
  "likes",
  "library_syncs",
  "simple_preferences",
  "combinations",
  "used_combination_names",
  "user_settings",
  "managed_playlists",
  "playlist_songs",
  "distributions",
  "distribution_entries",
  "journal_steps",
  "analyses",
  "analysis_segments",
  "throttles",
  "statistics_users",
  "activity",
  "feedback",
  "membership_events",
  "payments",
  "subscriptions",
  "webhook_events",
] as const;

/** Everything stored about the user, with dates as ISO strings. Token values are never included. */
export function collectPersonalData(db: Db, userId: string) {
  const user = db.select().from(users).where(eq(users.id, userId)).get();
  if (!user) throw notSignedIn();

  const token = db.select().from(providerTokens).where(eq(providerTokens.userId, userId)).get();
  const settings = db.select().from(userSettings).where(eq(userSettings.userId, userId)).get();
  const librarySync = db.select().from(librarySyncs).where(eq(librarySyncs.userId, userId)).get();
  const statistics = db.select().from(statisticsUsers).where(eq(statisticsUsers.userId, userId)).get();
  const previousDeletion = db
    .select()
    .from(deletedAccounts)
    .where(eq(deletedAccounts.spotifyIdHash, providerIdHash(user.spotifyId)))
    .get();

  return {
    user: {
      userId: user.id,
      spotifyUserId: user.spotifyId,
      displayName: user.displayName,
      membershipLevel: user.membershipLevel,
      monitored: user.monitored,
      createdAt: iso(user.createdAt),
      lastLoginAt: iso(user.lastLoginAt),
      creationBlockedUntil: iso(user.creationBlockedUntil),
      referrer: user.referrer,
      spotifyAccountId: user.accountId,
      timeZone: user.timeZone,
    },
    previousDeletion: previousDeletion ? { deletedAt: iso(previousDeletion.deletedAt) } : null,
    providerTokens: token
      ? {
          note: "Access and refresh tokens are stored encrypted and are not shown.",
          scope: token.scope,
          accessTokenExpiresAt: iso(token.expiresAt),
          updatedAt: iso(token.updatedAt),
        }
      : null,
    sessions: db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(asc(sessions.createdAt))
      .all()
      .map((s) => ({
        createdAt: iso(s.createdAt),
        lastSeenAt: iso(s.lastSeenAt),
        expiresAt: iso(s.expiresAt),
      })),
    settings: {
      createPlaylistsAsPrivate: settings?.createPlaylistsAsPrivate ?? false,
      removePlaylistPostfix: settings?.removePlaylistPostfix ?? false,
      addRecordingOnce: settings?.addRecordingOnce ?? false,
    },
    statisticsEnabled: statistics ? { enabledAt: iso(statistics.enabledAt) } : false,
    likedSongsLastRead: librarySync
      ? { lastSyncAt: iso(librarySync.lastSyncAt), lastFullSyncAt: iso(librarySync.lastFullSyncAt) }
      : null,
    likedSongs: db
      .select({
        trackId: likes.trackId,
        trackName: tracks.name,
        likedAt: likes.likedAt,
        unlikedAt: likes.unlikedAt,
      })
      .from(likes)
      .leftJoin(tracks, eq(tracks.id, likes.trackId))
      .where(eq(likes.userId, userId))
      .orderBy(asc(likes.likedAt))
      .all()
      .map((l) => ({ ...l, likedAt: iso(l.likedAt), unlikedAt: iso(l.unlikedAt) })),
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
        active: c.active,
        createdAt: iso(c.createdAt),
      })),
    usedCombinationNames: db
      .select({ name: usedCombinationNames.nameKey })
      .from(usedCombinationNames)
      .where(eq(usedCombinationNames.userId, userId))
      .all()
      .map((n) => n.name),
    managedPlaylists: managedPlaylistsOf(db, userId),
    distributionHistory: distributionsOf(db, userId),
    analyses: analysesOf(db, userId),
    feedback: db
      .select()
      .from(feedback)
      .where(eq(feedback.userId, userId))
      .orderBy(asc(feedback.createdAt))
      .all()
      .map((f) => ({ feedback: f.feedback, sentAt: iso(f.createdAt) })),
    activity: db
      .select()
      .from(activity)
      .where(eq(activity.userId, userId))
      .orderBy(asc(activity.time))
      .all()
      .map((a) => ({ kind: a.kind, time: iso(a.time) })),
    rateLimits: db
      .select()
      .from(throttles)
      .where(sql`instr(${throttles.key}, ${userId}) > 0`)
      .all()
      .map((t) => ({ action: t.key, lastAt: iso(t.at) })),
    membershipEvents: db
      .select()
      .from(membershipEvents)
      .where(eq(membershipEvents.userId, userId))
      .orderBy(asc(membershipEvents.effectiveDate))
      .all()
      .map((m) => ({
        membershipLevel: m.membershipLevel,
        effectiveDate: iso(m.effectiveDate),
        source: m.source,
      })),
    payments: db
      .select()
      .from(payments)
      .where(eq(payments.userId, userId))
      .orderBy(asc(payments.effectiveDate))
      .all()
      .map((p) => ({
        change: p.change,
        effectiveDate: iso(p.effectiveDate),
        registeredDate: iso(p.registeredDate),
        notificationId: p.notificationId,
        customerId: p.customerId,
        subscriptionId: p.subscriptionId,
        amount: p.amount,
        currency: p.currency,
      })),
    subscriptions: db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId))
      .all()
      .map((s) => ({
        subscriptionId: s.id,
        customerId: s.customerId,
        status: s.status,
        nextBillingDate: iso(s.nextBillingDate),
        currentBillingPeriodEnds: iso(s.currentBillingPeriodEnds),
        amount: s.amount,
        currency: s.currency,
        endedAt: iso(s.endedAt),
        updatedAt: iso(s.updatedAt),
      })),
    /** Paddle's notifications about the user's payments, as stored (trimmed to what billing needs) */
    paymentNotifications: db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.userId, userId))
      .orderBy(asc(webhookEvents.occurredAt))
      .all()
      .map((w) => ({
        eventId: w.eventId,
        eventType: w.eventType,
        occurredAt: iso(w.occurredAt),
        receivedAt: iso(w.receivedAt),
        outcome: w.outcome,
        payload: JSON.parse(w.payload) as unknown,
      })),
  };
}

export type PersonalData = ReturnType<typeof collectPersonalData>;
