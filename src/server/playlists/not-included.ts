// The songs that match a playlist but are not in it, and why: excluded by the listener, past the free plan's
// first songs, or the same recording already there (AddRecordingOnce). Read from the same classification
// and the same records the planner uses.

import { explainTexts, localDate, type NotIncludedKind } from "../../shared/explain.ts";
import { limits } from "../../shared/limits.ts";
import { periodBucket } from "../../shared/rules/arrangement.ts";
import { passes } from "../../shared/rules/evaluate.ts";
import type { RuleMoment } from "../../shared/rules/model.ts";
import type { NotIncludedSong } from "../../shared/schemas/explain.ts";
import type { Db } from "../db/client.ts";
import { exclusionsOfPreference } from "../distribution/repository/exclusions.ts";
import type { PlannedSong } from "../library/considered.ts";
import { heldIn, removedByListener, trackNames } from "./explain-repository.ts";
import type { PlaylistTarget } from "./playlist-target.ts";

export interface NotIncludedInput {
  target: PlaylistTarget;
  /** every active like in like order with its categories (corrections applied) */
  likes: readonly PlannedSong[];
  premium: boolean;
  addRecordingOnce: boolean;
  timeZone: string;
  now: number;
}

/**
 * Whether a song belongs to the target's playlist by its rule; null for rules whose songs are not a plain
 * membership (a limit, a sample, parts cut by count: a song passing the filter may rightly be elsewhere or out).
 */
function matcherOf(target: PlaylistTarget, moment: RuleMoment): ((song: PlannedSong) => boolean) | null {
  const rule = target.rule;
  if (rule.sample !== null || rule.limit !== null || rule.split?.by === "parts") return null;
  const bucket = target.row?.bucket;
  return (song) =>
    passes(rule, song, moment) &&
    (periodBucket(rule.split, song.likedAt, moment.timeZone)?.key ?? "") === (bucket ?? "");
}

export function notIncludedSongs(db: Db, userId: string, input: NotIncludedInput): NotIncludedSong[] {
  const { target, likes } = input;
  const row = target.row;
  if (!row) return [];
  const sameBucket = target.rows.filter((r) => r.bucket === row.bucket);
  const held = heldIn(
    db,
    sameBucket.map((r) => r.id),
  );
  const exclusions = exclusionsOfPreference(db, userId, target.source, target.preferenceKey);
  const matches = matcherOf(target, { now: input.now, timeZone: input.timeZone });
  const firstConsidered = input.premium ? 0 : Math.max(0, likes.length - limits.freeConsideredSongs);
  const candidates = likes.filter((s) => !held.has(s.trackId));
  const info = trackNames(db, [...candidates.map((s) => s.trackId), ...held]);
  const recordingHolder = new Map<string, string>();
  if (input.addRecordingOnce)
    for (const s of likes) if (held.has(s.trackId) && s.isrc) recordingHolder.set(s.isrc, s.trackId);
  const out: NotIncludedSong[] = sameBucket.flatMap((r) =>
    removedByListener(db, r.id).map((s) => ({
      trackId: s.trackId,
      name: s.name,
      kind: "removed" as const,
      text: explainTexts.notIncluded.removed(localDate(s.since, input.timeZone)),
    })),
  );
  const add = (song: PlannedSong, kind: NotIncludedKind, text: string) =>
    out.push({ trackId: song.trackId, name: info.get(song.trackId)?.name ?? song.trackId, kind, text });
  for (const song of candidates) {
    const excludedSong = exclusions.find((e) => e.kind === "track" && e.targetId === song.trackId);
    const artistIds = info.get(song.trackId)?.artistIds ?? [];
    const excludedArtist = exclusions.find((e) => e.kind === "artist" && artistIds.includes(e.targetId));
    const excludedBy = excludedSong ?? excludedArtist;
    // Excluded songs are listed for every kind; the other reasons only where the rule says the song belongs.
    if (excludedBy) {
      const since = localDate(excludedBy.createdAt, input.timeZone);
      add(
        song,
        "excluded",
        excludedBy.kind === "track"
          ? explainTexts.notIncluded.excludedSong(since)
          : explainTexts.notIncluded.excludedArtist(excludedBy.label, since),
      );
      continue;
    }
    if (!matches?.(song)) continue;
    if (song.rank < firstConsidered) {
      add(song, "freeLimit", explainTexts.notIncluded.freeLimit(limits.freeConsideredSongs));
      continue;
    }
    const holder = song.isrc ? recordingHolder.get(song.isrc) : undefined;
    if (holder && holder !== song.trackId)
      add(song, "sameRecording", explainTexts.notIncluded.sameRecording(info.get(holder)?.name ?? holder));
  }
  return out;
}
