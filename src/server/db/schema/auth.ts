import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { membershipLevels } from "../../../shared/membership.ts";

export const users = sqliteTable(
  "users",
  {
    id: text().primaryKey(),
    spotifyId: text().notNull().unique(),
    displayName: text(),
    membershipLevel: text({ enum: membershipLevels }).notNull().default("Free"),
    /** false once the provider refused our refresh token (invalid_grant) until the user signs in again. */
    monitored: integer({ mode: "boolean" }).notNull().default(true),
    createdAt: integer().notNull(),
    lastLoginAt: integer().notNull(),
    /** Set at sign-in when the same provider account deleted its data recently (code 21 until then). */
    creationBlockedUntil: integer(),
    /** where the visitor came from before their first sign-in (the `referrer` of /api/authorize), if known */
    referrer: text(),
    /** Spotify's immutable `account_id` from /me, when Spotify sends it; accounts are linked by it */
    accountId: text(),
    /** IANA time zone from the browser at sign-in or the settings; null: not known yet (UTC) */
    timeZone: text(),
    /** when the listener last completed a sign-in through Spotify: their 6-month grant runs from here */
    spotifyAuthorizedAt: integer(),
    /** when Spotify refused the grant (`invalid_grant`); null while it holds, cleared by the next sign-in */
    spotifyAccessRefusedAt: integer(),
  },
  (t) => [index("users_created_at_idx").on(t.createdAt), uniqueIndex("users_account_id_idx").on(t.accountId)],
);

export const sessions = sqliteTable(
  "sessions",
  {
    id: text().primaryKey(),
    tokenHash: text().notNull().unique(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer().notNull(),
    lastSeenAt: integer().notNull(),
    expiresAt: integer().notNull(),
    /** the browser's User-Agent at sign-in (trimmed), so the listener can tell their sessions apart */
    userAgent: text(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

/** Sign-in states handed out by /api/authorize (hashed): each is accepted by one callback, before it expires. */
export const oauthStates = sqliteTable(
  "oauth_states",
  {
    stateHash: text().primaryKey(),
    expiresAt: integer().notNull(),
  },
  (t) => [index("oauth_states_expires_at_idx").on(t.expiresAt)],
);

/** Provider tokens, AES-256-GCM encrypted with the user id as associated data. */
export const providerTokens = sqliteTable("provider_tokens", {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  accessTokenEnc: text().notNull(),
  refreshTokenEnc: text().notNull(),
  scope: text().notNull().default(""),
  expiresAt: integer().notNull(),
  updatedAt: integer().notNull(),
});

/** Provider accounts that deleted their data: blocks creation for a while after re-sign-in. Purged after 5 days. */
export const deletedAccounts = sqliteTable("deleted_accounts", {
  spotifyIdHash: text().primaryKey(),
  deletedAt: integer().notNull(),
});

/** New accounts per UTC day, for the daily cap and the admin statistics. */
export const dailySignups = sqliteTable("daily_signups", {
  day: text().primaryKey(),
  count: integer().notNull().default(0),
});
