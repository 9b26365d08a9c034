// Creating combination playlists (POST /api/distributor/combinatorial) and listing them.
//
// Checks, in this order: membership (30); the shared schema's rules (400, spec texts); catalogue names (9);
// reserved names (24); names used before, or twice in one request (23); the stored total (16); then the
// distribution guards shared with the predefined playlists (21, 34, 37, 18); then the 30-second throttle of
// combination requests (11), which is kept apart from the predefined one (10).
import { isReservedPlaylistName } from "../../shared/catalogue/index.ts";
import { type Criterion, canonicalCriteria } from "../../shared/combinations/rules.ts";
import { type CreateCombinations, combinationNameKey } from "../../shared/combinations/schema.ts";
import type { CreateCombinationsResponse } from "../../shared/combinations/types.ts";
import { ErrorCode } from "../../shared/errors.ts";
import { limits } from "../../shared/limits.ts";
import { hasCombinationAccess } from "../../shared/membership.ts";
import type { CombinatorialPreference } from "../../shared/schemas/distribution.ts";
import type { Deps } from "../deps.ts";
import { countCombinations, listCombinations } from "../distribution/combination-store.ts";
import { setEntryTotal } from "../distribution/planner.ts";
import { createDistribution, runDistribution } from "../distribution/run.ts";
import { assertMayDistribute, type Caller } from "../distribution/service.ts";
import { consideredLimit } from "../library/considered.ts";
import { countLikes } from "../library/sync.ts";
import { AppError } from "../platform/errors.ts";
import { isThrottled, recordThrottle } from "../platform/throttles.ts";
import { userWork } from "../platform/user-work.ts";

export const combinationThrottleKey = (userId: string) => `combination:${userId}`;

interface PreparedCombination {
  playlistName: string;
  nameKey: string;
  criteria: Criterion[];
}

/** Catalogue spellings of every part (9) and the name rules that need no database (24). */
function prepare(input: CreateCombinations): PreparedCombination[] {
  return input.combinations.map((draft) => {
    const canonical = canonicalCriteria(draft.criteria);
    if ("unknown" in canonical) throw new AppError(ErrorCode.TypeDoesNotExist);
    if (isReservedPlaylistName(draft.playlistName)) throw new AppError(ErrorCode.ReservedName);
    return {
      playlistName: draft.playlistName,
      nameKey: combinationNameKey(draft.playlistName),
      criteria: canonical.criteria,
    };
  });
}

function assertNamesUnused(deps: Pick<Deps, "db">, userId: string, prepared: PreparedCombination[]): void {
  const keys = prepared.map((combination) => combination.nameKey);
  if (new Set(keys).size !== keys.length) throw new AppError(ErrorCode.DuplicateName);
  const used = deps.db.$client
    .query<{ n: number }, [string, string]>(
      `SELECT count(*) AS n FROM used_combination_names
       WHERE user_id = ? AND name_key IN (SELECT value FROM json_each(?))`,
    )
    .get(userId, JSON.stringify(keys));
  if ((used?.n ?? 0) > 0) throw new AppError(ErrorCode.DuplicateName);
}

/**
 * Saves the new combinations and starts a distribution in the background that creates their playlists (a
 * playlist appears on Spotify once at least one considered song matches); answers at once with its id.
 */
export function createCombinations(
  deps: Deps,
  caller: Caller,
  input: CreateCombinations,
): CreateCombinationsResponse {
  if (!hasCombinationAccess(caller.membershipLevel)) throw new AppError(ErrorCode.FeatureNotAvailable);
  const prepared = prepare(input);
  const sqlite = deps.db.$client;
  const now = deps.clock.now();
  const id = sqlite.transaction(() => {
    assertNamesUnused(deps, caller.userId, prepared);
    if (countCombinations(deps.db, caller.userId) + prepared.length > limits.maxCombinations) {
      throw new AppError(ErrorCode.TooManyPreferences);
    }
    assertMayDistribute(deps, caller.userId);
    const throttleKey = combinationThrottleKey(caller.userId);
    if (isThrottled(deps.db, throttleKey, limits.distributionThrottleMs, now)) {
      throw new AppError(ErrorCode.CombinationDistributionNotYetPermitted);
    }
    recordThrottle(deps.db, throttleKey, now);
    const insertCombination = sqlite.query(
      `INSERT INTO combinations (id, user_id, playlist_name, criteria, active, created_at)
       VALUES (?, ?, ?, ?, 1, ?)`,
    );
    const insertName = sqlite.query(
      "INSERT INTO used_combination_names (user_id, name_key) VALUES (?, ?) ON CONFLICT DO NOTHING",
    );
    const combinationIds = prepared.map((combination) => {
      const combinationId = crypto.randomUUID();
      insertCombination.run(
        combinationId,
        caller.userId,
        combination.playlistName,
        JSON.stringify(combination.criteria),
        now,
      );
      insertName.run(caller.userId, combination.nameKey);
      return combinationId;
    });
    const distributionId = createDistribution(deps, caller.userId, "combination", { combinationIds });
    const likes = countLikes(deps, caller.userId);
    const limit = consideredLimit(caller.membershipLevel);
    setEntryTotal(deps, distributionId, "Standard", limit === null ? likes : Math.min(likes, limit));
    return distributionId;
  })();
  userWork(deps).spawn(caller.userId, "combination distribution", () => runDistribution(deps, id));
  return { distributionProgressId: id };
}

/** The user's combinations for GET /api/playlist-preferences (finished deletions are forgotten first). */
export function listCombinatorialPreferencesOf(
  deps: Pick<Deps, "db">,
  userId: string,
): CombinatorialPreference[] {
  return listCombinations(deps.db, userId);
}
