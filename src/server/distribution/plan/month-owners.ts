// Two rules whose splits name their playlists alike ("Liked in Month" and "Liked in Month - Starting From Current
// Month" both make "Liked in March 2025"): selected together, each period still gets one playlist on Spotify.
import { splitNaming, splitTakesEveryLike } from "../../../shared/rules/arrangement.ts";
import type { PlaylistWork, PreferenceInput } from "./preference-plan.ts";

/**
 * Keeps, for each period, only the work of the rule that owns it: the one that takes every like, unless only the
 * other already has a playlist for that period (it then keeps filling it). Both take every like of a period, so
 * either playlist holds the same songs. A song one of them already added to some period is never added by the
 * other to a different one (the listener's zone may have changed in between).
 */
export function oneOwnerPerMonth(inputs: readonly PreferenceInput[], works: PlaylistWork[]): PlaylistWork[] {
  const twins = new Map<string, PreferenceInput[]>();
  for (const input of inputs) {
    const naming = splitNaming(input.rule.split);
    if (naming !== null) twins.set(naming, [...(twins.get(naming) ?? []), input]);
  }
  let result = works;
  for (const group of twins.values()) {
    const every = group.find((input) => splitTakesEveryLike(input.rule.split));
    const other = group.find((input) => input !== every);
    if (every && other) result = ownedWorks(every, other, result);
  }
  return result;
}

function ownedWorks(every: PreferenceInput, other: PreferenceInput, works: PlaylistWork[]): PlaylistWork[] {
  const everyPeriods = new Set(every.playlists.map((p) => p.bucket));
  const otherPeriods = new Set(other.playlists.map((p) => p.bucket));
  const ownerOf = (period: string) => (everyPeriods.has(period) || !otherPeriods.has(period) ? every : other);
  return works.flatMap((work) => {
    const input = [every, other].find((i) => i.name === work.preferenceName);
    if (!input) return [work];
    const target = work.target;
    const period =
      "existingId" in target
        ? input.playlists.find((p) => p.id === target.existingId)?.bucket
        : target.bucket;
    if (period !== undefined && ownerOf(period) !== input) return [];
    // A song the twin already put in another period (before the listener's time zone changed) stays there.
    const twin = input === every ? other : every;
    const adds = work.adds.filter((song) => !twin.everAdded.has(song.trackId));
    if (adds.length === work.adds.length) return [work];
    return adds.length > 0 || work.removes.length > 0 ? [{ ...work, adds }] : [];
  });
}
