// "Download my choices" and "Load choices": one JSON document of the selection, combinations, exclusions,
// corrections and settings. Loading checks everything first (the first bad field is named, nothing applied),
// then applies it as one change under the usual caps and throttles, and starts the update that carries it out.

import { entryByName, isReservedPlaylistName } from "../../shared/catalogue/index.ts";
import { canonicalRule, type RuleDefinition } from "../../shared/combinations/rules.ts";
import { combinationNameKey } from "../../shared/combinations/schema.ts";
import { ErrorCode } from "../../shared/errors.ts";
import { limits } from "../../shared/limits.ts";
import { hasCombinationAccess } from "../../shared/membership.ts";
import { rateRules } from "../../shared/rate-rules.ts";
import {
  type ChoicesChanged,
  type ChoicesDocument,
  ChoicesDocumentSchema,
  choicesVersion,
  correctionGenre,
} from "../../shared/schemas/explain.ts";
import { eachSetting, settingKeys } from "../../shared/settings.ts";
import { transaction } from "../db/transaction.ts";
import type { Deps } from "../deps/deps.ts";
import {
  activeCombinations,
  anyNameUsed,
  insertCombination,
} from "../distribution/combinations/repository.ts";
import { readStoredRule } from "../distribution/combinations/stored-criteria.ts";
import { exclusionsOfUser, insertExclusion } from "../distribution/repository/exclusions.ts";
import { replaceSelection } from "../distribution/repository/listeners.ts";
import { loadSelection } from "../distribution/runs/plan-inputs.ts";
import { assertMayDistribute, type Caller } from "../distribution/runs/request-guards.ts";
import { runDistribution } from "../distribution/runs/run.ts";
import { createWholeLibraryDistribution } from "../distribution/runs/whole-library-run.ts";
import { validateSelection } from "../distribution/service.ts";
import { correctionMap, inForce, upsertCorrection } from "../library/corrections-repository.ts";
import { AppError, badRequest } from "../platform/errors.ts";
import { zodMessage } from "../platform/transport-errors.ts";
import { readSettings, writeSettings } from "../settings/store.ts";
import { scheduleSettingsSync } from "../settings/sync.ts";
import { ownLabels } from "./choices-names.ts";
import { startChoicesUpdate } from "./choices-update.ts";
import { recordExclusionActivity } from "./exclusions.ts";

export function exportChoices(deps: Pick<Deps, "db">, userId: string): ChoicesDocument {
  const { db } = deps;
  const combinations = activeCombinations(db, userId);
  const nameOfCombination = new Map(combinations.map((c) => [c.id, c.playlistName]));
  const settings = readSettings(db, userId);
  return {
    version: choicesVersion,
    selection: loadSelection(db, userId).map((p) => p.name),
    // each combination's whole rule: criteria, exceptions, order, limit, unliked
    combinations: combinations.map((c) => ({ playlistName: c.playlistName, ...readStoredRule(c) })),
    exclusions: exclusionsOfUser(db, userId).flatMap((e) => {
      const playlist = e.source === "predefined" ? e.preferenceKey : nameOfCombination.get(e.preferenceKey);
      return playlist === undefined ? [] : [{ playlist, kind: e.kind, id: e.targetId }];
    }),
    corrections: [...correctionMap(db, userId).values()]
      .filter(inForce)
      .map((c) => ({ artistId: c.artistId, genres: c.genres, country: c.country })),
    settings: eachSetting((key) => settings[key]),
  };
}

interface Checked {
  selection: string[];
  newCombinations: { playlistName: string; nameKey: string; rule: RuleDefinition }[];
  corrections: { artistId: string; genres: string[] | null; country: string | null }[];
  /** each exclusion's label, in the document's order */
  exclusionLabels: string[];
}

/** Every check before anything is applied; the first bad field is named. */
function check(deps: Pick<Deps, "db">, caller: Caller, doc: ChoicesDocument): Checked {
  doc.selection.forEach((name, i) => {
    if (!entryByName(name)) throw badRequest(`selection[${i}]: not a playlist of the catalogue`);
  });
  const selection = validateSelection(caller.membershipLevel, doc.selection);
  if (doc.combinations.length > 0 && !hasCombinationAccess(caller.membershipLevel))
    throw new AppError(ErrorCode.FeatureNotAvailable);
  const existing = activeCombinations(deps.db, caller.userId);
  const existingKeys = new Set(existing.map((c) => combinationNameKey(c.playlistName)));
  const newCombinations: Checked["newCombinations"] = [];
  doc.combinations.forEach((draft, i) => {
    const canonical = canonicalRule(draft);
    if ("unknown" in canonical)
      throw badRequest(
        `combinations[${i}].${canonical.in}: unknown ${canonical.unknown.part} '${canonical.unknown.value}'`,
      );
    if (canonical.rule.criteria.length === 0)
      throw badRequest(`combinations[${i}].criteria: at least one criterion`);
    if (isReservedPlaylistName(draft.playlistName))
      throw badRequest(`combinations[${i}].playlistName: a reserved name`);
    const nameKey = combinationNameKey(draft.playlistName);
    if (existingKeys.has(nameKey)) return;
    if (newCombinations.some((c) => c.nameKey === nameKey) || anyNameUsed(deps.db, caller.userId, [nameKey]))
      throw badRequest(`combinations[${i}].playlistName: a name used before`);
    newCombinations.push({ playlistName: draft.playlistName, nameKey, rule: canonical.rule });
  });
  if (existing.length + newCombinations.length > limits.maxCombinations)
    throw new AppError(ErrorCode.TooManyPreferences);
  const playlists = new Set([
    ...selection,
    ...existing.map((c) => combinationNameKey(c.playlistName)),
    ...newCombinations.map((c) => c.nameKey),
  ]);
  doc.exclusions.forEach((e, i) => {
    const canonical = entryByName(e.playlist)?.name;
    if (!(canonical && playlists.has(canonical)) && !playlists.has(combinationNameKey(e.playlist)))
      throw badRequest(`exclusions[${i}].playlist: not a playlist of these choices`);
  });
  const corrections = doc.corrections.map((c, i) => {
    if (c.genres === null && c.country === null)
      throw badRequest(`corrections[${i}]: give genres, a country or both`);
    const genres = c.genres?.map((g) => correctionGenre(g)) ?? null;
    if (genres?.some((g) => g === null))
      throw badRequest(`corrections[${i}].genres: must be genres of the catalogue`);
    return {
      artistId: c.artistId,
      genres: genres as string[] | null,
      country: c.country?.toUpperCase() ?? null,
    };
  });
  return { selection, newCombinations, corrections, exclusionLabels: ownLabels(deps.db, caller.userId, doc) };
}

