// The listener's choices in planning, as pure functions: exclusions keep songs out of one preference's
// playlists (and take out those already there), and corrections take a song out of a classified or
// combination playlist it no longer belongs to — the only songs Crate removes from a playlist that only grows.
import { passingSongs } from "../../../shared/rules/evaluate.ts";
import { momentOf, planRule } from "./preference-plan.ts";
import type { PlanContext, PlannedSong, PlaylistWork, PreferenceInput } from "./types.ts";

/** What one preference's playlists hold now and what the listener chose for it. */
export interface ChoicesOfPreference {
  /** the playlists of the preference Crate may write (active, on Spotify), with the songs Crate holds in each */
  playlists: readonly { id: string; held: readonly string[] }[];
  /** liked songs the listener keeps out of this preference */
  excluded: ReadonlySet<string>;
  /** classified and combination playlists: whether a (corrected) song still belongs */
  belongs?: (song: PlannedSong) => boolean;
}

/** The works with an excluded song's removal said to be for the exclusion (a Latest N or Random drops it too). */
export const excludedRemovalsSaid = (
  works: readonly PlaylistWork[],
  excluded: ReadonlySet<string>,
): PlaylistWork[] =>
  works.map((work) =>
    work.removeReasons && work.removes.some((id) => excluded.has(id))
      ? {
          ...work,
          removeReasons: work.removes.map((id, i) =>
            excluded.has(id) ? "exclusion" : (work.removeReasons?.[i] ?? null),
          ),
        }
      : work,
  );

/** The songs without the excluded ones (the same array when nothing is excluded). */
export const withoutExcluded = (
  songs: readonly PlannedSong[],
  excluded: ReadonlySet<string> | undefined,
): readonly PlannedSong[] =>
  excluded && excluded.size > 0 ? songs.filter((s) => !excluded.has(s.trackId)) : songs;

/**
 * Removal works for the songs a preference's playlists hold that are excluded now, or that a correction
 * disqualified; songs an earlier work of the plan already removes are not removed twice.
 */
export function choiceRemovals(
  preferenceName: string,
  choices: ChoicesOfPreference,
  songsById: ReadonlyMap<string, PlannedSong>,
  planned: readonly PlaylistWork[],
): PlaylistWork[] {
  const alreadyRemoved = new Map<string, Set<string>>();
  for (const work of planned) {
    if (!("existingId" in work.target)) continue;
    const set = alreadyRemoved.get(work.target.existingId) ?? new Set<string>();
    for (const id of work.removes) set.add(id);
    alreadyRemoved.set(work.target.existingId, set);
  }
  const works: PlaylistWork[] = [];
  for (const playlist of choices.playlists) {
    const done = alreadyRemoved.get(playlist.id);
    const removes = playlist.held.filter((trackId) => {
      if (done?.has(trackId)) return false;
      if (choices.excluded.has(trackId)) return true;
      const song = songsById.get(trackId);
      return song?.corrected === true && choices.belongs !== undefined && !choices.belongs(song);
    });
    if (removes.length === 0) continue;
    works.push({
      preferenceName,
      target: { existingId: playlist.id },
      needsCreate: false,
      removes,
      removeReasons: removes.map((id) => (choices.excluded.has(id) ? "exclusion" : "correction")),
      adds: [],
      addAtTop: false,
      entry: "Standard",
    });
  }
  return works;
}

/**
 * The work for one rule with the listener's choices: its excluded songs are never planned, and the songs its
 * playlists hold that are excluded now, or that a correction disqualified, leave.
 */
export function planWithChoices(
  input: PreferenceInput,
  songs: readonly PlannedSong[],
  index: ReadonlyMap<string, readonly PlannedSong[]>,
  ctx: PlanContext,
  choice: ChoicesOfPreference | undefined,
  songsById: ReadonlyMap<string, PlannedSong>,
): PlaylistWork[] {
  // Excluded songs are not considered for this rule at all (a limit or a sample included).
  const passing = withoutExcluded(passingSongs(input.rule, songs, momentOf(ctx), index), choice?.excluded);
  const works = planRule(input, passing, ctx);
  if (!choice) return works;
  return [
    ...excludedRemovalsSaid(works, choice.excluded),
    ...choiceRemovals(input.name, choice, songsById, works),
  ];
}
