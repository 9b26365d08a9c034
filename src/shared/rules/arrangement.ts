// How a rule arranges the songs that pass its filter: which Spotify playlist of it a song goes to (a liked-at
// period), whether the playlist rolls (songs leave it as they age out, are pushed past the limit or leave the
// sample) and when it is rewritten whole (a new sample or a new shuffle each period). Pure.
import { partsOf } from "./evaluate.ts";
import type { Bucket, Rule, SamplePeriod, SongFacts, Split } from "./model.ts";
import { shufflePeriod } from "./order.ts";

export type { Bucket } from "./model.ts";

/** The period of a like, for a rule split by period; null when the rule is not split by period. */
export function periodBucket(split: Split | null, likedAt: number, timeZone: string): Bucket | null {
  return split?.by === "period" ? split.bucketOf(likedAt, timeZone) : null;
}

/** The likes a split takes: `Starting From Current Month` only those from the month it was selected in on. */
export function admittedBySplit<T extends SongFacts>(
  split: Split | null,
  songs: readonly T[],
  selectedAt: number,
  timeZone: string,
): readonly T[] {
  const admits = split?.by === "period" ? split.admits : undefined;
  return admits ? songs.filter((song) => admits(song.likedAt, selectedAt, timeZone)) : songs;
}

/** The UTC period after which the playlist is written anew (a fresh sample, a fresh shuffle); null if never. */
export const rewritePeriod = (rule: Rule): SamplePeriod | null =>
  rule.sample?.period ?? shufflePeriod(rule.order);

/**
 * A rolling rule's playlist holds exactly what the rule gives now (a limit, a sample, a window of days): songs
 * leave it. Every other playlist only grows (except through an edit, a correction, an exclusion or an unlike
 * the rule removes).
 */
export const isRolling = (rule: Rule): boolean =>
  rule.limit !== null || rule.sample !== null || partsOf(rule).some((part) => part.rolling === true);

/** How many songs the playlists of a rule hold, given how many pass its filter (the analysis counts). */
export const heldCount = (rule: Rule, passing: number): number =>
  Math.min(passing, rule.limit ?? Number.POSITIVE_INFINITY, rule.sample?.size ?? Number.POSITIVE_INFINITY);

/**
 * What a split names its playlists after: two rules with the same naming make playlists of the same names
 * (`Liked in Month` and `… - Starting From Current Month` both make `Liked in March 2025`); null for one playlist.
 */
export function splitNaming(split: Split | null): string | null {
  if (split === null) return null;
  return split.by === "parts" ? `parts-${split.size}` : split.naming;
}

/** Whether the split takes every like (not only those from the period the entry was selected in on). */
export const splitTakesEveryLike = (split: Split | null): boolean =>
  !(split?.by === "period" && split.admits);
