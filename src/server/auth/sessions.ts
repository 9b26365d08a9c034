import { eq, sql } from "drizzle-orm";
import type { MembershipLevel } from "../../shared/membership.ts";
import { builtQuery, type Db } from "../db/client.ts";
import { sessions, statisticsUsers, users } from "../db/schema/index.ts";
import type { Deps } from "../deps/deps.ts";
import type { Clock } from "../platform/clock.ts";

export const SESSION_COOKIE = "crate_session";
export const SESSION_IDLE_MS = 14 * 24 * 3600_000;
export const SESSION_ABSOLUTE_MS = 60 * 24 * 3600_000;
export const SESSION_TOUCH_MS = 10 * 60_000;

export interface SessionUser {
  sessionId: string;
  userId: string;
  spotifyId: string;
  membershipLevel: MembershipLevel;
  /** the admin turned statistics on for this user: the activity recorder records their calls */
  statisticsEnabled?: boolean;
}

export function hashToken(token: string): string {
  return new Bun.CryptoHasher("sha256").update(token).digest("hex");
}

function randomToken(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
}

/**
 * Creates a new session for the user and returns the raw token (only its hash is stored). `userAgent`: the
 * browser's, trimmed, so the listener can tell their sessions apart.
 */
export function createSession(
  db: Db,
  clock: Clock,
  userId: string,
  userAgent: string | null = null,
): { token: string; expiresAt: number } {
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
      userAgent,
    })
    .run();
  return { token, expiresAt };
}

/** A session by its token's hash, with its user and whether the admin records their calls for statistics. */
function sessionByHash(db: Db, tokenHash: string) {
  return builtQuery(db, sessionByHashQuery).get({ tokenHash });
}

const sessionByHashQuery = (db: Db) =>
  db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      userId: sessions.userId,
      spotifyId: users.spotifyId,
      membershipLevel: users.membershipLevel,
      statisticsEnabled: sql<number>`EXISTS (SELECT 1 FROM ${statisticsUsers} WHERE ${statisticsUsers.userId} = ${users.id})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder("tokenHash")))
    .prepare();

/** The signed-in user for a raw session token, or null when unknown, idle too long or past its absolute expiry. */
export function lookupSession(
  deps: Pick<Deps, "db" | "clock">,
  token: string | undefined,
): SessionUser | null {
  if (!token || token.length > 200) return null;
  const { db } = deps;
  const now = deps.clock.now();
  const row = sessionByHash(db, hashToken(token));
  if (!row || row.expiresAt <= now) return null;
  if (now - row.lastSeenAt > SESSION_IDLE_MS) {
    db.delete(sessions).where(eq(sessions.id, row.sessionId)).run();
    return null;
  }
  // Touched at most every ten minutes: polling must not write (a synced commit) on every request; idle expiry
  // counts in days.
  if (now - row.lastSeenAt > SESSION_TOUCH_MS) {
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
