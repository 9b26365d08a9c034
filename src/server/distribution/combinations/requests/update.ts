// Editing a combination's rule (PUT /api/distributor/combinatorial/{id}). The playlist follows at once: an update
// starts that takes out the songs Crate placed that no longer match and adds the new matches at their place (a new
// order rewrites it). Checks, in this order: membership (30); the rule's names (9); an unknown or another
// listener's combination (404); the name's rules when it changes (24, 23); the playlists it names (400); then the
// distribution guards (21, 34, 37, 18) and the combination throttle (11): an edit counts as a creation.
import { isReservedPlaylistName, managedPlaylistName } from "../../../../shared/catalogue/index.ts";
import { compileCombination } from "../../../../shared/combinations/compile.ts";
import { combinationNameKey, type UpdateCombination } from "../../../../shared/combinations/schema.ts";
import type { CreateCombinationsResponse } from "../../../../shared/combinations/types.ts";
import { ErrorCode } from "../../../../shared/errors.ts";
import { hasCombinationAccess } from "../../../../shared/membership.ts";
import { rateRules } from "../../../../shared/rate-rules.ts";
import { describeRule } from "../../../../shared/rules/describe.ts";
import { recordRuleChanged } from "../../../activity/record.ts";
import { transaction } from "../../../db/transaction.ts";
import type { Deps } from "../../../deps/deps.ts";
import { AppError, notFound } from "../../../platform/errors.ts";
import { workOf } from "../../../spotify/work.ts";
import { playlistsOfPreference, renamePlaylist } from "../../repository/playlists.ts";
import { loadUserFacts } from "../../runs/plan-inputs.ts";
import { assertMayDistribute } from "../../runs/request-guards.ts";
import { runDistribution } from "../../runs/run.ts";
import { createWholeLibraryDistribution } from "../../runs/whole-library-run.ts";
import { activeCombination, anyNameUsed, replaceRule } from "../repository.ts";
import { readStoredRule } from "../stored-criteria.ts";
import { assertOwnPlaylists, canonicalOrRefused } from "./rule-checks.ts";
import type { RuleWriter } from "./service.ts";

export async function updateCombination(
  deps: Deps,
  caller: RuleWriter,
  input: UpdateCombination,
): Promise<CreateCombinationsResponse> {
  if (!hasCombinationAccess(caller.membershipLevel)) throw new AppError(ErrorCode.FeatureNotAvailable);
  const rule = canonicalOrRefused(input);
  const existing = activeCombination(deps.db, caller.userId, input.id);
  if (!existing) throw notFound("No combination of yours has this id.");
  const playlistName = input.playlistName ?? existing.playlistName;
  const nameKey = combinationNameKey(playlistName);
  const renamed = nameKey !== combinationNameKey(existing.playlistName);
  if (renamed && isReservedPlaylistName(playlistName)) throw new AppError(ErrorCode.ReservedName);
  deps.work.assertRoom(caller.userId);
  await assertOwnPlaylists(deps, caller, [{ draft: input, prefix: "" }]);
  const id = transaction(deps.db, () => {
    if (renamed && anyNameUsed(deps.db, caller.userId, [nameKey]))
      throw new AppError(ErrorCode.DuplicateName);
    assertMayDistribute(deps, caller.userId);
    deps.rateLimits.take(rateRules.combinationDistribution, caller.userId);
    const stored = readStoredRule(existing);
    const reorder = stored.order !== rule.order;
    replaceRule(deps.db, input.id, { playlistName, nameKey, userId: caller.userId, rule, reorder });
    // the playlist's activity says what the rule says now (a rename alone is not a change of the rule)
    if (JSON.stringify(stored) !== JSON.stringify(rule))
      recordRuleChanged(deps.db, {
        userId: caller.userId,
        combinationId: input.id,
        at: deps.clock.now(),
        detail: describeRule(compileCombination(rule)),
      });
    return createWholeLibraryDistribution(deps, caller, "combination", { combinationIds: [input.id] }).id;
  });
  deps.work.spawn(caller.userId, "combination edit", async () => {
    if (playlistName !== existing.playlistName)
      await renameOnSpotify(deps, caller.userId, input.id, playlistName);
    await runDistribution(deps, id);
  });
  return { distributionProgressId: id };
}

/** A renamed rule's playlists take its new name on Spotify (numbered and postfixed as before). */
async function renameOnSpotify(
  deps: Deps,
  userId: string,
  combinationId: string,
  name: string,
): Promise<void> {
  const removePlaylistPostfix = loadUserFacts(deps.db, userId)?.removePlaylistPostfix === true;
  const api = deps.spotifyFor(userId, workOf("distribution"));
  for (const playlist of playlistsOfPreference(deps.db, userId, "combination", combinationId)) {
    const newName = managedPlaylistName(name, { spillNumber: playlist.sequence, removePlaylistPostfix });
    if (playlist.spotifyPlaylistId !== null && playlist.status === "active")
      await api.updatePlaylist(playlist.spotifyPlaylistId, { name: newName });
    renamePlaylist(deps.db, playlist.id, newName);
  }
}
