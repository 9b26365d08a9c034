// A combination playlist as the rule model: the listener's criteria (the spec's shape, and the contract's further
// parts) compiled into parts of the one evaluator. Pure; names must be the catalogue's spellings (canonicalCriteria).
import { genreNames } from "../catalogue/genres.ts";
import { decadePart, genrePart, moodPart, nationalityPart, subgenrePart } from "../catalogue/parts.ts";
import type { Part, Rule, Criterion as RuleCriterion, SongOrder, UnlikedChoice } from "../rules/model.ts";
import { plainArrangement } from "../rules/model.ts";
import { oneOf } from "../rules/parts.ts";
import type { CriterionDraft } from "./criterion.ts";

const genreSet: ReadonlySet<string> = new Set(genreNames);

/** Words for ids a rule names (artists, the listener's playlists), where Crate knows them. */
export interface RuleNames {
  artists?: ReadonlyMap<string, string>;
  playlists?: ReadonlyMap<string, string>;
}

/** A criterion's parts in the order they read: genres, decade, mood, nationality. */
export function criterionParts(criterion: CriterionDraft, _names: RuleNames = {}): Part[] {
  const parts: Part[] = [];
  const genres = (criterion.genres ?? []).map((g) => g.trim()).filter((g) => g !== "");
  if (genres.length > 0)
    parts.push(oneOf(genres.map((name) => (genreSet.has(name) ? genrePart(name) : subgenrePart(name)))));
  if (criterion.decade !== null && criterion.decade !== undefined) parts.push(decadePart(criterion.decade));
  if (criterion.mood?.trim()) parts.push(moodPart(criterion.mood.trim()));
  if (criterion.nationality?.trim()) parts.push(nationalityPart(criterion.nationality.trim()));
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

/** What a combination holds besides its criteria; each part left out takes its default. */
export interface RuleArrangementDraft {
  except?: readonly CriterionDraft[] | null;
  order?: SongOrder | null;
  limit?: number | null;
  unliked?: UnlikedChoice | null;
}

/** A combination's rule: its criteria and exceptions, its order, limit and choice for unliked songs. */
export function compileCombination(
  combination: { criteria: readonly CriterionDraft[] } & RuleArrangementDraft,
  names: RuleNames = {},
): Rule {
  return {
    ...plainArrangement,
    criteria: compileCriteria(combination.criteria, names),
    except: compileCriteria(combination.except ?? [], names).filter((c) => c.parts.length > 0),
    order: combination.order ?? "liked",
    limit: combination.limit ?? null,
    unliked: combination.unliked ?? "keep",
  };
}
