// Why a song is in one of the listener's playlists, by the playlist's kind: a classified entry's rule and fact,
// a Liked At period, Crate's own rule (Everything, Partitions, Latest N, Random), or a combination's criterion
// with the facts of each of its parts.
import { decadeName, entryByName } from "../../shared/catalogue/index.ts";
import { type Criterion, matchesCriterion } from "../../shared/combinations/rules.ts";
import { explainTexts, localDateTime, placedEarlierText, type Reason } from "../../shared/explain.ts";
import type { PlaylistTarget } from "./playlist-target.ts";
import { classifiedReason, type TrackEvidence } from "./reasons.ts";

const crate = (text: string): Reason => ({ text, source: "crate", asOf: null });

/** The reasons of every catalogue entry a criterion names and the song holds. */
function criterionReasons(criterion: Criterion, track: TrackEvidence, now: number): Reason[] {
  const names = [
    ...criterion.genres,
    ...(criterion.decade === null ? [] : [decadeName(criterion.decade)]),
    ...(criterion.mood ? [criterion.mood] : []),
    ...(criterion.nationality ? [criterion.nationality] : []),
  ];
  return names.flatMap((name) => {
    const entry = entryByName(name);
    const reason = entry ? classifiedReason(entry.kind, entry.name, track, now) : null;
    return reason ? [reason] : [];
  });
}

/** "Rock or Metal and 1990s and Chill": a criterion's parts as the listener defined them. */
export function criterionText(criterion: Criterion): string {
  const parts: string[] = [];
  if (criterion.genres.length > 0) parts.push(criterion.genres.join(" or "));
  if (criterion.decade !== null) parts.push(decadeName(criterion.decade));
  if (criterion.mood) parts.push(criterion.mood);
  if (criterion.nationality) parts.push(criterion.nationality);
  return parts.join(" and ");
}

export interface SongContext {
  track: TrackEvidence;
  /** the song's catalogue categories now (corrections applied); empty when not a current like */
  categories: readonly string[];
  likedAt: number | null;
  timeZone: string;
  now: number;
}

/** Why the song is in the target's playlist. */
export function reasonsInPlaylist(target: PlaylistTarget, song: SongContext): Reason[] {
  const playlist = target.name;
  const { now } = song;
  if (target.combination) {
    const { criteria, playlistName } = target.combination;
    const reasons = criteria
      .filter((c) => matchesCriterion(song.categories, c))
      .flatMap((c) => [
        crate(explainTexts.combination(playlistName, c.criterionNumber, criterionText(c))),
        ...criterionReasons(c, song.track, now),
      ]);
    return reasons.length > 0 ? reasons : [crate(placedEarlierText(playlist))];
  }
  const entry = target.entry;
  if (!entry) return [crate(placedEarlierText(playlist))];
  const liked = song.likedAt === null ? null : localDateTime(song.likedAt, song.timeZone);
  const likedReason = (text: string): Reason => ({
    text,
    source: "listener",
    asOf: song.likedAt === null ? null : new Date(song.likedAt).toISOString(),
  });
  switch (entry.kind.type) {
    case "likedAt":
      return liked === null
        ? [crate(placedEarlierText(playlist))]
        : [likedReason(explainTexts.likedAt(playlist, liked))];
    case "everything":
      return [crate(explainTexts.everything(playlist))];
    case "partition":
      return [crate(explainTexts.partition(playlist, entry.kind.size))];
    case "latest":
      return [likedReason(explainTexts.latest(playlist, entry.kind.size, liked ?? "?"))];
    case "random":
      return [crate(explainTexts.random(playlist))];
    default: {
      const reason = classifiedReason(entry.kind, entry.name, song.track, now);
      return [reason ?? crate(placedEarlierText(playlist))];
    }
  }
}
