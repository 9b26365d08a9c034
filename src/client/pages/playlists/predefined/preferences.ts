import {
  compareByFirstNumber,
  compareNames,
  type GroupId,
  groupById,
} from "../../../../shared/catalogue/index.ts";
import { messages } from "../../../../shared/errors.ts";
import { limits } from "../../../../shared/limits.ts";
import { hasUnlimitedPlaylists, type MembershipLevel } from "../../../../shared/membership.ts";
import type { PlaylistFailure } from "../../../../shared/playlist-failures.ts";
import { cataloguePreferences } from "../../../../shared/schemas/catalogue-preferences.ts";

/** What the Predefined tab reads from `GET /api/playlist-preferences` (spec §7). */
export interface PreferencesAnswer {
  availableSimplePlaylistPreferences: readonly { name: string; group: string; available: boolean }[];
  usersSimplePlaylistPreferences: readonly { group: string; name: string }[];
  preferenceGroups: readonly {
    group: string;
    order: number;
    iconName: string;
    examples: readonly string[];
    title?: string;
    premiumOnly?: boolean;
  }[];
  mostRecentlySelected?: readonly string[];
  /** the selection cap of the user's level */
  maxSelectedPlaylists?: number;
  /** managed playlists the user deleted on Spotify, which Crate does not recreate */
  vanishedPlaylists?: readonly { source: string; preferenceName: string; playlistName: string }[];
  /** managed playlists Spotify refused to change for good; Crate stopped writing to them */
  failedPlaylists?: readonly {
    source: string;
    preferenceName: string;
    playlistName: string;
    failure: PlaylistFailure;
  }[];
}

/** The client model of one predefined playlist (spec §3 'Simple playlist preference'), minus the selection. */
export interface SimplePlaylistPreference {
  name: string;
  group: string;
  available: boolean;
  /** selected in the saved selection */
  userHasPreference: boolean;
  /** added in the latest selection */
  mostRecentlySelected: boolean;
  /** its Spotify playlist was deleted there; Crate does not recreate it */
  vanished: boolean;
  /** Spotify refused a change for good (full, not writable); Crate stopped writing to it */
  failed?: boolean;
}

export interface PreferenceGroupView {
  group: string;
  order: number;
  iconName: string;
  examples: readonly string[];
  title: string;
  premiumOnly: boolean;
  entries: SimplePlaylistPreference[];
}

/** The full answer from the listener's part: the catalogue's part for their level comes from the bundle. */
export function withCatalogue(
  listener: Omit<PreferencesAnswer, "availableSimplePlaylistPreferences" | "preferenceGroups"> & {
    membershipLevel: MembershipLevel;
  },
): PreferencesAnswer {
  return { ...cataloguePreferences(listener.membershipLevel), ...listener };
}

export const emptyAnswer: PreferencesAnswer = {
  availableSimplePlaylistPreferences: [],
  usersSimplePlaylistPreferences: [],
  preferenceGroups: [],
};

const comparatorFor = (group: string) => (group === "Tempo" ? compareByFirstNumber : compareNames);

/** Groups in their `order`, each with its entries in catalogue order (Tempo by first number, else by name). */
export function buildGroups(answer: PreferencesAnswer): PreferenceGroupView[] {
  const saved = savedSelection(answer);
  const recent = new Set(answer.mostRecentlySelected ?? []);
  const vanished = new Set(
    (answer.vanishedPlaylists ?? [])
      .filter((playlist) => playlist.source === "predefined")
      .map((playlist) => playlist.preferenceName),
  );
  const failed = new Set(
    (answer.failedPlaylists ?? []).filter((p) => p.source === "predefined").map((p) => p.preferenceName),
  );
  return [...answer.preferenceGroups]
    .sort((a, b) => a.order - b.order)
    .map((group) => {
      const catalogueGroup = groupById(group.group as GroupId);
      const entries = answer.availableSimplePlaylistPreferences
        .filter((entry) => entry.group === group.group)
        .map((entry) => ({
          name: entry.name,
          group: entry.group,
          available: entry.available,
          userHasPreference: saved.has(entry.name),
          mostRecentlySelected: recent.has(entry.name),
          vanished: vanished.has(entry.name),
          failed: failed.has(entry.name),
        }))
        .sort((a, b) => comparatorFor(group.group)(a.name, b.name));
      return {
        group: group.group,
        order: group.order,
        iconName: group.iconName,
        examples: group.examples,
        title: group.title ?? catalogueGroup?.title ?? group.group,
        premiumOnly: group.premiumOnly ?? catalogueGroup?.premiumOnly ?? false,
        entries,
      };
    })
    .filter((group) => group.entries.length > 0);
}

export function savedSelection(answer: PreferencesAnswer): Set<string> {
  return new Set(answer.usersSimplePlaylistPreferences.map((preference) => preference.name));
}

/** The selection cap (spec §5): the server's, else 100 for PremiumYearly and 15 otherwise. */
export function selectionCap(level: MembershipLevel, answer?: PreferencesAnswer): number {
  if (answer?.maxSelectedPlaylists !== undefined) return answer.maxSelectedPlaylists;
  return hasUnlimitedPlaylists(level) ? limits.premiumPlaylists : limits.freePlaylists;
}

/** The help text shown once the cap is reached. */
export function capText(level: MembershipLevel): string {
  return hasUnlimitedPlaylists(level) ? messages.premiumCap : messages.freeCap;
}

/** Added and removed names against the saved selection, each in name order. */
export function selectionChanges(
  saved: ReadonlySet<string>,
  selected: ReadonlySet<string>,
): { added: string[]; removed: string[] } {
  return {
    added: [...selected].filter((name) => !saved.has(name)).sort(compareNames),
    removed: [...saved].filter((name) => !selected.has(name)).sort(compareNames),
  };
}

/** The validation message of spec §5 for a submit, or null when the selection may be sent. */
export function selectionProblem(saved: ReadonlySet<string>, selected: ReadonlySet<string>): string | null {
  if (selected.size === 0) return messages.mustChooseOne;
  const { added, removed } = selectionChanges(saved, selected);
  if (added.length === 0 && removed.length === 0) return messages.noChanges;
  return null;
}

/** What one click on an entry does: toggle it, open the premium popup, or nothing (cap reached). */
export function toggleOutcome(
  entry: SimplePlaylistPreference,
  selected: ReadonlySet<string>,
  cap: number,
): "select" | "deselect" | "premium" | "capReached" {
  if (selected.has(entry.name)) return "deselect";
  if (!entry.available) return "premium";
  if (selected.size >= cap) return "capReached";
  return "select";
}

/** Subgenres matching the filter; with `hideEmpty`, those the analysis found no song for are left out. */
export function visibleSubgenres(
  entries: readonly SimplePlaylistPreference[],
  filter: string,
  hideEmpty: boolean,
  choice: { selected: ReadonlySet<string>; songs: (name: string) => number | null },
): SimplePlaylistPreference[] {
  const needle = filter.trim().toLowerCase();
  return entries.filter((entry) => {
    if (needle && !entry.name.toLowerCase().includes(needle)) return false;
    // a chosen subgenre stays in the list so it can be unchosen
    if (hideEmpty && choice.songs(entry.name) === 0 && !choice.selected.has(entry.name)) return false;
    return true;
  });
}
