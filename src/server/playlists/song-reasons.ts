// Why a song is in one of the listener's playlists, from the playlist's rule: the criteria it meets and the fact
// that meets each part, or the rule's arrangement (a liked-at period, Crate's own rule for Everything, Partitions,
// Latest N and Random).

import { explainTexts, localDateTime, placedEarlierText, type Reason } from "../../shared/explain.ts";
import { describeCriterionRule } from "../../shared/rules/describe.ts";
import type { Rule } from "../../shared/rules/model.ts";
import { DEFAULT_TIME_ZONE } from "../../shared/time-zone.ts";
import type { PlaylistTarget } from "./playlist-target.ts";
import { partReasons, type SongEvidence, type TrackEvidence } from "./reasons.ts";

const crate = (text: string): Reason => ({ text, source: "crate", asOf: null });

export interface SongContext {
  track: TrackEvidence;
  likedAt: number | null;
  /** the listener's source playlists holding it, with when Crate read each */
  playlists?: ReadonlyMap<string, number>;
  timeZone: string;
  now: number;
}

/** Why the song is in the target's playlist. */
export function reasonsInPlaylist(target: PlaylistTarget, song: SongContext): Reason[] {
  const playlist = target.name;
  const rule = target.rule;
  const evidence: SongEvidence = { ...song, timeZone: song.timeZone || DEFAULT_TIME_ZONE };
  if (rule.criteria === null) return arrangementReasons(rule, playlist, song);
  // A criterion the song meets is one each of whose parts a fact of the song meets, stated with its source.
  const reasons = rule.criteria.flatMap((criterion) => {
    const perPart = criterion.parts.map((part) => partReasons(part, evidence));
    if (criterion.parts.length === 0 || perPart.some((r) => r.length === 0)) return [];
    const parts = perPart.flat();
    if (!target.combination) return parts;
    const text = explainTexts.combination(
      target.combination.playlistName,
      criterion.number,
      describeCriterionRule(criterion),
    );
    return [crate(text), ...parts];
  });
  return reasons.length > 0 ? reasons : [crate(placedEarlierText(playlist))];
}

/** Rules over every song: the arrangement places it. */
function arrangementReasons(rule: Rule, playlist: string, song: SongContext): Reason[] {
  const liked = song.likedAt === null ? null : localDateTime(song.likedAt, song.timeZone);
  const likedReason = (text: string): Reason => ({
    text,
    source: "listener",
    asOf: song.likedAt === null ? null : new Date(song.likedAt).toISOString(),
  });
  const split = rule.split;
  if (split?.by === "period")
    return liked === null
      ? [crate(placedEarlierText(playlist))]
      : [likedReason(explainTexts.likedAt(playlist, liked))];
  if (split?.by === "parts") return [crate(explainTexts.partition(playlist, split.size))];
  if (rule.sample) return [crate(explainTexts.random(playlist))];
  if (rule.limit !== null) return [likedReason(explainTexts.latest(playlist, rule.limit, liked ?? "?"))];
  return [crate(explainTexts.everything(playlist))];
}
