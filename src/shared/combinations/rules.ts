/**
 * What a combination playlist holds (spec §3 'Criterion'), as pure functions shared by server and client.
 *
 * - A combination is OR over its criteria: a song belongs when it matches at least one of them.
 * - A criterion is AND over its parts: its genres (a song matching ANY of the up to 4), its decade, its mood
 *   and its nationality. A part left out does not restrict; an empty criterion matches nothing.
 * - The parts are catalogue entry names (Genre group, Subgenre list, Decade, Mood, Nationality), and a song
 *   matches a part when its classification holds that name: the very facts the predefined playlists use
 *   (`classifyTrack` in src/server/library/classify.ts). Decade 1990 is the entry `1990s`.
 */
import { type DecadeStartYear, decadeStartYears } from "../catalogue/decades.ts";
import { genreNames } from "../catalogue/genres.ts";
import { moodNames } from "../catalogue/moods.ts";
import { nationalityNames } from "../catalogue/nationalities.ts";
import { subgenres } from "../catalogue/subgenres.ts";
import { criterionMatches, passes } from "../rules/evaluate.ts";
import { compileCombination, compileCriteria } from "./compile.ts";
import type { Criterion, CriterionDraft, RuleDefinition, RuleDraft } from "./criterion.ts";

export type {
  Criterion,
  CriterionDraft,
  LikedWindow,
  Range,
  RuleDefinition,
  RuleDraft,
} from "./criterion.ts";

export const emptyCriterion = (criterionNumber = 1): Criterion => ({
  criterionNumber,
  genres: [],
  decade: null,
  mood: null,
  nationality: null,
});

const given = (value: unknown) => (value === null || value === undefined ? 0 : 1);
const names = (list: readonly string[] | null | undefined) =>
  (list ?? []).filter((n) => n.trim() !== "").length;

/**
 * Number of filters in a criterion: each genre, subgenre and artist counts one, and so do the decade, the mood, the
 * nationality, the years, the tempo, the liked window and the playlist.
 */
export function filterCount(criterion: CriterionDraft): number {
  return (
    names(criterion.genres) +
    given(criterion.decade) +
    (criterion.mood?.trim() ? 1 : 0) +
    (criterion.nationality?.trim() ? 1 : 0) +
    names(criterion.subgenres) +
    given(criterion.years) +
    given(criterion.tempo) +
    given(criterion.liked) +
    names(criterion.artists) +
    (criterion.inPlaylist?.trim() ? 1 : 0)
  );
}

export const isEmptyCriterion = (criterion: CriterionDraft): boolean => filterCount(criterion) === 0;

// ---- catalogue names -------------------------------------------------------------------------

/** Genres a criterion may name: the 35 of the Genre group, then the Subgenre list, as the picker shows them. */
export interface GenreOption {
  name: string;
  kind: "genre" | "subgenre";
}

export const genreOptions: readonly GenreOption[] = [
  ...genreNames.map((name) => ({ name, kind: "genre" as const })),
  ...subgenres.map((name) => ({ name, kind: "subgenre" as const })),
];

function resolverOf(names: readonly string[]): (name: string) => string | null {
  const exact = new Set(names);
  const byLower = new Map<string, string>();
  for (const name of names) if (!byLower.has(name.toLowerCase())) byLower.set(name.toLowerCase(), name);
  return (name) => {
    const trimmed = name.trim();
    if (exact.has(trimmed)) return trimmed;
    return byLower.get(trimmed.toLowerCase()) ?? null;
  };
}

const genreByName = resolverOf(genreOptions.map((option) => option.name));

/**
 * The catalogue's spelling of a genre or subgenre name, or null when neither list has it. An exact match wins,
 * so `Drum and Bass` is the genre and `drum and bass` the subgenre; otherwise case is ignored, genres first.
 */
export const resolveGenre = genreByName;
export const resolveMood = resolverOf(moodNames);
export const resolveNationality = resolverOf(nationalityNames);
/** The subgenre list's spelling of a name, any case; null when the list does not have it. */
export const resolveSubgenre = resolverOf(subgenres);
export const isKnownDecade = (decade: number): decade is DecadeStartYear =>
  (decadeStartYears as readonly number[]).includes(decade);

/** Why a criterion cannot be evaluated: the first part that is not in the catalogue. */
export type UnknownPart = { part: "genre" | "subgenre" | "mood" | "nationality" | "decade"; value: string };

const range = (r: { from: number | null; to: number | null }) => ({ from: r.from ?? null, to: r.to ?? null });
const unique = (list: readonly string[]) => [...new Set(list.map((v) => v.trim()).filter((v) => v !== ""))];

