// Starting a run over the whole library (the predefined selection or new combinations).
import type { Deps } from "../../deps/deps.ts";
import { consideredLimit } from "../../library/considered.ts";
import { countLikes } from "../../library/sync.ts";
import { type DistributionTrigger, setEntryTotal } from "../repository/runs.ts";
import type { Caller } from "./request-guards.ts";
import { createDistribution } from "./run.ts";

/**
 * Records the run with its Standard entry sized to the songs it will consider (every like for premium, the
 * newest ones otherwise); returns its id and the like count. Call it inside the request's transaction.
 */
export function createWholeLibraryDistribution(
  deps: Pick<Deps, "db" | "clock">,
  caller: Caller,
  trigger: Extract<DistributionTrigger, "predefined" | "combination">,
  request: unknown,
): { id: string; totalNumberOfLikedSongs: number } {
  const id = createDistribution(deps, caller.userId, trigger, request);
  const likes = countLikes(deps, caller.userId);
  const limit = consideredLimit(caller.membershipLevel);
  setEntryTotal(deps.db, id, "Standard", limit === null ? likes : Math.min(likes, limit));
  return { id, totalNumberOfLikedSongs: likes };
}
