// GET /api/playlist-preferences: the catalogue with availability, the user's selection and what the page needs.
import { catalogue } from "../../shared/catalogue/index.ts";
import { limits } from "../../shared/limits.ts";
import { hasUnlimitedPlaylists, type MembershipLevel } from "../../shared/membership.ts";
import { isPlaylistFailure } from "../../shared/playlist-failures.ts";
import type {
  CombinatorialPreference,
  PlaylistPreferencesResponse,
} from "../../shared/schemas/distribution.ts";
import { listCombinatorialPreferencesOf } from "../combinations/service.ts";
import type { Deps } from "../deps.ts";
import { audioFeaturesUnavailable } from "../library/metadata.ts";
import { loadSelection } from "./state.ts";

/** The user's combination playlists as the preferences call lists them (src/server/combinations). */
export function listCombinatorialPreferences(
  deps: Pick<Deps, "db">,
  userId: string,
): CombinatorialPreference[] {
  return listCombinatorialPreferencesOf(deps, userId);
}

// The catalogue's part of the answer is the same for every request of a kind: built once.
const simplePreferencesFor = (premium: boolean) =>
  catalogue.flatMap((group) =>
    group.entries.map((entry) => ({
      name: entry.name,
      group: entry.group,
      available: premium || !entry.premiumOnly,
    })),
  );
const simplePreferences = { premium: simplePreferencesFor(true), free: simplePreferencesFor(false) };
const preferenceGroups = catalogue.map((group) => ({
  group: group.group,
  title: group.title,
  order: group.order,
  iconName: group.iconName,
  examples: group.examples,
  premiumOnly: group.premiumOnly,
}));
for (const part of [simplePreferences.premium, simplePreferences.free, preferenceGroups]) {
  for (const item of part) Object.freeze(item);
  Object.freeze(part);
}

// ...and serialised once: they are most of the answer's 52 KB, and every read (a 304 too) serialises it.
const catalogueJson = new Map<unknown, string>(
  [simplePreferences.premium, simplePreferences.free, preferenceGroups].map((part) => [
    part,
    JSON.stringify(part),
  ]),
);

/** The answer as JSON text, the same as JSON.stringify gives, with the catalogue's parts spliced in as text. */
export function playlistPreferencesJson(response: PlaylistPreferencesResponse): string {
  const fields: string[] = [];
  for (const [key, value] of Object.entries(response)) {
    if (value === undefined) continue;
    fields.push(`${JSON.stringify(key)}:${catalogueJson.get(value) ?? JSON.stringify(value)}`);
  }
  return `{${fields.join(",")}}`;
}

export function getPlaylistPreferences(
  deps: Pick<Deps, "db" | "config" | "clock">,
  user: { userId: string; membershipLevel: MembershipLevel },
): PlaylistPreferencesResponse {
  const premium = user.membershipLevel === "PremiumYearly";
  const selection = loadSelection(deps.db, user.userId);
  const latest = selection.reduce((max, p) => Math.max(max, p.selectedAt), 0);
  const sqlite = deps.db.$client;
  const running = sqlite
    .query<{ id: string }, [string]>(
      `SELECT id FROM distributions WHERE user_id = ? AND status = 'running' AND trigger IN ('predefined', 'combination')
       ORDER BY created_at DESC LIMIT 1`,
    )
    .get(user.userId);
  const leftAlone = sqlite
    .query<
      {
        source: "predefined" | "combination";
        preference_key: string;
        name: string;
        status: string;
        failure: string | null;
      },
      [string]
    >(
      `SELECT source, preference_key, name, status, failure FROM managed_playlists
       WHERE user_id = ? AND status IN ('vanished', 'failed') ORDER BY source DESC, preference_key, bucket, sequence`,
    )
    .all(user.userId);
  const vanished = leftAlone.filter((p) => p.status === "vanished");
  return {
    availableSimplePlaylistPreferences: premium ? simplePreferences.premium : simplePreferences.free,
    usersSimplePlaylistPreferences: selection.map((p) => ({ group: p.entry.group, name: p.name })),
    preferenceGroups,
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
      preferenceName: v.preference_key,
      playlistName: v.name,
    })),
    failedPlaylists: leftAlone.flatMap((p) =>
      p.status === "failed"
        ? [
            {
              source: p.source,
              preferenceName: p.preference_key,
              playlistName: p.name,
              failure: isPlaylistFailure(p.failure) ? p.failure : "refused",
            },
          ]
        : [],
    ),
  };
}