/** Thrown inside the transaction of a dry run so that nothing it did is kept. */
class DryRun extends Error {
  constructor(readonly changed: ChoicesChanged["changed"]) {
    super("dry run");
  }
}

export interface ImportOptions {
  /** check and count only */
  dryRun?: boolean;
  /**
   * Loaded by Crate itself, not asked for by the listener (the demo's example choices): it does not take their
   * one whole-library distribution in 30 seconds.
   */
  unthrottled?: boolean;
}

/**
 * POST /api/user/choices: the whole document or nothing. A dry run checks and counts what would change
 * (the same transaction, rolled back) so the listener sees it before loading.
 */
export function importChoices(
  deps: Deps,
  caller: Caller,
  raw: unknown,
  options: ImportOptions = {},
): ChoicesChanged {
  try {
    return applyChoices(deps, caller, raw, options);
  } catch (error) {
    if (error instanceof DryRun) return { changed: error.changed };
    throw error;
  }
}

function applyChoices(deps: Deps, caller: Caller, raw: unknown, options: ImportOptions): ChoicesChanged {
  const dryRun = options.dryRun === true;
  const parsed = ChoicesDocumentSchema.safeParse(raw);
  if (!parsed.success) throw badRequest(zodMessage(parsed.error));
  const doc = parsed.data;
  const { db } = deps;
  const now = deps.clock.now();
  // a loaded document's exclusions and corrections are choices like any other (the demo's own are not the listener's)
  if (!dryRun && !options.unthrottled) deps.rateLimits.take(rateRules.choices, caller.userId);
  const result = transaction(db, () => {
    const checked = check(deps, caller, doc);
    const before = new Set(loadSelection(db, caller.userId).map((p) => p.name));
    const selectionChanges =
      checked.selection.filter((n) => !before.has(n)).length +
      [...before].filter((n) => !checked.selection.includes(n)).length;
    const wholeLibrary = selectionChanges > 0 || checked.newCombinations.length > 0;
    if (wholeLibrary && !dryRun) {
      assertMayDistribute(deps, caller.userId);
      if (!options.unthrottled) deps.rateLimits.take(rateRules.distribution, caller.userId);
    }
    if (selectionChanges > 0) replaceSelection(db, caller.userId, checked.selection, now);
    for (const c of checked.newCombinations)
      insertCombination(db, { id: crypto.randomUUID(), userId: caller.userId, ...c, createdAt: now });
    const combinationIds = new Map(
      activeCombinations(db, caller.userId).map((c) => [combinationNameKey(c.playlistName), c.id]),
    );
    let exclusions = 0;
    for (const [i, e] of doc.exclusions.entries()) {
      const entry = entryByName(e.playlist);
      const combinationId = combinationIds.get(combinationNameKey(e.playlist));
      const [source, key] =
        entry && checked.selection.includes(entry.name)
          ? ["predefined" as const, entry.name]
          : ["combination" as const, combinationId ?? ""];
      const label = checked.exclusionLabels[i] ?? e.id;
      const row = {
        userId: caller.userId,
        source,
        preferenceKey: key,
        kind: e.kind,
        targetId: e.id,
        label,
        createdAt: now,
      };
      const stored = insertExclusion(db, row);
      if (!stored.created) continue;
      recordExclusionActivity(db, stored.row, "excluded", now);
      exclusions += 1;
    }
    const current = correctionMap(db, caller.userId);
    let corrections = 0;
    for (const c of checked.corrections) {
      const was = current.get(c.artistId);
      if (was && JSON.stringify([was.genres, was.country]) === JSON.stringify([c.genres, c.country]))
        continue;
      upsertCorrection(db, caller.userId, { ...c, createdAt: now });
      corrections += 1;
    }
    const settingsBefore = readSettings(db, caller.userId);
    const settings = settingKeys.filter((key) => settingsBefore[key] !== doc.settings[key]).length;
    if (settings > 0) writeSettings(db, caller.userId, doc.settings);
    const changed = {
      selection: selectionChanges,
      combinations: checked.newCombinations.length,
      exclusions,
      corrections,
      settings,
    };
    if (dryRun) throw new DryRun(changed);
    const runId = wholeLibrary
      ? createWholeLibraryDistribution(deps, caller, "predefined", { playlistPreferences: checked.selection })
          .id
      : null;
    return { runId, changed };
  });
  const { runId, changed } = result;
  if (runId) deps.work.spawn(caller.userId, "choices distribution", () => runDistribution(deps, runId));
  else if (changed.exclusions + changed.corrections > 0) startChoicesUpdate(deps, caller.userId);
  if (changed.settings > 0) scheduleSettingsSync(deps, caller.userId);
  return { changed };
}
