// Plans a user's distribution and records it in the journal, in one transaction: reconcile the playlists'
// statuses with the selection and membership, plan (pure), persist the plan.
import { managedPlaylistName } from "../../../shared/catalogue/index.ts";
import { limits } from "../../../shared/limits.ts";
import { hasPremiumCatalogue } from "../../../shared/membership.ts";
import { transaction } from "../../db/transaction.ts";
import type { Deps } from "../../deps/deps.ts";
import { loadConsideredSongs } from "../../library/considered.ts";
import { readTimeZone } from "../../user/time-zone.ts";
import {
  type CombinationInput,
  planCombinations,
  reconcileCombinations,
} from "../combinations/combination-plan.ts";
import { isLeftAlone } from "../journal/vanished.ts";
import { type HeldReader, placeInLikeOrder } from "../plan/like-order.ts";
import { type ChoicesOfPreference, choiceRemovals, withoutExcluded } from "../plan/listener-choices.ts";
import { oneOwnerPerMonth } from "../plan/month-owners.ts";
import { orderSteps, type StepPlan } from "../plan/ordered-steps.ts";
import { kindOfEntry } from "../plan/preference-kinds.ts";
import {
  indexByCategory,
  type PlanContext,
  type PlannedSong,
  type PlaylistWork,
  type PreferenceInput,
  planPreference,
} from "../plan/preference-plan.ts";
import { heldInLikeOrder, newestHeldLike } from "../repository/held-order.ts";
import { insertSteps } from "../repository/journal.ts";
import { clearNewLikesPending } from "../repository/listeners.ts";
import {
  type PlaylistSource,
  playlistInserter,
  setPlaylistStatus,
  setSamplePeriod,
} from "../repository/playlists.ts";
import { markPlanned, setEntryTotal } from "../repository/runs.ts";
import { loadChoices } from "./choices-inputs.ts";
import {
  loadHeldRecordings,
  loadPredefinedPlaylists,
  loadPreferenceInputs,
  loadSelection,
  loadUserFacts,
  type SelectedPreference,
  type UserFacts,
} from "./plan-inputs.ts";

export interface RecordedPlan {
  steps: number;
  consideredSongs: number;
  createdPlaylistNames: string[];
}

/** Everything planning reads, gathered once the statuses are reconciled. */
interface PlanInput {
  songs: PlannedSong[];
  preferences: PreferenceInput[];
  combinations: CombinationInput[];
  ctx: PlanContext;
  /** the listener's exclusions and corrections, per `preferenceKeyOf(source, key)` that has any */
  choices: ReadonlyMap<string, ChoicesOfPreference>;
  /** a Random entry is selected: its progress entry is shown even with nothing to do */
  hasRandom: boolean;
  /** Crate's record of what the existing playlists hold, for songs returning to their like-order place */
  held: HeldReader;
}

/** A planned playlist write with the preference it belongs to. */
interface OwnedWork {
  work: PlaylistWork;
  source: PlaylistSource;
  preferenceKey: string;
}

interface Plan extends StepPlan {
  works: OwnedWork[];
  hasRandom: boolean;
}

/**
 * Brings playlist statuses in line with the selection and membership (premium-only entries of a user who is
 * not PremiumYearly are frozen; deselected ones stop being updated), plans every updated preference and
 * writes the plan into the journal.
 */
export function recordPlan(
  deps: Pick<Deps, "db" | "clock">,
  distributionId: string,
  userId: string,
): RecordedPlan {
  return transaction(deps.db, (): RecordedPlan => {
    const facts = loadUserFacts(deps.db, userId);
    if (!facts) throw new Error(`user ${userId} does not exist`);
    const active = reconcilePredefined(deps, userId, facts);
    const input = loadPlanInput(deps, userId, facts, active);
    const plan = planDistribution(input);
    const createdPlaylistNames = persistPlan(deps, distributionId, userId, plan);
    return { steps: plan.steps.length, consideredSongs: input.songs.length, createdPlaylistNames };
  });
}

/** Sets each predefined playlist's status from the selection; returns the entries updated now. */
function reconcilePredefined(deps: Pick<Deps, "db">, userId: string, facts: UserFacts): SelectedPreference[] {
  const premium = hasPremiumCatalogue(facts.membershipLevel);
  const selection = loadSelection(deps.db, userId);
  const active = selection.filter((p) => premium || !p.entry.premiumOnly);
  const frozen = new Set(selection.filter((p) => !premium && p.entry.premiumOnly).map((p) => p.name));
  const activeNames = new Set(active.map((p) => p.name));
  for (const row of loadPredefinedPlaylists(deps.db, userId)) {
    if (isLeftAlone(row.status)) continue;
    const status = activeNames.has(row.preferenceKey)
      ? "active"
      : frozen.has(row.preferenceKey)
        ? "frozen"
        : "deselected";
    if (status !== row.status) setPlaylistStatus(deps.db, row.id, status);
  }
  return active;
}

