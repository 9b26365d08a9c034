// Combination playlists as rules for the distribution planner: each active combination is one more preference,
// its rule compiled from what the listener wrote, planned by the same engine as the catalogue's entries.
import { hasCombinationAccess, type MembershipLevel } from "../../../shared/membership.ts";
import { passes } from "../../../shared/rules/evaluate.ts";
import type { Rule, SongOrder, UnlikedChoice } from "../../../shared/rules/model.ts";
import type { Db } from "../../db/client.ts";
import { type ChoicesOfPreference, planWithChoices } from "../plan/listener-choices.ts";
import {
  type ExistingPlaylist,
  indexByCategory,
  momentOf,
  type PlanContext,
  type PlannedSong,
  type PlaylistStatus,
  type PlaylistWork,
  type PreferenceInput,
  type Reconcile,
} from "../plan/preference-plan.ts";
import { everAddedBySource } from "../repository/playlist-songs.ts";
import { type PlaylistRow, setPlaylistStatus } from "../repository/playlists.ts";
import { activeCombinations, combinationPlaylists } from "./repository.ts";
import { storedRule } from "./stored-criteria.ts";

/** What planning needs of one active combination: its rule as stored and its playlists. */
export interface CombinationInput {
  id: string;
  playlistName: string;
  /** the stored criteria (JSON) */
  criteria: unknown;
  exceptCriteria?: unknown;
  songOrder?: SongOrder;
  songLimit?: number | null;
  unliked?: UnlikedChoice;
  createdAt?: number;
  /** the rule was edited since it was last planned */
  reconcile?: Reconcile | null;
  playlists: ExistingPlaylist[];
  everAdded: ReadonlySet<string>;
}

/** A combination as a preference of the planner: its rule compiled from what the listener wrote. */
export function combinationPreference(combination: CombinationInput): PreferenceInput {
  return {
    name: combination.playlistName,
    rule: storedRule({
      criteria: combination.criteria,
      exceptCriteria: combination.exceptCriteria ?? null,
      songOrder: combination.songOrder ?? "liked",
      songLimit: combination.songLimit ?? null,
      unliked: combination.unliked ?? "keep",
    }),
    selectedAt: combination.createdAt ?? 0,
    playlists: combination.playlists,
    everAdded: combination.everAdded,
    reconcile: combination.reconcile ?? null,
  };
}

/** The songs each active combination's playlists get (and lose) now, each work with its combination. Pure. */
export function planCombinations(
  inputs: readonly CombinationInput[],
  songs: readonly PlannedSong[],
  ctx: PlanContext,
  choices: ReadonlyMap<string, ChoicesOfPreference> = new Map(),
  songsById: ReadonlyMap<string, PlannedSong> = new Map(),
  index: ReadonlyMap<string, readonly PlannedSong[]> = indexByCategory(songs),
): { work: PlaylistWork; combinationId: string }[] {
  const moment = momentOf(ctx);
  return inputs.flatMap((combination) => {
    const input = combinationPreference(combination);
    const choice = choices.get(`combination:${combination.id}`);
    const withBelonging = choice && { ...choice, belongs: (s: PlannedSong) => passes(input.rule, s, moment) };
    return planWithChoices(input, songs, index, ctx, withBelonging, songsById).map((work) => ({
      work,
      combinationId: combination.id,
    }));
  });
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
  /** a playlist row as planning sees it, with what the rule reads of it */
  existing: (row: PlaylistRow, rule: Rule, reconcile: Reconcile | null) => ExistingPlaylist,
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
  return combinations.map((combination) => {
    const rule = storedRule(combination);
    const reconcile = combination.pendingReconcile;
    return {
      ...combination,
      reconcile,
      everAdded: everAdded.get(combination.id) ?? new Set(),
      playlists: rows
        .filter((row) => row.preferenceKey === combination.id)
        .map((row) => existing(row, rule, reconcile)),
    };
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
