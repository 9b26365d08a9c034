// Plans a user's distribution and records it in the journal, in one transaction: reconcile the playlists'
// statuses with the selection and membership, plan (pure), persist the plan.
import { managedPlaylistName } from "../../../shared/catalogue/index.ts";
import { limits } from "../../../shared/limits.ts";
import { hasPremiumCatalogue } from "../../../shared/membership.ts";
import { transaction } from "../../db/transaction.ts";
import type { Deps } from "../../deps/deps.ts";
import { loadRuleSongs } from "../../library/fact-sources.ts";
import { readTimeZone } from "../../user/time-zone.ts";
import {
  type CombinationInput,
  combinationPreference,
  planCombinations,
  reconcileCombinations,
} from "../combinations/combination-plan.ts";
import { clearPendingReconcile } from "../combinations/repository.ts";
import { isLeftAlone } from "../journal/vanished.ts";
import { type HeldReader, placeInOrder } from "../plan/like-order.ts";
import { type ChoicesOfPreference, planWithChoices } from "../plan/listener-choices.ts";
import { oneOwnerPerMonth } from "../plan/month-owners.ts";
import { orderSteps, type StepPlan } from "../plan/ordered-steps.ts";
import {
  indexByCategory,
  type PlanContext,
  type PlannedSong,
  type PlaylistWork,
  type PreferenceInput,
  placingOrder,
} from "../plan/preference-plan.ts";
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
import { heldReader } from "./held-reader.ts";
import {
  existingPlaylist,
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
  /** Crate's record of what the existing playlists hold, for songs joining at their place in the rule's order */
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
    for (const combination of input.combinations)
      if (combination.reconcile) clearPendingReconcile(deps.db, combination.id);
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
  const playlists = loadPredefinedPlaylists(deps.db, userId);
  const held = facts.addRecordingOnce ? loadHeldRecordings(deps.db, userId) : undefined;
  const preferences = loadPreferenceInputs(deps.db, userId, active, playlists, held);
  // Combination playlists are rules the listener wrote, planned by the same engine.
  const combinations = reconcileCombinations(deps.db, userId, facts.membershipLevel, (row, rule, reconcile) =>
    existingPlaylist(deps.db, userId, row, rule, reconcile, held),
  );
  const rules = [...preferences, ...combinations.map(combinationPreference)];
  const timeZone = readTimeZone(deps.db, userId).timeZone;
  const now = deps.clock.now();
  const editing = combinations.some((c) => c.reconcile);
  const library = loadRuleSongs(
    deps,
    userId,
    facts.membershipLevel,
    rules.map((p) => p.rule),
    editing,
  );
  const songs = library.considered;
  return {
    songs,
    preferences,
    combinations,
    choices: loadChoices(deps.db, userId, songs, preferences, combinations, { now, timeZone }),
    hasRandom: active.some((p) => p.entry.rule.sample !== null),
    held: heldReader(deps, library),
    ctx: {
      userId,
      now,
      capacity: limits.playlistCapacity,
      addRecordingOnce: facts.addRecordingOnce,
      timeZone,
      unliked: library.unliked,
      known: library.known,
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
  const predefined = oneOwnerPerMonth(
    preferences,
    preferences.flatMap((input) =>
      planWithChoices(input, songs, byCategory, ctx, choices.get(`predefined:${input.name}`), songsById),
    ),
  );
  const works: OwnedWork[] = [
    ...predefined.map((work) => ({
      work,
      source: "predefined" as const,
      preferenceKey: work.preferenceName,
    })),
    ...planCombinations(combinations, songs, ctx, choices, songsById, byCategory).map(
      ({ work, combinationId }) => ({
        work,
        source: "combination" as const,
        preferenceKey: combinationId,
      }),
    ),
  ];
  const rules = new Map<string, PreferenceInput>([
    ...preferences.map((p) => [`predefined:${p.name}`, p] as const),
    ...combinations.map((c) => [`combination:${c.id}`, combinationPreference(c)] as const),
  ]);
  const placed = inOrderPlaces(works, rules, ctx, held);
  const { steps, totals } = orderSteps(placed, songs.length);
  return { works, steps, totals, hasRandom };
}

/** Each playlist's new songs at their place in its rule's order, after the songs the plan takes out of it. */
function inOrderPlaces(
  works: readonly OwnedWork[],
  rules: ReadonlyMap<string, PreferenceInput>,
  ctx: PlanContext,
  held: HeldReader,
): PlaylistWork[] {
  const removed = new Map<string, Set<string>>();
  for (const { work } of works) {
    if (!("existingId" in work.target) || work.removes.length === 0) continue;
    const set = removed.get(work.target.existingId) ?? new Set<string>();
    for (const id of work.removes) set.add(id);
    removed.set(work.target.existingId, set);
  }
  return works.map(({ work, source, preferenceKey }) => {
    const rule = rules.get(`${source}:${preferenceKey}`);
    if (!("existingId" in work.target) || !rule) return work;
    const removedHere = removed.get(work.target.existingId) ?? new Set();
    return placeInOrder(work, held, removedHere, rule.rule.order, placingOrder(rule, ctx));
  });
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
      anchors: step.anchors ?? null,
      reasons: step.reasons ?? null,
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
