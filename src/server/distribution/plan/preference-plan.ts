// Planning as pure functions: from the songs that pass a rule and what Crate already put in the rule's playlists,
// the songs each playlist should get (and, where the rule says so, lose) now. The rule decides everything: which
// songs pass (the one evaluator), how they are arranged, and whether the playlist rolls or only grows.
import type { RemovalReason } from "../../../shared/activity.ts";
import { partitionName } from "../../../shared/catalogue/index.ts";
import {
  admittedBySplit,
  type Bucket,
  isRolling,
  periodBucket,
  rewritePeriod,
} from "../../../shared/rules/arrangement.ts";
import { passes, passingSongs } from "../../../shared/rules/evaluate.ts";
import { comparatorOf, inOrder, periodKey } from "../../../shared/rules/order.ts";
import { seededSample } from "../../../shared/rules/sample.ts";
import { distinct, heldRecordings, onePerRecording } from "./one-per-recording.ts";
import { appendWork, momentOf, newPlaylistWork, wholeBucket } from "./plan-work.ts";
import type { ExistingPlaylist, PlanContext, PlannedSong, PlaylistWork, PreferenceInput } from "./types.ts";
import { planWhole } from "./whole-plan.ts";

export { indexByCategory } from "../../../shared/rules/evaluate.ts";
export { momentOf } from "./plan-work.ts";
export type {
  ExistingPlaylist,
  PlanContext,
  PlannedSong,
  PlaylistStatus,
  PlaylistTarget,
  PlaylistWork,
  PreferenceInput,
  Reconcile,
} from "./types.ts";

/** The work for one preference. `songs` are the considered songs in like order (oldest first). */
export function planPreference(
  pref: PreferenceInput,
  songs: readonly PlannedSong[],
  byCategory: ReadonlyMap<string, readonly PlannedSong[]>,
  ctx: PlanContext,
): PlaylistWork[] {
  return planRule(pref, passingSongs(pref.rule, songs, momentOf(ctx), byCategory), ctx);
}

/** The work for one rule, given the considered songs that pass its filter, in like order. */
export function planRule(
  pref: PreferenceInput,
  passing: readonly PlannedSong[],
  ctx: PlanContext,
): PlaylistWork[] {
  const rule = pref.rule;
  if (rule.sample) return planSample(pref, distinct(passing, ctx), ctx);
  if (isRolling(rule) || rewritePeriod(rule) !== null || pref.reconcile === "reorder")
    return planWhole(pref, passing, ctx);
  const admitted = admittedBySplit(rule.split, passing, pref.selectedAt, momentOf(ctx).timeZone);
  const fresh = newSongs(pref, admitted);
  const works =
    rule.split?.by === "parts"
      ? planPartitions(pref, fresh, rule.split.size, ctx)
      : planBuckets(pref, inOrder(fresh, rule.order), bucketOf(pref, ctx), ctx);
  return [...works, ...leaving(pref, passing, ctx, works)];
}

const newSongs = (pref: Pick<PreferenceInput, "everAdded">, songs: readonly PlannedSong[]) =>
  songs.filter((s) => !pref.everAdded.has(s.trackId));

/** The preference fields a regular playlist (one bucket, spill at capacity) needs for planning. */
export type RegularPreference = Pick<PreferenceInput, "name" | "playlists" | "everAdded">;

/**
 * A regular playlist whose membership test is given as the songs that pass it: each one Crate never added is
 * appended, spilling into "… 2" at capacity.
 */
export function planMatching(
  pref: RegularPreference,
  matching: readonly PlannedSong[],
  ctx: PlanContext,
): PlaylistWork[] {
  return planBuckets(pref, newSongs(pref, matching), wholeBucket(pref), ctx);
}

/** The bucket of a song: its liked-at period in the listener's zone for a rule split by period, else the one. */
function bucketOf(pref: PreferenceInput, ctx: PlanContext): (song: PlannedSong) => Bucket {
  const whole = wholeBucket(pref);
  const zone = momentOf(ctx).timeZone;
  return (song) => periodBucket(pref.rule.split, song.likedAt, zone) ?? whole();
}

const bySequence = (a: ExistingPlaylist, b: ExistingPlaylist) => a.sequence - b.sequence;

/** Regular rules: append each bucket's new songs to its last playlist, spilling into "… 2" at capacity. */
function planBuckets(
  pref: RegularPreference,
  songs: readonly PlannedSong[],
  bucketOfSong: (song: PlannedSong) => Bucket,
  ctx: PlanContext,
): PlaylistWork[] {
  const songsByBucket = new Map<string, { bucket: Bucket; songs: PlannedSong[] }>();
  for (const song of songs) {
    const bucket = bucketOfSong(song);
    const entry = songsByBucket.get(bucket.key);
    if (entry) entry.songs.push(song);
    else songsByBucket.set(bucket.key, { bucket, songs: [song] });
  }
  const work: PlaylistWork[] = [];
  for (const { bucket, songs: bucketSongs } of songsByBucket.values()) {
    const rows = pref.playlists.filter((p) => p.bucket === bucket.key).sort(bySequence);
    const last = rows.at(-1);
    // A playlist the user deleted on Spotify is not recreated, not even as a numbered successor.
    if (last && last.status !== "active") continue;
    // A spilled playlist and its numbered successors count as one playlist for AddRecordingOnce.
    let remaining = ctx.addRecordingOnce ? onePerRecording(bucketSongs, heldRecordings(rows)) : bucketSongs;
    if (remaining.length === 0) continue;
    let sequence = last?.sequence ?? 0;
    if (last && last.songCount < ctx.capacity) {
      const take = remaining.slice(0, ctx.capacity - last.songCount);
      remaining = remaining.slice(take.length);
      work.push(appendWork(pref.name, last, take));
    }
    while (remaining.length > 0) {
      sequence += 1;
      const take = remaining.slice(0, ctx.capacity);
      remaining = remaining.slice(take.length);
      work.push(newPlaylistWork(pref.name, bucket, sequence, take, ctx));
    }
  }
  return work;
}

