// The catalogue's part of GET /api/playlist-preferences: the same for every listener of a level and built from this
// bundle's catalogue, so the client takes it from here and reads only the listener's part per page view.

import { catalogue } from "../catalogue/index.ts";
import { hasPremiumCatalogue, type MembershipLevel } from "../membership.ts";
import type { AvailableSimplePreference, PreferenceGroupInfo } from "./distribution.ts";

export interface CataloguePreferences {
  availableSimplePlaylistPreferences: AvailableSimplePreference[];
  preferenceGroups: PreferenceGroupInfo[];
}

const availableFor = (premium: boolean): AvailableSimplePreference[] =>
  catalogue.flatMap((group) =>
    group.entries.map((entry) => ({
      name: entry.name,
      group: entry.group,
      available: premium || !entry.premiumOnly,
    })),
  );

const available = { premium: availableFor(true), free: availableFor(false) };
const groups: PreferenceGroupInfo[] = catalogue.map((group) => ({
  group: group.group,
  title: group.title,
  order: group.order,
  iconName: group.iconName,
  examples: group.examples,
  premiumOnly: group.premiumOnly,
}));

/** Every catalogue entry with its availability at this level, and the groups (built once, then shared). */
export function cataloguePreferences(level: MembershipLevel): CataloguePreferences {
  return {
    availableSimplePlaylistPreferences: hasPremiumCatalogue(level) ? available.premium : available.free,
    preferenceGroups: groups,
  };
}
