// The one evaluator of a rule's filter: which songs pass, which criteria a song meets, which part fails it. Pure.
import type { LoadedField } from "./facts.ts";
import type { Criterion, Part, Rule, RuleMoment, SongFacts } from "./model.ts";

/** A criterion matches when it has parts and every one of them holds. */
export const criterionMatches = (criterion: Criterion, song: SongFacts, moment: RuleMoment): boolean =>
  criterion.parts.length > 0 && criterion.parts.every((part) => part.matches(song, moment));

/** Whether the song passes the rule's filter: one criterion holds (or the rule takes every song), no exception. */
export function passes(rule: Rule, song: SongFacts, moment: RuleMoment): boolean {
  const included = rule.criteria === null || rule.criteria.some((c) => criterionMatches(c, song, moment));
  return included && !rule.except.some((c) => criterionMatches(c, song, moment));
}

/** The criteria the song meets, in their order. */
export const metCriteria = (rule: Rule, song: SongFacts, moment: RuleMoment): Criterion[] =>
  (rule.criteria ?? []).filter((c) => criterionMatches(c, song, moment));

/** The exception that leaves the song out, if one does. */
export const metException = (rule: Rule, song: SongFacts, moment: RuleMoment): Criterion | undefined =>
  rule.except.find((c) => criterionMatches(c, song, moment));

/** The first part of a criterion the song does not meet (undefined when it meets them all). */
export const failedPart = (criterion: Criterion, song: SongFacts, moment: RuleMoment): Part | undefined =>
  criterion.parts.find((part) => !part.matches(song, moment));

/** Songs grouped by the classified categories they hold, each list in the songs' order. */
export function indexByCategory<T extends SongFacts>(songs: readonly T[]): Map<string, T[]> {
  const index = new Map<string, T[]>();
  for (const song of songs) {
    for (const name of song.categories) {
      let list = index.get(name);
      if (!list) {
        list = [];
        index.set(name, list);
      }
      list.push(song);
    }
  }
  return index;
}

/** The songs a criterion can only be among, from the index: those holding its narrowest category part. */
function candidatesOf<T extends SongFacts>(
  criterion: Criterion,
  index: ReadonlyMap<string, readonly T[]>,
): readonly T[] | null {
  let narrowest: readonly T[] | null = null;
  for (const part of criterion.parts) {
    if (!part.categories) continue;
    const lists = part.categories.map((name) => index.get(name) ?? []);
    const songs = lists.length === 1 ? (lists[0] ?? []) : lists.flat();
    if (narrowest === null || songs.length < narrowest.length) narrowest = songs;
  }
  return narrowest;
}

/**
 * The songs that pass the rule's filter, in the order given (like order). With an index of the same songs by
 * category, only the songs that can match are judged: a Genre entry reads its own list, not the library.
 */
export function passingSongs<T extends SongFacts>(
  rule: Rule,
  songs: readonly T[],
  moment: RuleMoment,
  index?: ReadonlyMap<string, readonly T[]>,
): T[] {
  const criteria = rule.criteria;
  if (criteria === null || !index) return songs.filter((song) => passes(rule, song, moment));
  const lists: (readonly T[])[] = [];
  for (const criterion of criteria) {
    if (criterion.parts.length === 0) continue;
    const candidates = candidatesOf(criterion, index);
    if (candidates === null) return songs.filter((song) => passes(rule, song, moment));
    lists.push(candidates);
  }
  const [only] = lists;
  const [criterion] = criteria;
  const [part] = criterion?.parts ?? [];
  // One category and nothing else (a Genre or Mood entry): the index's list is the answer.
  if (only && criteria.length === 1 && criterion?.parts.length === 1 && part?.categories?.length === 1)
    return rule.except.length === 0 ? [...only] : only.filter((song) => passes(rule, song, moment));
  if (lists.length === 1 && only) return only.filter((song) => passes(rule, song, moment));
  const seen = new Set<T>();
  const union: T[] = [];
  for (const list of lists)
    for (const song of list) {
      if (seen.has(song)) continue;
      seen.add(song);
      union.push(song);
    }
  union.sort((a, b) => a.rank - b.rank);
  return union.filter((song) => passes(rule, song, moment));
}

/** Every part of a rule (its exceptions' too), options opened. */
export function partsOf(rule: Rule): Part[] {
  const open = (part: Part): Part[] => (part.options ? part.options.flatMap(open) : [part]);
  return [...(rule.criteria ?? []), ...rule.except].flatMap((c) => c.parts.flatMap(open));
}

/** The song fields the rule reads beyond the like and the classification (its parts' and its order's). */
export function fieldsRead(rule: Rule): Set<LoadedField> {
  const fields = new Set<LoadedField>();
  for (const part of partsOf(rule)) if (part.needs) fields.add(part.needs);
  const byOrder: Partial<Record<Rule["order"], LoadedField>> = {
    released: "releaseDate",
    releasedNewestFirst: "releaseDate",
    tempo: "tempo",
    tempoFastestFirst: "tempo",
    artist: "artistName",
  };
  const ordered = byOrder[rule.order];
  if (ordered) fields.add(ordered);
  return fields;
}
