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
import { readMemo } from "../db/read-memo.ts";
import { transaction } from "../db/transaction.ts";
import type { Deps } from "../deps/deps.ts";
import { audioFeaturesUnavailable } from "../library/metadata.ts";
import { listCombinations } from "./combination-store.ts";
import { leftAlonePlaylists } from "./repository/playlists.ts";
import { runningOf } from "./repository/runs.ts";
import { loadSelection } from "./state.ts";

/** The user's combination playlists as the preferences call lists them (src/server/combinations). */
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

// The catalogue's parts are the same objects for every request of a level and most of the answer's 52 KB, and
// every read (a 304 too) serialises the answer: serialised once, with a short tag of each for the validator.
const catalogueJson = new Map<unknown, { text: string; tag: string }>();
for (const level of ["Free", "PremiumYearly"] as const) {
  for (const part of Object.values(cataloguePreferences(level))) {
    const text = JSON.stringify(part);
    catalogueJson.set(part, { text, tag: Bun.hash(text).toString(36) });
  }
}

/**
 * The answer as JSON text, the same as JSON.stringify gives, with the catalogue's parts spliced in as text, and
 * its weak validator, made from the listener's parts and the catalogue parts' tags: hashing the whole 52 KB
 * again on every read cost more than building it.
 */
export function playlistPreferencesAnswer(response: PlaylistPreferencesResponse): {
  text: string;
  etag: string;
} {
  const fields: string[] = [];
  const tagged: string[] = [];
  for (const [key, value] of Object.entries(response)) {
    if (value === undefined) continue;
    const catalogue = catalogueJson.get(value);
    const json = catalogue?.text ?? JSON.stringify(value);
    fields.push(`${JSON.stringify(key)}:${json}`);
    tagged.push(`${key}:${catalogue ? `#${catalogue.tag}` : json}`);
  }
  return { text: `{${fields.join(",")}}`, etag: `W/"p${Bun.hash(tagged.join(",")).toString(36)}"` };
}

/** The documented answer: the catalogue's part for the listener's level with the listener's own part. */
export function getPlaylistPreferences(
  deps: Pick<Deps, "db" | "config" | "clock">,
  user: { userId: string; membershipLevel: MembershipLevel },
): PlaylistPreferencesResponse {
  const { usersSimplePlaylistPreferences, ...rest } = getListenerPreferences(deps, user);
  const { availableSimplePlaylistPreferences, preferenceGroups } = cataloguePreferences(user.membershipLevel);
  return { availableSimplePlaylistPreferences, usersSimplePlaylistPreferences, preferenceGroups, ...rest };
}

// Pages read them on every view and after every change: from memory while nothing was written (db/read-memo.ts).
const listenerPreferencesMemo = readMemo<ListenerPreferences>();

/** The listener's part of the answer, its reads in one read transaction (or answered from memory). */
export function getListenerPreferences(
  deps: Pick<Deps, "db" | "config" | "clock">,
  user: { userId: string; membershipLevel: MembershipLevel },
): ListenerPreferences {
  return listenerPreferencesMemo.get(deps.db, `${user.userId} ${user.membershipLevel}`, () =>
    transaction(deps.db, () => readListenerPreferences(deps, user)),
  );
}

function readListenerPreferences(
  deps: Pick<Deps, "db" | "config" | "clock">,
  user: { userId: string; membershipLevel: MembershipLevel },
): ListenerPreferences {
  const selection = loadSelection(deps.db, user.userId);
  const latest = selection.reduce((max, p) => Math.max(max, p.selectedAt), 0);
  const running = runningOf(deps.db, user.userId, ["predefined", "combination"])[0];
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
