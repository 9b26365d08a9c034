// What planning reads of the listener's choices: for each preference with exclusions (or, once an artist is
// corrected, each classified and combination preference), the songs Crate holds in its playlists now.
import { partsOf, passes } from "../../../shared/rules/evaluate.ts";
import type { RuleMoment } from "../../../shared/rules/model.ts";
import type { Db } from "../../db/client.ts";
import type { CombinationInput } from "../combinations/combination-plan.ts";
import type { ChoicesOfPreference } from "../plan/listener-choices.ts";
import type { ExistingPlaylist, PlannedSong, PreferenceInput } from "../plan/types.ts";
import { excludedTracksByPreference } from "../repository/exclusions.ts";
import { currentSongs } from "../repository/playlist-songs.ts";

const none: ReadonlySet<string> = new Set();

export function loadChoices(
  db: Db,
  userId: string,
  songs: readonly PlannedSong[],
  preferences: readonly PreferenceInput[],
  combinations: readonly CombinationInput[],
  moment: RuleMoment,
): Map<string, ChoicesOfPreference> {
  const excluded = excludedTracksByPreference(db, userId);
  const anyCorrected = songs.some((s) => s.corrected === true);
  const writable = (playlists: readonly ExistingPlaylist[]) =>
    playlists
      .filter((p) => p.status === "active" && p.hasSpotifyPlaylist)
      .map((p) => ({ id: p.id, held: currentSongs(db, userId, p.id) }));
  const choices = new Map<string, ChoicesOfPreference>();
  for (const pref of preferences) {
    const key = `predefined:${pref.name}`;
    // A correction moves songs only in and out of the rules that judge a song's classification.
    const judgesFacts = partsOf(pref.rule).some((part) => part.categories !== undefined);
    if (!excluded.has(key) && !(anyCorrected && judgesFacts)) continue;
    choices.set(key, {
      playlists: writable(pref.playlists),
      excluded: excluded.get(key) ?? none,
      belongs: judgesFacts ? (song) => passes(pref.rule, song, moment) : undefined,
    });
  }
  for (const combination of combinations) {
    const key = `combination:${combination.id}`;
    if (!excluded.has(key) && !anyCorrected) continue;
    choices.set(key, { playlists: writable(combination.playlists), excluded: excluded.get(key) ?? none });
  }
  return choices;
}
