// The songs Crate holds in a playlist in the order its rule gives them on Spotify: what its page lists, and the
// order a song put back or a recreated playlist takes.
import { rewritePeriod } from "../../shared/rules/arrangement.ts";
import { comparatorOf, periodKey } from "../../shared/rules/order.ts";
import type { Db } from "../db/client.ts";
import type { PlannedSong } from "../library/considered.ts";
import { heldInOrder } from "./explain-repository.ts";
import type { PlaylistTarget } from "./playlist-target.ts";

/**
 * `likes` gives the songs with the facts the rule's order reads; it is called only for an order other than like
 * order (released, tempo, artist, a shuffle). `including`: a song the listener removed, placed among the others.
 */
export function heldInRuleOrder(
  db: Db,
  userId: string,
  playlistId: string,
  target: PlaylistTarget,
  likes: () => readonly PlannedSong[],
  now: number,
  including?: string,
): string[] {
  const rule = target.rule;
  if (rule.sample) return heldInOrder(db, userId, playlistId, "asAdded", including);
  if (rule.order === "likedNewestFirst") return heldInOrder(db, userId, playlistId, "newestFirst", including);
  const held = heldInOrder(db, userId, playlistId, "likeOrder", including);
  if (rule.order === "liked") return held;
  const byId = new Map(likes().map((s) => [s.trackId, s]));
  const period = rewritePeriod(rule);
  const name = target.combination?.playlistName ?? target.entry?.name ?? target.name;
  const compare = comparatorOf(
    rule.order,
    `${userId}:${name}:${period === null ? "" : periodKey(period, now)}`,
  );
  const songs = held.map(
    (trackId, rank) => byId.get(trackId) ?? { trackId, likedAt: 0, rank, categories: [] },
  );
  return songs.sort(compare).map((s) => s.trackId);
}
