// The pieces every plan is made of: the moment a rule is judged at, the one bucket of a rule without a split, and
// the work on a playlist Crate already has or is about to create.
import type { Bucket } from "../../../shared/rules/arrangement.ts";
import type { RuleMoment } from "../../../shared/rules/model.ts";
import { DEFAULT_TIME_ZONE } from "../../../shared/time-zone.ts";
import type { ExistingPlaylist, PlanContext, PlannedSong, PlaylistWork, PreferenceInput } from "./types.ts";

/** The moment a plan judges its rules at: its time and the listener's zone. */
export const momentOf = (ctx: Pick<PlanContext, "now" | "timeZone">): RuleMoment => ({
  now: ctx.now,
  timeZone: ctx.timeZone ?? DEFAULT_TIME_ZONE,
});

/** The one bucket of a rule without a split: the playlist named as the rule. */
export const wholeBucket = (pref: Pick<PreferenceInput, "name">) => {
  const bucket = { key: "", name: pref.name };
  return () => bucket;
};

/** Work on a playlist Crate has (created on Spotify first if it has none yet). */
export function appendWork(preferenceName: string, row: ExistingPlaylist, adds: PlannedSong[]): PlaylistWork {
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

/** Work that creates a playlist: its bucket's name with the spill number. */
export function newPlaylistWork(
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