/** Partitions of N: new likes fill the last part, then open the next ("part-1", "part-2", …). */
function planPartitions(
  pref: PreferenceInput,
  songs: readonly PlannedSong[],
  size: number,
  ctx: PlanContext,
): PlaylistWork[] {
  const parts = pref.playlists
    .filter((p) => p.bucket.startsWith("part-"))
    .map((p) => ({ playlist: p, part: Number(p.bucket.slice(5)) }))
    .sort((a, b) => a.part - b.part);
  const last = parts.at(-1);
  const work: PlaylistWork[] = [];
  // The parts are one sequence of the library: a recording goes into one of them once.
  let remaining = ctx.addRecordingOnce ? onePerRecording(songs, heldRecordings(pref.playlists)) : songs;
  let part = last?.part ?? 0;
  // A vanished last part is left alone; new songs open the next part.
  if (last && last.playlist.status === "active" && last.playlist.songCount < size) {
    const take = remaining.slice(0, size - last.playlist.songCount);
    remaining = remaining.slice(take.length);
    if (take.length > 0) work.push(appendWork(pref.name, last.playlist, take));
  }
  while (remaining.length > 0) {
    part += 1;
    const take = remaining.slice(0, size);
    remaining = remaining.slice(take.length);
    const bucket = { key: `part-${part}`, name: partitionName(size, part) };
    work.push(newPlaylistWork(pref.name, bucket, 1, take, ctx));
  }
  return work;
}

/**
 * Songs a playlist that only grows loses: after an edit, the held songs that no longer pass the rule; with
 * `unliked: remove`, the songs the listener unliked. A song Crate knows nothing of now is left where it is.
 */
function leaving(
  pref: PreferenceInput,
  passing: readonly PlannedSong[],
  ctx: PlanContext,
  planned: readonly PlaylistWork[],
): PlaylistWork[] {
  const removeUnliked = pref.rule.unliked === "remove" && ctx.unliked !== undefined;
  if (pref.reconcile !== "match" && !removeUnliked) return [];
  const passingIds = new Set(passing.map((s) => s.trackId));
  const unliked = ctx.unliked ?? new Map<string, PlannedSong>();
  const moment = momentOf(ctx);
  const leaves = (trackId: string) => {
    const gone = unliked.get(trackId);
    if (gone) return removeUnliked || (pref.reconcile === "match" && !passes(pref.rule, gone, moment));
    return pref.reconcile === "match" && !passingIds.has(trackId) && ctx.known?.(trackId) !== false;
  };
  const works: PlaylistWork[] = [];
  for (const row of pref.playlists) {
    if (row.status !== "active" || !row.hasSpotifyPlaylist) continue;
    const adding = new Set(
      planned
        .flatMap((w) => ("existingId" in w.target && w.target.existingId === row.id ? w.adds : []))
        .map((s) => s.trackId),
    );
    const removes = row.currentSongs.filter(
      (id) => !adding.has(id) && !row.removedByListener?.has(id) && leaves(id),
    );
    if (removes.length === 0) continue;
    const removeReasons = removes.map(
      (id): RemovalReason => (unliked.has(id) && removeUnliked ? "unliked" : "ruleChanged"),
    );
    works.push({ ...appendWork(pref.name, row, []), removes, removeReasons });
  }
  return works;
}

/** Random: replaced whole once per period with a sample seeded by user, entry and period. */
function planSample(pref: PreferenceInput, songs: readonly PlannedSong[], ctx: PlanContext): PlaylistWork[] {
  const sample = pref.rule.sample;
  if (!sample) return [];
  const key = periodKey(sample.period, ctx.now);
  const row = pref.playlists.find((p) => p.bucket === "" && p.sequence === 1);
  if (row && (row.status !== "active" || row.samplePeriod === key)) return [];
  const chosen = seededSample(songs, sample.size, `${ctx.userId}:${pref.name}:${key}`, (s) => s.trackId);
  const ordered = inOrder(chosen, pref.rule.order, `${ctx.userId}:${pref.name}:${key}`);
  if (!row) {
    if (ordered.length === 0) return [];
    const work = newPlaylistWork(pref.name, wholeBucket(pref)(), 1, ordered, ctx);
    return [{ ...work, samplePeriod: key, entry: "Randomized" }];
  }
  return [
    {
      ...appendWork(pref.name, row, ordered),
      removes: [...row.currentSongs],
      removeReasons: row.currentSongs.map(() => "sample" as const),
      samplePeriod: key,
      entry: "Randomized",
    },
  ];
}

/** The order a rule's songs are compared in when placed among the songs a playlist holds. */
export const placingOrder = (pref: PreferenceInput, ctx: PlanContext) => {
  const period = rewritePeriod(pref.rule);
  const key = period === null ? "" : periodKey(period, ctx.now);
  return comparatorOf(pref.rule.order, `${ctx.userId}:${pref.name}:${key}`);
};
