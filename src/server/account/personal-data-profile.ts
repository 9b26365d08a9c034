// The personal-data export's account part: the user row, sign-in, settings, and what Crate records of their
// use (statistics, activity, rate limits, Spotify calls, feedback).
import { asc, eq } from "drizzle-orm";
import type { PersonalData } from "../../shared/schemas/account.ts";
import { defaultSettings, eachSetting } from "../../shared/settings.ts";
import { providerIdHash } from "../auth/signup.ts";
import type { Db } from "../db/client.ts";
import {
  activity,
  deletedAccounts,
  feedback,
  providerTokens,
  sessions,
  spotifyCallHours,
  statisticsUsers,
  userSettings,
  users,
} from "../db/schema/index.ts";
import { iso } from "./personal-data-history.ts";

type Profile = Pick<
  PersonalData,
  | "user"
  | "previousDeletion"
  | "providerTokens"
  | "sessions"
  | "settings"
  | "statisticsEnabled"
  | "feedback"
  | "activity"
  | "spotifyCalls"
>;

/** The account part; undefined when the user does not exist. */
export function profileOf(db: Db, userId: string): Profile | undefined {
  const user = db.select().from(users).where(eq(users.id, userId)).get();
  if (!user) return undefined;
  const token = db.select().from(providerTokens).where(eq(providerTokens.userId, userId)).get();
  const settings = db.select().from(userSettings).where(eq(userSettings.userId, userId)).get();
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
        userAgent: s.userAgent,
      })),
    settings: eachSetting((key) => settings?.[key] ?? defaultSettings[key]),
    statisticsEnabled: statistics ? { enabledAt: iso(statistics.enabledAt) } : false,
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
    spotifyCalls: db
      .select()
      .from(spotifyCallHours)
      .where(eq(spotifyCallHours.userId, userId))
      .orderBy(asc(spotifyCallHours.hour), asc(spotifyCallHours.kind))
      .all()
      .map((h) => ({ hour: iso(h.hour), kind: h.kind, calls: h.calls })),
  };
}
