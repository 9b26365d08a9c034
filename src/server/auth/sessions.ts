import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { sessions } from "../db/schema/index.ts";
import type { Deps, SessionLookup, SessionRow } from "../deps.ts";
import type { Clock } from "../platform/clock.ts";

export const SESSION_COOKIE = "crate_session";
export const SESSION_IDLE_MS = 14 * 24 * 3600_000;
export const SESSION_ABSOLUTE_MS = 60 * 24 * 3600_000;

export interface SessionUser {
  sessionId: string;
  userId: string;
  spotifyId: string;
  membershipLevel: "Free" | "FreeBeforePremiumIntroduced" | "PremiumYearly";
  /** the admin turned statistics on for this user: the activity recorder records their calls */
  statisticsEnabled?: boolean;
}

export function hashToken(token: string): string {
  return new Bun.CryptoHasher("sha256").update(token).digest("hex");
}

function randomToken(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
}

/** Creates a new session for the user and returns the raw token (only its hash is stored). */
export function createSession(db: Db, clock: Clock, userId: string): { token: string; expiresAt: number } {
  const token = randomToken();
  const now = clock.now();
  const expiresAt = now + SESSION_ABSOLUTE_MS;
  db.insert(sessions)
    .values({
      id: crypto.randomUUID(),
      tokenHash: hashToken(token),
      userId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
    })
    .run();
  return { token, expiresAt };
}

/**
 * The statement behind every signed-in request (and whether the user's calls are recorded for statistics, which
 * the activity recorder needs), prepared once when the app is built (`deps.sessionLookup`), without the query
 * builder's mapping.
 */
export function prepareSessionLookup(db: Db): SessionLookup {
  const statement = db.$client.prepare<SessionRow, [string, number]>(
    `SELECT s.id AS sessionId, s.last_seen_at AS lastSeenAt, u.id AS userId, u.spotify_id AS spotifyId,
            u.membership_level AS membershipLevel,
            EXISTS (SELECT 1 FROM statistics_users su WHERE su.user_id = u.id) AS statisticsEnabled
     FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.token_hash = ? AND s.expires_at > ?`,
  );
  return { get: ({ tokenHash, now }) => statement.get(tokenHash, now) ?? undefined };
}

/** The signed-in user for a raw session token, or null when unknown, idle too long or past its absolute expiry. */
export function lookupSession(
  deps: Pick<Deps, "db" | "clock" | "sessionLookup">,
  token: string | undefined,
): SessionUser | null {
  if (!token || token.length > 200) return null;
  const { db } = deps;
  const now = deps.clock.now();
  const row = deps.sessionLookup.get({ tokenHash: hashToken(token), now });
  if (!row) return null;
  if (now - row.lastSeenAt > SESSION_IDLE_MS) {
    db.delete(sessions).where(eq(sessions.id, row.sessionId)).run();
    return null;
  }
  // Touch at most once a minute, so polling does not write on every request.
  if (now - row.lastSeenAt > 60_000) {
    db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.sessionId)).run();
  }
  return {
    sessionId: row.sessionId,
    userId: row.userId,
    spotifyId: row.spotifyId,
    membershipLevel: row.membershipLevel,
    statisticsEnabled: row.statisticsEnabled === 1,
  };
}

export function revokeSession(db: Db, token: string | undefined): void {
  if (!token) return;
  db.delete(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)))
    .run();
}

export function revokeAllSessions(db: Db, userId: string): void {
  db.delete(sessions).where(eq(sessions.userId, userId)).run();
}
