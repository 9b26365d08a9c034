// What placing new songs reads of a playlist Crate holds songs in: its own record of them, with the facts the
// rule's order compares (from the songs the plan judges; a song it does not judge keeps its like only).
import type { Deps } from "../../deps/deps.ts";
import type { RuleLibrary } from "../../library/fact-sources.ts";
import type { HeldReader, HeldSong } from "../plan/like-order.ts";
import { heldInLikeOrder, newestHeldLike } from "../repository/held-order.ts";

export function heldReader(deps: Pick<Deps, "db">, library: RuleLibrary): HeldReader {
  let judged: Map<string, HeldSong> | undefined;
  const judgedSong = (trackId: string) => {
    judged ??= new Map(
      [...library.considered, ...(library.unliked?.values() ?? [])].map((s) => [s.trackId, s]),
    );
    return judged.get(trackId);
  };
  return {
    newestLike: (playlistId) => newestHeldLike(deps.db, playlistId),
    inLikeOrder: (playlistId) =>
      heldInLikeOrder(deps.db, playlistId).map((held) => judgedSong(held.trackId) ?? held),
  };
}
