// GET /api/playlist-preferences: the catalogue with availability, the user's selection and what the page needs.
// The client reads only the listener's part (`getListenerPreferences`) and takes the catalogue's from its bundle.

import { limits } from "../../shared/limits.ts";
import { hasUnlimitedPlaylists, type MembershipLevel } from "../../shared/membership.ts";
import { isPlaylistFailure } from "../../shared/playlist-failures.ts";
import { cataloguePreferences } from "../../shared/schemas/catalogue-preferences.ts";
import type {
  CombinatorialPreference,
  PlaylistPreferencesResponse,
} from "../../shared/schemas/distribution.ts";
import { transaction } from "../db/transaction.ts";
import type { Deps } from "../deps/deps.ts";
import { audioFeaturesUnavailable } from "../library/metadata.ts";
import { listCombinations } from "./combinations/stored-criteria.ts";
import { leftAlonePlaylists } from "./repository/playlists.ts";
import { runningOwnRun } from "./repository/runs.ts";
import { loadSelection } from "./runs/plan-inputs.ts";

/** The user's combination playlists as the preferences call lists them (src/server/distribution/combinations). */
export function listCombinatorialPreferences(
  deps: Pick<Deps, "db">,
  userId: string,
): CombinatorialPreference[] {
  return listCombinations(deps.db, userId);
}

/** The answer without the catalogue's part: what differs between listeners and page views. */
export type ListenerPreferences = Omit<
  PlaylistPreferencesResponse,
  "availableSimplePlaylistPreferences" | "preferenceGroups"
>;

/** The documented answer: the catalogue's part for the listener's level with the listener's own part. */
export function getPlaylistPreferences(
  deps: Pick<Deps, "db" | "config" | "clock">,
  user: { userId: string; membershipLevel: MembershipLevel },
): PlaylistPreferencesResponse {
  const { usersSimplePlaylistPreferences, ...rest } = getListenerPreferences(deps, user);
  const { availableSimplePlaylistPreferences, preferenceGroups } = cataloguePreferences(user.membershipLevel);
  return { availableSimplePlaylistPreferences, usersSimplePlaylistPreferences, preferenceGroups, ...rest };
}

/** The listener's part of the answer, its reads in one read transaction (one snapshot). */
export function getListenerPreferences(
  deps: Pick<Deps, "db" | "config" | "clock">,
  user: { userId: string; membershipLevel: MembershipLevel },
): ListenerPreferences {
  return transaction(deps.db, () => readListenerPreferences(deps, user));
}

function readListenerPreferences(
  deps: Pick<Deps, "db" | "config" | "clock">,
  user: { userId: string; membershipLevel: MembershipLevel },
): ListenerPreferences {
  const selection = loadSelection(deps.db, user.userId);
  const latest = selection.reduce((max, p) => Math.max(max, p.selectedAt), 0);
  const running = runningOwnRun(deps.db, user.userId);
  const leftAlone = leftAlonePlaylists(deps.db, user.userId);
  const vanished = leftAlone.filter((p) => p.status === "vanished");
  return {
    usersSimplePlaylistPreferences: selection.map((p) => ({ group: p.entry.group, name: p.name })),
    combinatorialPlaylistPreferences: listCombinatorialPreferences(deps, user.userId),
    membershipLevel: user.membershipLevel,
    maxSelectedPlaylists: hasUnlimitedPlaylists(user.membershipLevel)
      ? limits.premiumPlaylists
      : limits.freePlaylists,
    mostRecentlySelected: selection.filter((p) => p.selectedAt === latest).map((p) => p.name),
    featuresUnavailable: audioFeaturesUnavailable(deps),
    runningDistributionProgressId: running?.id ?? null,
    vanishedPlaylists: vanished.map((v) => ({
      source: v.source,
      preferenceName: v.preferenceKey,
      playlistName: v.name,
    })),
    failedPlaylists: leftAlone.flatMap((p) =>
      p.status === "failed"
        ? [
            {
              source: p.source,
              preferenceName: p.preferenceKey,
              playlistName: p.name,
              failure: isPlaylistFailure(p.failure) ? p.failure : "refused",
            },
          ]
        : [],
    ),
  };
}
