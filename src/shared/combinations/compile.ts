// A combination playlist as the rule model: the listener's criteria (the spec's shape, and the contract's further
// parts) compiled into parts of the one evaluator. Pure; names must be the catalogue's spellings (canonicalCriteria).
import { genreNames } from "../catalogue/genres.ts";
import { decadePart, genrePart, moodPart, nationalityPart, subgenrePart } from "../catalogue/parts.ts";
import type { Part, Rule, Criterion as RuleCriterion } from "../rules/model.ts";
import { plainArrangement } from "../rules/model.ts";
import {
  byArtists,
  inPlaylist,
  likedBetween,
  likedWithinDays,
  oneOf,
  releasedIn,
  tempoIn,
} from "../rules/parts.ts";
import type { CriterionDraft, RuleDraft } from "./criterion.ts";

const genreSet: ReadonlySet<string> = new Set(genreNames);

/** Words for ids a rule names (artists, the listener's playlists), where Crate knows them. */
export interface RuleNames {
  artists?: ReadonlyMap<string, string>;
  playlists?: ReadonlyMap<string, string>;
}

const listed = (list: readonly string[] | null | undefined) =>
  (list ?? []).map((v) => v.trim()).filter((v) => v !== "");

/**
 * A criterion's parts in the order they read: genres, subgenres, decade, mood, nationality, years, tempo, liked,
 * artists, playlist.
 */
export function criterionParts(criterion: CriterionDraft, names: RuleNames = {}): Part[] {
  const parts: Part[] = [];
  const genres = listed(criterion.genres);
  if (genres.length > 0)
    parts.push(oneOf(genres.map((name) => (genreSet.has(name) ? genrePart(name) : subgenrePart(name)))));
  const subgenreNames = listed(criterion.subgenres);
  if (subgenreNames.length > 0) parts.push(oneOf(subgenreNames.map(subgenrePart)));
  if (criterion.decade !== null && criterion.decade !== undefined) parts.push(decadePart(criterion.decade));
  if (criterion.mood?.trim()) parts.push(moodPart(criterion.mood.trim()));
  if (criterion.nationality?.trim()) parts.push(nationalityPart(criterion.nationality.trim()));
  if (criterion.years) parts.push(releasedIn(criterion.years.from, criterion.years.to));
  if (criterion.tempo) parts.push(tempoIn(criterion.tempo.from, criterion.tempo.to));
  const liked = criterion.liked;
  if (liked)
    parts.push(
      "withinDays" in liked ? likedWithinDays(liked.withinDays) : likedBetween(liked.from, liked.to),
    );
  const artists = listed(criterion.artists);
  if (artists.length > 0) parts.push(byArtists(artists, names.artists));
  const playlist = criterion.inPlaylist?.trim();
  if (playlist) parts.push(inPlaylist(playlist, names.playlists?.get(playlist)));
  return parts;
}

/** The criteria as the rule model's criteria (numbered as given, else by their place). */
export const compileCriteria = (
  criteria: readonly CriterionDraft[],
  names: RuleNames = {},
): RuleCriterion[] =>
  criteria.map((criterion, index) => ({
    number: criterion.criterionNumber ?? index + 1,
    parts: criterionParts(criterion, names),
  }));

/** A combination's rule: its criteria and exceptions, its order, limit and choice for unliked songs. */
export function compileCombination(combination: RuleDraft, names: RuleNames = {}): Rule {
  return {
    ...plainArrangement,
    criteria: compileCriteria(combination.criteria, names),
    except: compileCriteria(combination.except ?? [], names).filter((c) => c.parts.length > 0),
    order: combination.order ?? "liked",
    limit: combination.limit ?? null,
    unliked: combination.unliked ?? "keep",
  };
}
