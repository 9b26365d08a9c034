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
import { heldIn, likedTracksByArtists, removedByListener, trackNames } from "./explain-repository.ts";
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
  const excludedSongs = new Map(exclusions.filter((e) => e.kind === "track").map((e) => [e.targetId, e]));
  const artistExclusions = exclusions.filter((e) => e.kind === "artist");
  // only the songs by an excluded artist are looked up, not every song's artists
  const byExcludedArtist =
    artistExclusions.length > 0
      ? likedTracksByArtists(
          db,
          userId,
          artistExclusions.map((e) => e.targetId),
        )
      : new Map<string, Set<string>>();
  const matches = matcherOf(target, { now: input.now, timeZone: input.timeZone });
  const firstConsidered = input.premium ? 0 : Math.max(0, likes.length - limits.freeConsideredSongs);
  const recordingHolder = new Map<string, string>();
  if (input.addRecordingOnce)
    for (const s of likes) if (held.has(s.trackId) && s.isrc) recordingHolder.set(s.isrc, s.trackId);
  const removed: NotIncludedSong[] = sameBucket.flatMap((r) =>
    removedByListener(db, r.id).map((s) => ({
      trackId: s.trackId,
      name: s.name,
      kind: "removed" as const,
      text: explainTexts.notIncluded.removed(localDate(s.since, input.timeZone)),
    })),
  );
  // what is listed, named once the list is known (names are read for those songs only)
  const listed: { trackId: string; kind: NotIncludedKind; text: (name: (id: string) => string) => string }[] =
    [];
  for (const song of likes) {
    if (held.has(song.trackId)) continue;
    const artists = byExcludedArtist.get(song.trackId);
    const excludedBy =
      excludedSongs.get(song.trackId) ?? artistExclusions.find((e) => artists?.has(e.targetId));
    // Excluded songs are listed for every kind; the other reasons only where the rule says the song belongs.
    if (excludedBy) {
      const since = localDate(excludedBy.createdAt, input.timeZone);
      const text =
        excludedBy.kind === "track"
          ? explainTexts.notIncluded.excludedSong(since)
          : explainTexts.notIncluded.excludedArtist(excludedBy.label, since);
      listed.push({ trackId: song.trackId, kind: "excluded", text: () => text });
      continue;
    }
    if (!matches?.(song)) continue;
    if (song.rank < firstConsidered) {
      const text = explainTexts.notIncluded.freeLimit();
      listed.push({ trackId: song.trackId, kind: "freeLimit", text: () => text });
      continue;
    }
    const holder = song.isrc ? recordingHolder.get(song.isrc) : undefined;
    if (holder && holder !== song.trackId)
      listed.push({
        trackId: song.trackId,
        kind: "sameRecording",
        text: (name) => explainTexts.notIncluded.sameRecording(name(holder)),
      });
  }
  const info = trackNames(db, [...listed.map((l) => l.trackId), ...recordingHolder.values()]);
  const name = (id: string) => info.get(id)?.name ?? id;
  return [
    ...removed,
    ...listed.map((l) => ({ trackId: l.trackId, name: name(l.trackId), kind: l.kind, text: l.text(name) })),
  ];
}
