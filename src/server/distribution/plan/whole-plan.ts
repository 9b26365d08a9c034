// Rules whose playlist holds exactly what the rule gives now: rolling ones (a window of days, a limit) and those
// written anew each period (a shuffle), with where each new song goes and why each song leaves.
import type { RemovalReason } from "../../../shared/activity.ts";
import { isRolling, rewritePeriod } from "../../../shared/rules/arrangement.ts";
import { passes } from "../../../shared/rules/evaluate.ts";
import { inOrder, likeOrder, periodKey } from "../../../shared/rules/order.ts";
import { distinct } from "./one-per-recording.ts";
import { appendWork, momentOf, newPlaylistWork, wholeBucket } from "./plan-work.ts";
import type { PlanContext, PlannedSong, PlaylistWork, PreferenceInput } from "./types.ts";

/**
 * Rolling and shuffled rules: the playlist holds exactly what the rule gives now (the first `limit` songs in its
 * order, those liked within the window), and a shuffle is written anew each period. Songs the listener removed in
 * Spotify take no place; unliked songs the rule keeps keep theirs as if still liked.
 */
export function planWhole(
  pref: PreferenceInput,
  passing: readonly PlannedSong[],
  ctx: PlanContext,
): PlaylistWork[] {
  const rule = pref.rule;
  const row = pref.playlists.find((p) => p.bucket === "" && p.sequence === 1);
  if (row && row.status !== "active") return [];
  const gone = row?.removedByListener ?? new Set<string>();
  const period = rewritePeriod(rule);
  const key = period === null ? undefined : periodKey(period, ctx.now);
  const seed = `${ctx.userId}:${pref.name}:${key ?? ""}`;
  const held = new Set(row?.currentSongs ?? []);
  const rolling = isRolling(rule);
  const moment = momentOf(ctx);
  const passingById = new Map(passing.map((s) => [s.trackId, s]));
  // A rolling playlist keeps the unliked songs the rule keeps, as if still liked; one that only grows keeps every
  // song it holds, except, after an edit, those Crate knows no longer pass.
  const kept = [...held].flatMap((id): PlannedSong[] => {
    if (passingById.has(id)) return [];
    const song = ctx.unliked?.get(id);
    if (song) return rule.unliked === "keep" && passes(rule, song, moment) ? [song] : [];
    if (rolling || (pref.reconcile && ctx.known?.(id) !== false)) return [];
    return [{ trackId: id, likedAt: 0, rank: -1, categories: [] }];
  });
  const candidates = [...passing, ...kept].filter((s) => !gone.has(s.trackId)).sort(likeOrder);
  const ordered = inOrder(distinct(candidates, ctx), rule.order, seed);
  const desired = ordered.slice(0, rolling ? (rule.limit ?? ctx.capacity) : ctx.capacity);
  if (!row) {
    if (desired.length === 0) return [];
    const created = newPlaylistWork(pref.name, wholeBucket(pref)(), 1, desired, ctx);
    // newest first: the first songs go in top-down too, as every later new like does
    return [{ ...created, addAtTop: rule.order === "likedNewestFirst", samplePeriod: key }];
  }
  const rewrite = (key !== undefined && row.samplePeriod !== key) || pref.reconcile === "reorder";
  const current = row.currentSongs.filter((id) => !gone.has(id));
  const whyGone = removalReasonsOf(
    pref,
    passingById,
    ctx,
    rewrite && key !== undefined && row.samplePeriod !== key,
  );
  const rewritten = () => ({
    ...appendWork(pref.name, row, desired),
    removes: current,
    removeReasons: whyGone(current),
    samplePeriod: key,
  });
  if (rewrite) return [rewritten()];
  const desiredIds = new Set(desired.map((s) => s.trackId));
  const removes = current.filter((id) => !desiredIds.has(id));
  const adds = desired.filter((s) => !held.has(s.trackId));
  if (adds.length === 0 && removes.length === 0 && row.hasSpotifyPlaylist) return [];
  const work = appendWork(pref.name, row, adds);
  const keptCount = desired.length - adds.length;
  const placeOf = new Map(desired.map((s, index) => [s.trackId, index]));
  const places = adds.map((s) => placeOf.get(s.trackId) ?? desired.length);
  const removeReasons = whyGone(removes);
  if (places.every((place, i) => place === i))
    return [{ ...work, removes, removeReasons, addAtTop: adds.length > 0 }];
  if (places.every((place) => place >= keptCount)) {
    // New songs after every kept one: appended, unless writing the playlist anew costs no more calls.
    if (
      writesOf(removes.length) + writesOf(adds.length) <
      writesOf(current.length) + writesOf(desired.length)
    )
      return [{ ...work, removes, removeReasons }];
    return [rewritten()];
  }
  // The positions count the kept songs in the rule's order: the journal places each insert among them.
  const heldOrder = desired.filter((s) => held.has(s.trackId)).map((s) => s.trackId);
  return [{ ...work, removes, removeReasons, addPositions: places, heldOrder }];
}

/**
 * Why each song a rolling or rewritten playlist loses goes: a new sample or shuffle period, an edit of the rule, an
 * unlike (a song Crate no longer judges), the limit (it still passes), else the window of days it aged out of.
 * Songs a rewrite takes out and puts back are withdrawn from the activity by the journal.
 */
function removalReasonsOf(
  pref: PreferenceInput,
  passing: ReadonlyMap<string, PlannedSong>,
  ctx: PlanContext,
  newPeriod: boolean,
): (ids: readonly string[]) => (RemovalReason | null)[] {
  const hasWindow = isRolling({ ...pref.rule, limit: null, sample: null });
  const reason = (id: string): RemovalReason | null => {
    if (newPeriod) return "sample";
    if (pref.reconcile) return "ruleChanged";
    if (passing.has(id)) return "limit";
    // an unliked song the rule keeps left because it aged out, not for the unlike
    if (ctx.unliked?.has(id)) return pref.rule.unliked === "keep" && hasWindow ? "window" : "unliked";
    if (ctx.known?.(id) === false) return "unliked";
    return hasWindow ? "window" : "unliked";
  };
  return (ids) => ids.map(reason);
}

const writesOf = (songs: number) => Math.ceil(songs / 100);
