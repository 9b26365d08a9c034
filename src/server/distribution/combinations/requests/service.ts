// Creating combination playlists (POST /api/distributor/combinatorial) and listing them.
//
// Checks, in this order: membership (30); the shared schema's rules (400, spec texts); catalogue names (9);
// reserved names (24); names used before, or twice in one request (23); the stored total (16); then the
// distribution guards shared with the predefined playlists (21, 34, 37, 18); then the 30-second throttle of
// combination requests (11), which is kept apart from the predefined one (10).

import { isReservedPlaylistName } from "../../../../shared/catalogue/index.ts";
import type { RuleDefinition } from "../../../../shared/combinations/rules.ts";
import { type CreateCombinations, combinationNameKey } from "../../../../shared/combinations/schema.ts";
import type { CreateCombinationsResponse } from "../../../../shared/combinations/types.ts";
import { ErrorCode } from "../../../../shared/errors.ts";
import { limits } from "../../../../shared/limits.ts";
import { hasCombinationAccess } from "../../../../shared/membership.ts";
import { rateRules } from "../../../../shared/rate-rules.ts";
import type { CombinatorialPreference } from "../../../../shared/schemas/distribution.ts";
import { transaction } from "../../../db/transaction.ts";
import type { Deps } from "../../../deps/deps.ts";
import { AppError } from "../../../platform/errors.ts";
import { assertMayDistribute, type Caller } from "../../runs/request-guards.ts";
import { runDistribution } from "../../runs/run.ts";
import { createWholeLibraryDistribution } from "../../runs/whole-library-run.ts";
import { anyNameUsed, countCombinations, insertCombination } from "../repository.ts";
import { listCombinations } from "../stored-criteria.ts";
import { assertOwnPlaylists, canonicalOrRefused } from "./rule-checks.ts";

/** A listener writing a rule: who they are on Spotify too (the playlists a rule names must be theirs). */
export type RuleWriter = Caller & { spotifyId: string };

interface PreparedCombination {
  playlistName: string;
  nameKey: string;
  rule: RuleDefinition;
}

/** Catalogue spellings of every part (9) and the name rules that need no database (24). */
function prepare(input: CreateCombinations): PreparedCombination[] {
  return input.combinations.map((draft) => {
    const rule = canonicalOrRefused(draft);
    if (isReservedPlaylistName(draft.playlistName)) throw new AppError(ErrorCode.ReservedName);
    return { playlistName: draft.playlistName, nameKey: combinationNameKey(draft.playlistName), rule };
  });
}

function assertNamesUnused(deps: Pick<Deps, "db">, userId: string, prepared: PreparedCombination[]): void {
  const keys = prepared.map((combination) => combination.nameKey);
  if (new Set(keys).size !== keys.length) throw new AppError(ErrorCode.DuplicateName);
  if (anyNameUsed(deps.db, userId, keys)) throw new AppError(ErrorCode.DuplicateName);
}

/**
 * Saves the new combinations and starts a distribution in the background that creates their playlists (a
 * playlist appears on Spotify once at least one considered song matches); answers at once with its id.
 */
export async function createCombinations(
  deps: Deps,
  caller: RuleWriter,
  input: CreateCombinations,
): Promise<CreateCombinationsResponse> {
  if (!hasCombinationAccess(caller.membershipLevel)) throw new AppError(ErrorCode.FeatureNotAvailable);
  const prepared = prepare(input);
  deps.work.assertRoom(caller.userId);
  await assertOwnPlaylists(
    deps,
    caller,
    input.combinations.map((draft, i) => ({ draft, prefix: `combinations[${i}].` })),
  );
  const now = deps.clock.now();
  const id = transaction(deps.db, () => {
    assertNamesUnused(deps, caller.userId, prepared);
    if (countCombinations(deps.db, caller.userId) + prepared.length > limits.maxCombinations) {
      throw new AppError(ErrorCode.TooManyPreferences);
    }
    assertMayDistribute(deps, caller.userId);
    deps.rateLimits.take(rateRules.combinationDistribution, caller.userId);
    const combinationIds = prepared.map((combination) => {
      const combinationId = crypto.randomUUID();
      insertCombination(deps.db, {
        id: combinationId,
        userId: caller.userId,
        ...combination,
        createdAt: now,
      });
      return combinationId;
    });
    return createWholeLibraryDistribution(deps, caller, "combination", { combinationIds }).id;
  });
  deps.work.spawn(caller.userId, "combination distribution", () => runDistribution(deps, id));
  return { distributionProgressId: id };
}

/** The user's combinations for GET /api/playlist-preferences (finished deletions are forgotten first). */
export function listCombinatorialPreferencesOf(
  deps: Pick<Deps, "db">,
  userId: string,
): CombinatorialPreference[] {
  return listCombinations(deps.db, userId);
}
