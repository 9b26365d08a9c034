// Planning as pure functions: from the considered songs and what Crate already put in a preference's
// playlists, the songs each playlist should get (and, for Latest N and Random only, lose) now.
import { type LikedAtPeriod, partitionName } from "../../../shared/catalogue/index.ts";
import { likedAtBucketFor, monthKeyIn } from "../../library/liked-at.ts";
import { seededSample } from "../../platform/sample.ts";
import { distinct, heldRecordings, onePerRecording } from "./one-per-recording.ts";
import { isoWeekKey, utcDayKey } from "./random-periods.ts";
import type { ExistingPlaylist, PlanContext, PlannedSong, PlaylistWork, PreferenceInput } from "./types.ts";

export type {
  ExistingPlaylist,
  PlanContext,
  PlannedSong,
  PlaylistStatus,
  PlaylistTarget,
  PlaylistWork,
  PreferenceInput,
} from "./types.ts";

/** Songs grouped by the classified entry names they belong to, built once for every classified preference. */
export function indexByCategory(songs: readonly PlannedSong[]): Map<string, PlannedSong[]> {
  const index = new Map<string, PlannedSong[]>();
  for (const song of songs) {
    for (const category of song.categories) {
      let list = index.get(category);
      if (!list) {
        list = [];
        index.set(category, list);
      }
      list.push(song);
    }
  }
  return index;
}

/** The work for one preference. `songs` are the considered songs in like order (oldest first). */
export function planPreference(
  pref: PreferenceInput,
  songs: readonly PlannedSong[],
  byCategory: Map<string, PlannedSong[]>,
  ctx: PlanContext,
): PlaylistWork[] {
  const kind = pref.kind;
  switch (kind.type) {
    case "classified":
      return planBuckets(pref, newSongs(pref, byCategory.get(pref.name) ?? []), wholeBucket(pref), ctx);
    case "everything":
      return planBuckets(pref, newSongs(pref, songs), wholeBucket(pref), ctx);
    case "likedAt": {
      // A song Crate already added to one of this preference's playlists stays in that bucket, even when the
      // listener's time zone changed since (newSongs leaves it out); new likes use the zone of now.
      const zone = ctx.timeZone;
      const firstMonth = monthKeyIn(pref.selectedAt, zone);
      const candidates =
        kind.period === "monthFromSelection"
          ? songs.filter((s) => monthKeyIn(s.likedAt, zone) >= firstMonth)
          : songs;
      return planBuckets(
        pref,
        newSongs(pref, candidates),
        (s) => likedAtBucket(kind.period, s.likedAt, zone),
        ctx,
      );
    }
    case "partition":
      return planPartitions(pref, newSongs(pref, songs), kind.size, ctx);
    case "latest":
      return planLatest(pref, distinct(songs, ctx), kind.size, ctx);
    case "random":
      return planRandom(pref, distinct(songs, ctx), kind.size, kind.period, ctx);
  }
}

const newSongs = (pref: Pick<PreferenceInput, "everAdded">, songs: readonly PlannedSong[]) =>
  songs.filter((s) => !pref.everAdded.has(s.trackId));

/** The preference fields a regular playlist (one bucket, spill at capacity) needs for planning. */
export type RegularPreference = Pick<PreferenceInput, "name" | "playlists" | "everAdded">;

/**
 * A regular playlist whose membership test is given as the songs that pass it (combination playlists): each
 * matching considered song Crate never added is appended, spilling into "… 2" at capacity.
 */
export function planMatching(
  pref: RegularPreference,
  matching: readonly PlannedSong[],
  ctx: PlanContext,
): PlaylistWork[] {
  return planBuckets(pref, newSongs(pref, matching), wholeBucket(pref), ctx);
}

interface Bucket {
  key: string;
  name: string;
}

const wholeBucket = (pref: Pick<PreferenceInput, "name">) => {
  const bucket = { key: "", name: pref.name };
  return () => bucket;
};

/** Liked At buckets in the listener's zone: `2025-03` month, `2025` year, `2024-12` season by its first month. */
export const likedAtBucket = (period: LikedAtPeriod, likedAt: number, timeZone?: string): Bucket =>
  likedAtBucketFor(period, likedAt, timeZone);

const bySequence = (a: ExistingPlaylist, b: ExistingPlaylist) => a.sequence - b.sequence;

/** Regular kinds: append each bucket's new songs to its last playlist, spilling into "… 2" at capacity. */
function planBuckets(
  pref: RegularPreference,
  songs: readonly PlannedSong[],
  bucketOf: (song: PlannedSong) => Bucket,
  ctx: PlanContext,
): PlaylistWork[] {
  const songsByBucket = new Map<string, { bucket: Bucket; songs: PlannedSong[] }>();
  for (const song of songs) {
    const bucket = bucketOf(song);
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

/** Latest N: the N newest considered songs, newest first; songs that fell out are removed. */
function planLatest(
  pref: PreferenceInput,
  songs: readonly PlannedSong[],
  size: number,
  ctx: PlanContext,
): PlaylistWork[] {
  const desired = songs.slice(-size).reverse();
  const row = pref.playlists.find((p) => p.bucket === "" && p.sequence === 1);
  if (row && row.status !== "active") return [];
  if (!row)
    return desired.length > 0 ? [newPlaylistWork(pref.name, wholeBucket(pref)(), 1, desired, ctx, true)] : [];
  const desiredIds = new Set(desired.map((s) => s.trackId));
  const current = new Set(row.currentSongs);
  const adds = desired.filter((s) => !current.has(s.trackId));
  const removes = row.currentSongs.filter((id) => !desiredIds.has(id));
  const keptRanks = desired.filter((s) => current.has(s.trackId)).map((s) => s.rank);
  const newestKept = keptRanks.length > 0 ? Math.max(...keptRanks) : -1;
  if (adds.every((s) => s.rank > newestKept)) {
    if (adds.length === 0 && removes.length === 0 && row.hasSpotifyPlaylist) return [];
    return [{ ...appendWork(pref.name, row, adds), removes, addAtTop: true }];
  }
  // An older song came back (a newer one was unliked): rebuild so the playlist reads newest first.
  return [{ ...appendWork(pref.name, row, desired), removes: [...row.currentSongs], addAtTop: false }];
}

/** Random: replaced whole once per period with a sample seeded by user, entry and period. */
function planRandom(
  pref: PreferenceInput,
  songs: readonly PlannedSong[],
  size: number,
  period: "day" | "week",
  ctx: PlanContext,
): PlaylistWork[] {
  const periodKey = period === "day" ? utcDayKey(ctx.now) : isoWeekKey(ctx.now);
  const row = pref.playlists.find((p) => p.bucket === "" && p.sequence === 1);
  if (row && (row.status !== "active" || row.samplePeriod === periodKey)) return [];
  const sample = seededSample(songs, size, `${ctx.userId}:${pref.name}:${periodKey}`, (s) => s.trackId);
  if (!row) {
    if (sample.length === 0) return [];
    const work = newPlaylistWork(pref.name, wholeBucket(pref)(), 1, sample, ctx);
    return [{ ...work, samplePeriod: periodKey, entry: "Randomized" }];
  }
  return [
    {
      ...appendWork(pref.name, row, sample),
      removes: [...row.currentSongs],
      samplePeriod: periodKey,
      entry: "Randomized",
    },
  ];
}

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
  addAtTop = false,
): PlaylistWork {
  return {
    preferenceName,
    target: { bucket: bucket.key, sequence, name: ctx.nameFor(bucket.name, sequence) },
    needsCreate: true,
    removes: [],
    adds,
    addAtTop,
    entry: "Standard",
  };
}
