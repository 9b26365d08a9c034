// GET /api/admin/user/user-id/{id} and /spotify-id/{id}: everything an admin sees about one user.
import { describeCriteria } from "../../shared/combination-definition.ts";
import type { MembershipLevel } from "../../shared/membership.ts";
import { type AdminUserDetail, adminActivityItems, type UserLookup } from "../../shared/schemas/admin.ts";
import type { Deps } from "../deps.ts";
import { parseStoredCriteria } from "../distribution/combination-store.ts";
import { audioFeaturesUnavailable } from "../library/metadata.ts";
import { notFound } from "../platform/errors.ts";
import { isStatisticsEnabled } from "./user-statistics.ts";

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

interface UserRow {
  id: string;
  spotify_id: string;
  membership_level: MembershipLevel;
  monitored: number;
  created_at: number;
}

function findUser(deps: Pick<Deps, "db">, lookup: UserLookup): UserRow {
  const [column, value] = "userId" in lookup ? ["id", lookup.userId] : ["spotify_id", lookup.spotifyId];
  const row = deps.db.$client
    .query<UserRow, [string]>(
      `SELECT id, spotify_id, membership_level, monitored, created_at FROM users WHERE ${column} = ?`,
    )
    .get(value);
  if (!row) throw notFound("No such user.");
  return row;
}

export function getAdminUserDetail(
  deps: Pick<Deps, "db" | "config" | "clock">,
  lookup: UserLookup,
): AdminUserDetail {
  const user = findUser(deps, lookup);
  const sqlite = deps.db.$client;
  const userId = user.id;

  const likedTracks =
    sqlite
      .query<{ n: number }, [string]>(
        "SELECT COUNT(*) AS n FROM likes WHERE user_id = ? AND unliked_at IS NULL",
      )
      .get(userId)?.n ?? 0;

  const playlists = sqlite
    .query<
      {
        name: string;
        spotify_playlist_id: string | null;
        status: string;
        created_at: number;
        track_count: number;
        stored: number;
        latest_settled_track_liked_at: number | null;
        latest_track_added_at: number | null;
      },
      [string]
    >(
      `SELECT mp.name, mp.spotify_playlist_id, mp.status, mp.created_at, mp.track_count,
         (SELECT COUNT(*) FROM playlist_songs ps WHERE ps.playlist_id = mp.id) AS stored,
         mp.latest_settled_track_liked_at, mp.latest_track_added_at
       FROM managed_playlists mp WHERE mp.user_id = ? ORDER BY mp.created_at, mp.name`,
    )
    .all(userId)
    .map((p) => ({
      playlistName: p.name,
      spotifyPlaylistId: p.spotify_playlist_id,
      status: p.status,
      createdAt: iso(p.created_at),
      numberOfTracks: p.track_count,
      numberOfTracksStored: p.stored,
      latestSettledTrackLikedAt: isoOrNull(p.latest_settled_track_liked_at),
      latestTrackAddedAt: isoOrNull(p.latest_track_added_at),
    }));

  const simplePreferences = sqlite
    .query<{ name: string; selected_at: number }, [string]>(
      "SELECT name, selected_at FROM simple_preferences WHERE user_id = ? ORDER BY selected_at DESC, name",
    )
    .all(userId)
    .map((p) => ({ playlistName: p.name, preferenceDate: iso(p.selected_at) }));

  const combinatorialPreferences = sqlite
    .query<{ playlist_name: string; criteria: string; created_at: number }, [string]>(
      `SELECT playlist_name, criteria, created_at FROM combinations WHERE user_id = ?
       ORDER BY created_at DESC, playlist_name`,
    )
    .all(userId)
    .map((p) => ({
      playlistName: p.playlist_name,
      combinationExpression: describeCriteria(parseStoredCriteria(p.criteria)),
      preferenceDate: iso(p.created_at),
    }));

  const payments = sqlite
    .query<
      {
        change: string;
        effective_date: number;
        registered_date: number;
        notification_id: string;
        customer_id: string | null;
        subscription_id: string | null;
      },
      [string]
    >(
      `SELECT change, effective_date, registered_date, notification_id, customer_id, subscription_id
       FROM payments WHERE user_id = ? ORDER BY effective_date DESC, id DESC`,
    )
    .all(userId)
    .map((p) => ({
      change: p.change,
      effectiveDate: iso(p.effective_date),
      registeredDate: iso(p.registered_date),
      notificationId: p.notification_id,
      customerId: p.customer_id,
      subscriptionId: p.subscription_id,
    }));

  const membershipEvents = sqlite
    .query<{ membership_level: MembershipLevel; effective_date: number }, [string]>(
      `SELECT membership_level, effective_date FROM membership_events WHERE user_id = ?
       ORDER BY effective_date DESC, id DESC`,
    )
    .all(userId)
    .map((e) => ({ membershipLevel: e.membership_level, effectiveDate: iso(e.effective_date) }));

  const activity = sqlite
    .query<{ kind: string; time: number }, [string, number]>(
      "SELECT kind, time FROM activity WHERE user_id = ? ORDER BY time DESC, id DESC LIMIT ?",
    )
    .all(userId, adminActivityItems)
    .map((a) => ({ kind: a.kind, time: iso(a.time) }));

  return {
    user: {
      userId,
      spotifyUserId: user.spotify_id,
      membershipLevel: user.membership_level,
      createdAt: iso(user.created_at),
    },
    isMonitored: user.monitored === 1,
    isStatisticsEnabled: isStatisticsEnabled(deps, userId),
    numberOfLikedTracks: likedTracks,
    playlists,
    simplePreferences,
    combinatorialPreferences,
    payments,
    membershipEvents,
    activity,
    featuresUnavailable: audioFeaturesUnavailable(deps),
  };
}
