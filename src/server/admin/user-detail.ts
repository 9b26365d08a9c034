// GET /api/admin/user/user-id/{id} and /spotify-id/{id}: everything an admin sees about one user.
import { describeCriteria } from "../../shared/combinations/definition.ts";
import { type AdminUserDetail, adminActivityItems, type UserLookup } from "../../shared/schemas/admin.ts";
import { paymentRecord } from "../billing/records.ts";
import type { Deps } from "../deps/deps.ts";
import { parseStoredCriteria } from "../distribution/combinations/stored-criteria.ts";
import { countActiveLikes } from "../library/likes-repository.ts";
import { audioFeaturesUnavailable } from "../library/metadata.ts";
import { notFound } from "../platform/errors.ts";
import { recentActivity } from "./activity-repository.ts";
import { listenerSpotifyAccess } from "./spotify-statistics.ts";
import {
  combinationsOf,
  findUserBy,
  membershipEventsOf,
  paymentsOf,
  playlistsWithStoredSongs,
  selectedEntries,
} from "./user-detail-repository.ts";
import { isStatisticsEnabled } from "./user-statistics.ts";

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

function findUser(deps: Pick<Deps, "db">, lookup: UserLookup) {
  const row = findUserBy(deps.db, lookup);
  if (!row) throw notFound("No such user.");
  return row;
}

export function getAdminUserDetail(
  deps: Pick<Deps, "db" | "config" | "clock" | "spotifyCalls">,
  lookup: UserLookup,
): AdminUserDetail {
  const user = findUser(deps, lookup);
  const userId = user.id;
  const playlists = playlistsWithStoredSongs(deps.db, userId).map((p) => ({
    playlistName: p.name,
    spotifyPlaylistId: p.spotifyPlaylistId,
    status: p.status,
    createdAt: iso(p.createdAt),
    numberOfTracks: p.trackCount,
    numberOfTracksStored: p.stored,
    latestSettledTrackLikedAt: isoOrNull(p.latestSettledTrackLikedAt),
    latestTrackAddedAt: isoOrNull(p.latestTrackAddedAt),
  }));
  const simplePreferences = selectedEntries(deps.db, userId).map((p) => ({
    playlistName: p.name,
    preferenceDate: iso(p.selectedAt),
  }));
  const combinatorialPreferences = combinationsOf(deps.db, userId).map((p) => ({
    playlistName: p.playlistName,
    combinationExpression: describeCriteria(parseStoredCriteria(p.criteria)),
    preferenceDate: iso(p.createdAt),
  }));
  const payments = paymentsOf(deps.db, userId).map(paymentRecord);
  const membershipEvents = membershipEventsOf(deps.db, userId).map((e) => ({
    membershipLevel: e.membershipLevel,
    effectiveDate: iso(e.effectiveDate),
  }));
  const activity = recentActivity(deps.db, userId, adminActivityItems).map((a) => ({
    kind: a.kind,
    time: iso(a.time),
  }));

  return {
    user: {
      userId,
      spotifyUserId: user.spotifyId,
      membershipLevel: user.membershipLevel,
      createdAt: iso(user.createdAt),
    },
    isMonitored: user.monitored,
    isStatisticsEnabled: isStatisticsEnabled(deps, userId),
    numberOfLikedTracks: countActiveLikes(deps.db, userId),
    playlists,
    simplePreferences,
    combinatorialPreferences,
    payments,
    membershipEvents,
    activity,
    featuresUnavailable: audioFeaturesUnavailable(deps),
    ...listenerSpotifyAccess(deps, userId),
  };
}
