// The Spotify block of the admin statistics and user detail: grants ending or ended, the quota pause, and the
// Web API calls of the last 24 hours by kind and by listener.
import type { AdminSpotifyStatistics } from "../../shared/schemas/admin.ts";
import { reportCallsByKind } from "../../shared/spotify-access.ts";
import { grantOf, readGrant } from "../auth/spotify-access.ts";
import { users } from "../db/schema/index.ts";
import type { Deps } from "../deps/deps.ts";
import { namedUsers } from "./user-names.ts";

const TOP_LISTENERS = 10;

/** Listeners whose grant ends within 14 days, and those whose grant ended (refused, or past its end). */
export function grantCounts(deps: Pick<Deps, "db" | "clock">): { ending: number; ended: number } {
  const now = deps.clock.now();
  const rows = deps.db
    .select({
      authorizedAt: users.spotifyAuthorizedAt,
      refusedAt: users.spotifyAccessRefusedAt,
      monitored: users.monitored,
      lastLoginAt: users.lastLoginAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .all();
  let ending = 0;
  let ended = 0;
  for (const row of rows) {
    const state = grantOf(row, now).state;
    if (state === "ending") ending += 1;
    else if (state === "ended") ended += 1;
  }
  return { ending, ended };
}

export function spotifyStatistics(
  deps: Pick<Deps, "db" | "clock" | "spotify" | "spotifyCalls" | "config">,
): AdminSpotifyStatistics {
  const grants = grantCounts(deps);
  const quota = deps.spotify.quota();
  return {
    accessEndingWithin14Days: grants.ending,
    accessEnded: grants.ended,
    quota: {
      paused: quota.paused,
      since: quota.since === null ? null : new Date(quota.since).toISOString(),
      probes: quota.probes,
      pauses: quota.pauses,
      refusedCalls: quota.refusedCalls,
    },
    callsLast24h: reportedCalls(deps.spotifyCalls.last24h()),
    topListeners: namedUsers(deps.db, deps.spotifyCalls.topListeners(TOP_LISTENERS)),
    dailyBudget: deps.config.spotify.dailyCalls,
  };
}

/** The user detail's Spotify fields: the grant's end and the listener's calls in the last 24 hours. */
export function listenerSpotifyAccess(deps: Pick<Deps, "db" | "clock" | "spotifyCalls">, userId: string) {
  const grant = readGrant(deps, userId);
  const endsAt = grant?.endsAt ?? deps.clock.now();
  return {
    spotifyAccessEndsAt: new Date(endsAt).toISOString(),
    spotifyAccessState: grant?.state ?? ("ended" as const),
    spotifyCallsLast24h: deps.spotifyCalls.forListener(userId),
  };
}

function reportedCalls(calls: { total: number; byKind: Parameters<typeof reportCallsByKind>[0] }) {
  return { total: calls.total, byKind: reportCallsByKind(calls.byKind) };
}