function loadPlanInput(
  deps: Pick<Deps, "db" | "clock">,
  userId: string,
  facts: UserFacts,
  active: readonly SelectedPreference[],
): PlanInput {
  const songs = loadConsideredSongs(deps, userId, facts.membershipLevel);
  const playlists = loadPredefinedPlaylists(deps.db, userId);
  const held = facts.addRecordingOnce ? loadHeldRecordings(deps.db, userId) : undefined;
  const preferences = loadPreferenceInputs(deps.db, userId, active, playlists, held);
  // Combination playlists are regular playlists whose membership test is their criteria.
  const combinations = reconcileCombinations(deps.db, userId, facts.membershipLevel, held);
  return {
    songs,
    preferences,
    combinations,
    choices: loadChoices(deps.db, userId, songs, preferences, combinations),
    hasRandom: active.some((p) => kindOfEntry(p.entry).type === "random"),
    held: {
      newestLike: (playlistId) => newestHeldLike(deps.db, playlistId),
      inLikeOrder: (playlistId) => heldInLikeOrder(deps.db, playlistId),
    },
    ctx: {
      userId,
      now: deps.clock.now(),
      capacity: limits.playlistCapacity,
      addRecordingOnce: facts.addRecordingOnce,
      timeZone: readTimeZone(deps.db, userId).timeZone,
      nameFor: (bucketName, sequence) =>
        managedPlaylistName(bucketName, {
          spillNumber: sequence,
          removePlaylistPostfix: facts.removePlaylistPostfix,
        }),
    },
  };
}

/** The playlist writes of every updated preference and combination, ordered into journal steps. Pure. */
function planDistribution({
  songs,
  preferences,
  combinations,
  ctx,
  hasRandom,
  choices,
  held,
}: PlanInput): Plan {
  const byCategory = indexByCategory(songs);
  const songsById = new Map(choices.size > 0 ? songs.map((s) => [s.trackId, s]) : []);
  const planWithChoices = (input: PreferenceInput): PlaylistWork[] => {
    const choice = choices.get(`predefined:${input.name}`);
    if (!choice) return planPreference(input, songs, byCategory, ctx);
    // Excluded songs are not considered for this preference at all (Latest N and Random included).
    const ofEntry = new Map([
      [input.name, [...withoutExcluded(byCategory.get(input.name) ?? [], choice.excluded)]],
    ]);
    const works = planPreference(input, withoutExcluded(songs, choice.excluded), ofEntry, ctx);
    return [...works, ...choiceRemovals(input.name, choice, songsById, works)];
  };
  const predefined = oneOwnerPerMonth(preferences, preferences.flatMap(planWithChoices));
  const works: OwnedWork[] = [
    ...predefined.map((work) => ({
      work,
      source: "predefined" as const,
      preferenceKey: work.preferenceName,
    })),
    ...planCombinations(combinations, songs, ctx, choices, songsById).map(({ work, combinationId }) => ({
      work,
      source: "combination" as const,
      preferenceKey: combinationId,
    })),
  ];
  const placed = inLikeOrderPlaces(
    works.map((w) => w.work),
    songs,
    held,
  );
  const { steps, totals } = orderSteps(placed, songs.length);
  return { works, steps, totals, hasRandom };
}

/** Each regular playlist's adds at their like-order place, after the songs the plan takes out of it. */
function inLikeOrderPlaces(
  works: readonly PlaylistWork[],
  songs: readonly PlannedSong[],
  held: HeldReader,
): PlaylistWork[] {
  const removed = new Map<string, Set<string>>();
  for (const work of works) {
    if (!("existingId" in work.target) || work.removes.length === 0) continue;
    const set = removed.get(work.target.existingId) ?? new Set<string>();
    for (const id of work.removes) set.add(id);
    removed.set(work.target.existingId, set);
  }
  let ranks: Map<string, number> | undefined;
  const rankOf = (trackId: string) => {
    ranks ??= new Map(songs.map((s) => [s.trackId, s.rank]));
    return ranks.get(trackId);
  };
  return works.map((work) =>
    "existingId" in work.target
      ? placeInLikeOrder(work, held, removed.get(work.target.existingId) ?? new Set(), rankOf)
      : work,
  );
}

/** Creates the new playlists' rows, writes the steps and the progress totals; returns the new names. */
function persistPlan(
  deps: Pick<Deps, "db" | "clock">,
  distributionId: string,
  userId: string,
  plan: Plan,
): string[] {
  const { db } = deps;
  const now = deps.clock.now();
  const createdPlaylistNames: string[] = [];
  const insertPlaylist = playlistInserter(db);
  const playlistIdOfWork = plan.works.map(({ work, source, preferenceKey }) => {
    const id = "existingId" in work.target ? work.target.existingId : crypto.randomUUID();
    if (!("existingId" in work.target)) {
      const { bucket, sequence, name } = work.target;
      insertPlaylist({ id, userId, source, preferenceKey, bucket, sequence, name, createdAt: now });
      createdPlaylistNames.push(name);
    }
    if (work.samplePeriod !== undefined) setSamplePeriod(db, id, work.samplePeriod);
    return id;
  });
  insertSteps(
    db,
    distributionId,
    plan.steps.map((step) => ({
      playlistId: playlistIdOfWork[step.work] ?? "",
      op: step.op,
      trackIds: step.trackIds,
      position: step.position ?? null,
      entryType: step.entry,
      progressAfter: step.progressAfter,
    })),
    now,
  );
  setEntryTotal(db, distributionId, "Standard", plan.totals.Standard);
  if (plan.hasRandom || plan.totals.Randomized > 0)
    setEntryTotal(db, distributionId, "Randomized", plan.totals.Randomized);
  markPlanned(db, distributionId, { createdPlaylistNames });
  // Every like read so far is planned now; the hourly job has nothing waiting for this user.
  clearNewLikesPending(db, userId);
  return createdPlaylistNames;
}
