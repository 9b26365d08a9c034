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
import type { RuleMoment } from "../../../shared/rules/model.ts";
import { comparatorOf, inOrder, likeOrder, periodKey } from "../../../shared/rules/order.ts";
import { seededSample } from "../../../shared/rules/sample.ts";
import { DEFAULT_TIME_ZONE } from "../../../shared/time-zone.ts";
import { distinct, heldRecordings, onePerRecording } from "./one-per-recording.ts";
import type { ExistingPlaylist, PlanContext, PlannedSong, PlaylistWork, PreferenceInput } from "./types.ts";

export { indexByCategory } from "../../../shared/rules/evaluate.ts";
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

/** The moment a plan judges its rules at: its time and the listener's zone. */
export const momentOf = (ctx: Pick<PlanContext, "now" | "timeZone">): RuleMoment => ({
  now: ctx.now,
  timeZone: ctx.timeZone ?? DEFAULT_TIME_ZONE,
});

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

const wholeBucket = (pref: Pick<PreferenceInput, "name">) => {
  const bucket = { key: "", name: pref.name };
  return () => bucket;
};

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

/**
 * Rolling and shuffled rules: the playlist holds exactly what the rule gives now (the first `limit` songs in its
 * order, those liked within the window), and a shuffle is written anew each period. Songs the listener removed in
 * Spotify take no place; unliked songs the rule keeps keep theirs as if still liked.
 */
function planWhole(pref: PreferenceInput, passing: readonly PlannedSong[], ctx: PlanContext): PlaylistWork[] {
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

function appendWork(preferenceName: string, row: ExistingPlaylist, adds: PlannedSong[]): PlaylistWork {
  return {
    preferenceName,
    target: { existingId: row.id },
    needsCreate: !row.hasSpotifyPlaylist,
    removes: [],
    adds,
    addAtTop: false,
    entry: "Standard",
  };
}

function newPlaylistWork(
  preferenceName: string,
  bucket: Bucket,
  sequence: number,
  adds: PlannedSong[],
  ctx: PlanContext,
): PlaylistWork {
  return {
    preferenceName,
    target: { bucket: bucket.key, sequence, name: ctx.nameFor(bucket.name, sequence) },
    needsCreate: true,
    removes: [],
    adds,
    addAtTop: false,
    entry: "Standard",
  };
}