/** The contract's further parts of a criterion, as given (left out when not given). */
function furtherParts(
  draft: CriterionDraft,
): Omit<Criterion, "criterionNumber" | "genres" | "decade" | "mood" | "nationality"> {
  const parts: ReturnType<typeof furtherParts> = {};
  if (draft.years) parts.years = range(draft.years);
  if (draft.tempo) parts.tempo = range(draft.tempo);
  if (draft.liked)
    parts.liked =
      "withinDays" in draft.liked
        ? { withinDays: draft.liked.withinDays }
        : { from: draft.liked.from ?? null, to: draft.liked.to ?? null };
  if (draft.artists && unique(draft.artists).length > 0) parts.artists = unique(draft.artists);
  if (draft.inPlaylist?.trim()) parts.inPlaylist = draft.inPlaylist.trim();
  return parts;
}

/**
 * The criteria with catalogue spellings, duplicates and empty criteria dropped, renumbered from 1 in their
 * order; or the first unknown part.
 */
export function canonicalCriteria(
  drafts: readonly CriterionDraft[],
): { criteria: Criterion[] } | { unknown: UnknownPart } {
  const ordered = drafts
    .map((draft, index) => ({ draft, order: draft.criterionNumber ?? index + 1, index }))
    .sort((a, b) => a.order - b.order || a.index - b.index);
  const criteria: Criterion[] = [];
  for (const { draft } of ordered) {
    if (isEmptyCriterion(draft)) continue;
    const genres: string[] = [];
    for (const raw of draft.genres ?? []) {
      if (raw.trim() === "") continue;
      const genre = resolveGenre(raw);
      if (genre === null) return { unknown: { part: "genre", value: raw } };
      if (!genres.includes(genre)) genres.push(genre);
    }
    let decade: number | null = null;
    if (draft.decade !== null && draft.decade !== undefined) {
      if (!isKnownDecade(draft.decade)) return { unknown: { part: "decade", value: String(draft.decade) } };
      decade = draft.decade;
    }
    const mood = draft.mood?.trim() ? resolveMood(draft.mood) : null;
    if (draft.mood?.trim() && mood === null) return { unknown: { part: "mood", value: draft.mood } };
    const nationality = draft.nationality?.trim() ? resolveNationality(draft.nationality) : null;
    if (draft.nationality?.trim() && nationality === null)
      return { unknown: { part: "nationality", value: draft.nationality } };
    const subgenreNames: string[] = [];
    for (const raw of draft.subgenres ?? []) {
      if (raw.trim() === "") continue;
      const subgenre = resolveSubgenre(raw);
      if (subgenre === null) return { unknown: { part: "subgenre", value: raw } };
      if (!subgenreNames.includes(subgenre)) subgenreNames.push(subgenre);
    }
    const criterion: Criterion = { criterionNumber: criteria.length + 1, genres, decade, mood, nationality };
    if (subgenreNames.length > 0) criterion.subgenres = subgenreNames;
    criteria.push({ ...criterion, ...furtherParts(draft) });
  }
  return { criteria };
}

/**
 * A rule with catalogue spellings, its defaults filled in; or the first unknown part and where it is (code 9).
 * Empty exceptions are dropped as empty criteria are.
 */
export function canonicalRule(
  draft: RuleDraft,
): { rule: RuleDefinition } | { unknown: UnknownPart; in: "criteria" | "except" } {
  const criteria = canonicalCriteria(draft.criteria);
  if ("unknown" in criteria) return { unknown: criteria.unknown, in: "criteria" };
  const except = canonicalCriteria(draft.except ?? []);
  if ("unknown" in except) return { unknown: except.unknown, in: "except" };
  return {
    rule: {
      criteria: criteria.criteria,
      except: except.criteria,
      order: draft.order ?? "liked",
      limit: draft.limit ?? null,
      unliked: draft.unliked ?? "keep",
    },
  };
}

// ---- evaluation ------------------------------------------------------------------------------

/** A song's classification: the catalogue entry names it belongs to (`classifyTrack`). */
export type SongCategories = readonly string[];

const judged = (categories: SongCategories) => ({ trackId: "", likedAt: 0, rank: 0, categories });
const anyMoment = { now: 0, timeZone: "UTC" };

/** True when a song of these categories matches the criterion (false for an empty one). Catalogue spellings. */
export function matchesCriterion(categories: SongCategories, criterion: CriterionDraft): boolean {
  const [compiled] = compileCriteria([criterion]);
  return compiled !== undefined && criterionMatches(compiled, judged(categories), anyMoment);
}

/** The membership test of a combination of the spec's parts: a song belongs when one criterion matches it. */
export function combinationMatcher(
  criteria: readonly CriterionDraft[],
): (categories: SongCategories) => boolean {
  const rule = compileCombination({ criteria });
  return (categories) => passes(rule, judged(categories), anyMoment);
}
