import { eq } from "drizzle-orm";
import type { MembershipLevel } from "../../shared/membership.ts";
import type { Db } from "../db/client.ts";
import { readMemo } from "../db/read-memo.ts";
import { sessions } from "../db/schema/index.ts";
import { transaction } from "../db/transaction.ts";
import type { Deps, SessionLookup, SessionRow } from "../deps/deps.ts";
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

/**
 * The statements behind every signed-in request (and whether the user's calls are recorded for statistics, which
 * the activity recorder needs), prepared once when the app is built (`deps.sessionLookup`), without the query
 * builder's mapping. Three lookups by key in one read transaction (the request's own when it reads in one), not one
 * join: bun:sqlite ran the join (sessions, users and the statistics flag) about twice as slowly as the three
 * together (measured on a WAL file: 15 µs against 7 µs), and outside a transaction each statement takes the WAL's
 * read lock again.
 */
export function prepareSessionLookup(db: Db): SessionLookup {
  const session = db.$client.prepare<
    { sessionId: string; lastSeenAt: number; userId: string; expiresAt: number },
    [string]
  >(
    `SELECT id AS sessionId, last_seen_at AS lastSeenAt, user_id AS userId, expires_at AS expiresAt
     FROM sessions WHERE token_hash = ?`,
  );
  const user = db.$client.prepare<Pick<SessionRow, "spotifyId" | "membershipLevel">, [string]>(
    "SELECT spotify_id AS spotifyId, membership_level AS membershipLevel FROM users WHERE id = ?",
  );
  const statistics = db.$client.prepare<{ one: number }, [string]>(
    "SELECT 1 AS one FROM statistics_users WHERE user_id = ?",
  );
  const lookup = (tokenHash: string): (SessionRow & { expiresAt: number }) | undefined => {
    const found = session.get(tokenHash);
    const owner = found && user.get(found.userId);
    if (!found || !owner) return undefined;
    return { ...found, ...owner, statisticsEnabled: statistics.get(found.userId) ? 1 : 0 };
  };
  const remembered = readMemo<ReturnType<typeof lookup>>();
  return {
    get: ({ tokenHash, now, remembered: fromMemory }) => {
      const read = () => transaction(db, () => lookup(tokenHash));
      const row = fromMemory ? remembered.get(db, tokenHash, read) : read();
      return row && row.expiresAt > now ? row : undefined;
    },
  };
}

/**
 * The signed-in user for a raw session token, or null when unknown, idle too long or past its absolute expiry.
 * `remembered`: for a read, the session may come from memory while nothing was written (db/read-memo.ts).
 */
export function lookupSession(
  deps: Pick<Deps, "db" | "clock" | "sessionLookup">,
  token: string | undefined,
  options: { remembered?: boolean } = {},
): SessionUser | null {
  if (!token || token.length > 200) return null;
  const { db } = deps;
  const now = deps.clock.now();
  const row = deps.sessionLookup.get({ tokenHash: hashToken(token), now, remembered: options.remembered });
  if (!row) return null;
  if (now - row.lastSeenAt > SESSION_IDLE_MS) {
    db.delete(sessions).where(eq(sessions.id, row.sessionId)).run();
    return null;
  }
  // Touched at most every ten minutes: polling must not write on every request (each write is a synced commit
  // and makes the remembered reads of db/read-memo.ts read again); idle expiry counts in days, active
  // listeners in days.
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
