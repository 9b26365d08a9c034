// "Liked in Month" and "Liked in Month - Starting From Current Month" name their playlists alike
// ("Liked in March 2025"). Selected together, each month still gets one playlist on Spotify, not two.
import type { PlaylistWork, PreferenceInput } from "./preference-plan.ts";

const isMonthly = (input: PreferenceInput, fromSelectionMonth: boolean) =>
  input.kind.type === "likedAt" &&
  input.kind.period === (fromSelectionMonth ? "monthFromSelection" : "month");

/**
 * Keeps, for each month, only the work of the preference that owns it: "Liked in Month" unless only the
 * "Starting From Current Month" preference already has a playlist for that month (it then keeps filling it).
 * Both take every like of a month, so either playlist holds the same songs. A song one of them already added
 * to some month is never added by the other to a different month (the zone may have changed in between).
 */
export function oneOwnerPerMonth(inputs: readonly PreferenceInput[], works: PlaylistWork[]): PlaylistWork[] {
  const every = inputs.find((input) => isMonthly(input, false));
  const fromSelection = inputs.find((input) => isMonthly(input, true));
  if (!every || !fromSelection) return works;
  const everyMonths = new Set(every.playlists.map((p) => p.bucket));
  const fromSelectionMonths = new Set(fromSelection.playlists.map((p) => p.bucket));
  const ownerOf = (month: string) =>
    everyMonths.has(month) || !fromSelectionMonths.has(month) ? every : fromSelection;
  return works.flatMap((work) => {
    const input = [every, fromSelection].find((i) => i.name === work.preferenceName);
    if (!input) return [work];
    const target = work.target;
    const month =
      "existingId" in target
        ? input.playlists.find((p) => p.id === target.existingId)?.bucket
        : target.bucket;
    if (month !== undefined && ownerOf(month) !== input) return [];
    // A song the twin already put in another month (before the listener's time zone changed) stays there.
    const twin = input === every ? fromSelection : every;
    const adds = work.adds.filter((song) => !twin.everAdded.has(song.trackId));
    if (adds.length === work.adds.length) return [work];
    return adds.length > 0 || work.removes.length > 0 ? [{ ...work, adds }] : [];
  });
}
