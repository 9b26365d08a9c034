// The listener's Spotify grant: when they last authorized Crate, when that ends (6 calendar months later), and
// whether Spotify refused it. A grant that ended costs no token or Web API call until the next sign-in.
import { eq } from "drizzle-orm";
import {
  accessState,
  grantEndsAt,
  type SpotifyAccess,
  type SpotifyAccessState,
} from "../../shared/spotify-access.ts";
import type { Db } from "../db/client.ts";
import { users } from "../db/schema/index.ts";
import type { Deps } from "../deps/deps.ts";

export interface GrantRecord {
  authorizedAt: number;
  endsAt: number;
  /** when Spotify refused the grant before its end, or null */
  refusedAt: number | null;
  state: SpotifyAccessState;
  /** when updates stopped (the refusal, or the end), null while the grant holds */
  endedAt: number | null;
}

/**
 * A completed sign-in through Spotify: a fresh 6-month grant from `authorizedAt` (now; earlier only for the
 * demo's ending listener, auth/demo-grant.ts), any earlier refusal forgotten, monitored again.
 */
export function recordAuthorization(
  deps: Pick<Deps, "db" | "clock">,
  userId: string,
  authorizedAt = deps.clock.now(),
): void {
  deps.db
    .update(users)
    .set({ spotifyAuthorizedAt: authorizedAt, spotifyAccessRefusedAt: null, monitored: true })
    .where(eq(users.id, userId))
    .run();
}

/** Spotify answered `invalid_grant`: the grant is over until the listener signs in again (the first refusal kept). */
export function recordAccessRefused(db: Db, userId: string, now: number): void {
  const row = db
    .select({ refusedAt: users.spotifyAccessRefusedAt })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  db.update(users)
    .set({ monitored: false, spotifyAccessRefusedAt: row?.refusedAt ?? now })
    .where(eq(users.id, userId))
    .run();
}

/** The grant of one listener as stored; null for an unknown listener. */
export function readGrant(deps: Pick<Deps, "db" | "clock">, userId: string): GrantRecord | null {
  const row = deps.db
    .select({
      authorizedAt: users.spotifyAuthorizedAt,
      refusedAt: users.spotifyAccessRefusedAt,
      monitored: users.monitored,
      lastLoginAt: users.lastLoginAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  if (!row) return null;
  return grantOf(row, deps.clock.now());
}

/** The grant from a user row's columns (the last sign-in, else the account's creation, when no authorization is stored). */
export function grantOf(
  row: {
    authorizedAt: number | null;
    refusedAt: number | null;
    monitored: boolean;
    lastLoginAt: number | null;
    createdAt: number;
  },
  now: number,
): GrantRecord {
  const authorizedAt = row.authorizedAt ?? row.lastLoginAt ?? row.createdAt;
  const endsAt = grantEndsAt(authorizedAt);
  // A listener not monitored lost the grant before refusals were recorded: ended at the end at the latest.
  const refusedAt = row.refusedAt ?? (row.monitored ? null : Math.min(now, endsAt));
  const state = accessState(endsAt, refusedAt, now);
  const endedAt = state === "ended" ? (refusedAt ?? endsAt) : null;
  return { authorizedAt, endsAt, refusedAt, state, endedAt };
}

/** Whether Crate may still act for the listener on Spotify (no call at all once the grant ended). */
export function grantHolds(deps: Pick<Deps, "db" | "clock">, userId: string): boolean {
  const grant = readGrant(deps, userId);
  return grant !== null && grant.state !== "ended";
}

/** GET /api/user/spotify-access. */
export function spotifyAccessAnswer(
  deps: Pick<Deps, "db" | "clock">,
  userId: string,
): SpotifyAccess & {
  endedAt: string | null;
} {
  const grant = readGrant(deps, userId);
  const now = deps.clock.now();
  const g =
    grant ??
    grantOf({ authorizedAt: now, refusedAt: null, monitored: true, lastLoginAt: now, createdAt: now }, now);
  return {
    authorizedAt: new Date(g.authorizedAt).toISOString(),
    endsAt: new Date(g.endsAt).toISOString(),
    state: g.state,
    endedAt: g.endedAt === null ? null : new Date(g.endedAt).toISOString(),
  };
}
