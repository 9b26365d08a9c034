// Combination playlists as one more source of regular playlists for the distribution planner: their
// membership test is the combination's criteria, evaluated on the songs' catalogue categories.
import { combinationMatcher } from "../../../shared/combinations/rules.ts";
import { hasCombinationAccess, type MembershipLevel } from "../../../shared/membership.ts";
import type { Db } from "../../db/client.ts";
import { type ChoicesOfPreference, choiceRemovals, withoutExcluded } from "../plan/listener-choices.ts";
import {
  type ExistingPlaylist,
  type PlanContext,
  type PlannedSong,
  type PlaylistStatus,
  type PlaylistWork,
  planMatching,
} from "../plan/preference-plan.ts";
import { everAddedBySource } from "../repository/playlist-songs.ts";
import { setPlaylistStatus } from "../repository/playlists.ts";
import { activeCombinations, combinationPlaylists } from "./repository.ts";
import { parseStoredCriteria } from "./stored-criteria.ts";

/** What planning needs of one active combination. */
export interface CombinationInput {
  id: string;
  playlistName: string;
  criteria: unknown;
  playlists: ExistingPlaylist[];
  everAdded: ReadonlySet<string>;
}

/**
 * Brings the statuses of the user's combination playlists in line (frozen while the level has no access to
 * combinations; deselected once their combination is being deleted; active otherwise; vanished and failed
 * stay) and reads what planning needs of each active combination (none without access). Runs inside the
 * planner's transaction.
 */
export function reconcileCombinations(
  db: Db,
  userId: string,
  level: MembershipLevel,
  /** AddRecordingOnce: each playlist's recordings */
  held?: ReadonlyMap<string, ReadonlySet<string>>,
): CombinationInput[] {
  const access = hasCombinationAccess(level);
  const rows = combinationPlaylists(db, userId);
  for (const row of rows) {
    if (row.status === "vanished" || row.status === "failed") continue;
    const status: PlaylistStatus = row.active !== true ? "deselected" : access ? "active" : "frozen";
    if (status !== row.status) {
      setPlaylistStatus(db, row.id, status);
      row.status = status;
    }
  }
  if (!access) return [];
  const combinations = activeCombinations(db, userId);
  if (combinations.length === 0) return [];
  const everAdded = everAddedByCombination(db, userId);
  return combinations.map((combination) => ({
    id: combination.id,
    playlistName: combination.playlistName,
    criteria: combination.criteria,
    everAdded: everAdded.get(combination.id) ?? new Set(),
    playlists: rows
      .filter((row) => row.preferenceKey === combination.id)
      .map((row) => ({
        id: row.id,
        bucket: row.bucket,
        sequence: row.sequence,
        // a failed playlist is left alone like a vanished one
        status: row.status === "failed" ? "vanished" : row.status,
        hasSpotifyPlaylist: row.spotifyPlaylistId !== null,
        songCount: row.trackCount,
        samplePeriod: row.samplePeriod,
        currentSongs: [],
        recordings: held?.get(row.id),
      })),
  }));
}

/** The songs each active combination's playlists get now, each work with its combination. Pure. */
export function planCombinations(
  inputs: readonly CombinationInput[],
  songs: readonly PlannedSong[],
  ctx: PlanContext,
  choices: ReadonlyMap<string, ChoicesOfPreference> = new Map(),
  songsById: ReadonlyMap<string, PlannedSong> = new Map(),
): { work: PlaylistWork; combinationId: string }[] {
  return inputs.flatMap((combination) => {
    const matches = combinationMatcher(parseStoredCriteria(combination.criteria));
    const choice = choices.get(`combination:${combination.id}`);
    const works = planMatching(
      { name: combination.playlistName, playlists: combination.playlists, everAdded: combination.everAdded },
      withoutExcluded(songs, choice?.excluded).filter((song) => matches(song.categories)),
      ctx,
    );
    const removals = choice
      ? choiceRemovals(
          combination.playlistName,
          { ...choice, belongs: (s) => matches(s.categories) },
          songsById,
          works,
        )
      : [];
    return [...works, ...removals].map((work) => ({ work, combinationId: combination.id }));
  });
}

/** Every song Crate ever added to a combination's playlists, per combination (one query). */
function everAddedByCombination(db: Db, userId: string): Map<string, Set<string>> {
  const byCombination = new Map<string, Set<string>>();
  for (const [combinationId, trackId] of everAddedBySource(db, userId, "combination")) {
    let set = byCombination.get(combinationId);
    if (!set) {
      set = new Set();
      byCombination.set(combinationId, set);
    }
    set.add(trackId);
  }
  return byCombination;
}
