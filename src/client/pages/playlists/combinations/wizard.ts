// The combination wizard's drafts as a pure reducer (spec §4 'Combination wizard').
//
// A playlist's criteria always end with one empty criterion to add filters to, unless it has 20: adding a filter
// to the last criterion appends a new empty one (up to 20); removing a filter drops the empty criteria that are
// not last and renumbers the rest (and, if the last one then holds filters, appends an empty one again).
import {
  type Criterion,
  type CriterionDraft,
  emptyCriterion,
  isEmptyCriterion,
} from "../../../../shared/combinations/rules.ts";
import {
  type CombinationDraftInput,
  normaliseCombinationName,
  sanitizeCombinationName,
} from "../../../../shared/combinations/schema.ts";
import { limits } from "../../../../shared/limits.ts";

export interface PlaylistDraft {
  /** stable React key */
  key: number;
  playlistName: string;
  criteria: Criterion[];
}

export interface WizardState {
  playlists: PlaylistDraft[];
  nextKey: number;
}

export type SinglePart = "decade" | "mood" | "nationality";

export type WizardAction =
  | { type: "addPlaylist" }
  | { type: "removePlaylist"; key: number }
  | { type: "rename"; key: number; typed: string }
  | { type: "addGenre"; key: number; criterion: number; genre: string }
  | { type: "removeGenre"; key: number; criterion: number; genre: string }
  | { type: "setDecade"; key: number; criterion: number; value: number | null }
  | { type: "setMood" | "setNationality"; key: number; criterion: number; value: string | null }
  | { type: "removeCriterion"; key: number; criterion: number };

const newPlaylist = (key: number): PlaylistDraft => ({
  key,
  playlistName: "",
  criteria: [emptyCriterion(1)],
});

export const initialWizard = (): WizardState => ({ playlists: [newPlaylist(1)], nextKey: 2 });

const renumber = (criteria: Criterion[]): Criterion[] =>
  criteria.map((criterion, index) => ({ ...criterion, criterionNumber: index + 1 }));

/** An empty criterion at the end unless the last one is empty already or there are 20. */
function withTrailingEmpty(criteria: Criterion[]): Criterion[] {
  const last = criteria.at(-1);
  if (last && isEmptyCriterion(last)) return criteria;
  if (criteria.length >= limits.maxCriteria) return criteria;
  return [...criteria, emptyCriterion(criteria.length + 1)];
}

/** A filter was added to criterion `index` (one more genre, or a decade, mood or nationality where none was). */
export function addFilter(
  criteria: Criterion[],
  index: number,
  update: (criterion: Criterion) => Criterion,
): Criterion[] {
  const next = criteria.map((criterion, i) => (i === index ? update(criterion) : criterion));
  return renumber(index === next.length - 1 ? withTrailingEmpty(next) : next);
}

/** A filter was removed from criterion `index`: empty criteria that are not last are dropped. */
export function removeFilter(
  criteria: Criterion[],
  index: number,
  update: (criterion: Criterion) => Criterion,
): Criterion[] {
  const next = criteria.map((criterion, i) => (i === index ? update(criterion) : criterion));
  const kept = next.filter((criterion, i) => i === next.length - 1 || !isEmptyCriterion(criterion));
  return renumber(withTrailingEmpty(kept));
}

/** A whole criterion removed at once. */
export function removeCriterion(criteria: Criterion[], index: number): Criterion[] {
  const kept = criteria.filter((_, i) => i !== index);
  return renumber(withTrailingEmpty(kept.filter((c, i) => i === kept.length - 1 || !isEmptyCriterion(c))));
}

/** Sets one of decade, mood or nationality: a filter added, removed or replaced. */
function setPart<K extends SinglePart>(
  criteria: Criterion[],
  index: number,
  part: K,
  value: Criterion[K],
): Criterion[] {
  const current = criteria[index];
  if (!current) return criteria;
  const update = (criterion: Criterion): Criterion => ({ ...criterion, [part]: value });
  if (current[part] === null && value !== null) return addFilter(criteria, index, update);
  if (current[part] !== null && value === null) return removeFilter(criteria, index, update);
  return criteria.map((criterion, i) => (i === index ? update(criterion) : criterion));
}

function updateCriteria(
  state: WizardState,
  key: number,
  change: (criteria: Criterion[]) => Criterion[],
): WizardState {
  return {
    ...state,
    playlists: state.playlists.map((p) => (p.key === key ? { ...p, criteria: change(p.criteria) } : p)),
  };
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case "addPlaylist":
      return { playlists: [...state.playlists, newPlaylist(state.nextKey)], nextKey: state.nextKey + 1 };
    case "removePlaylist":
      return { ...state, playlists: state.playlists.filter((p) => p.key !== action.key) };
    case "rename":
      return {
        ...state,
        playlists: state.playlists.map((p) =>
          p.key === action.key ? { ...p, playlistName: sanitizeCombinationName(action.typed) } : p,
        ),
      };
    case "addGenre":
      return updateCriteria(state, action.key, (criteria) => {
        const current = criteria[action.criterion];
        if (!current || current.genres.includes(action.genre)) return criteria;
        if (current.genres.length >= limits.maxGenresPerCriterion) return criteria;
        return addFilter(criteria, action.criterion, (c) => ({ ...c, genres: [...c.genres, action.genre] }));
      });
    case "removeGenre":
      return updateCriteria(state, action.key, (criteria) =>
        removeFilter(criteria, action.criterion, (c) => ({
          ...c,
          genres: c.genres.filter((genre) => genre !== action.genre),
        })),
      );
    case "setDecade":
      return updateCriteria(state, action.key, (c) => setPart(c, action.criterion, "decade", action.value));
    case "setMood":
      return updateCriteria(state, action.key, (c) => setPart(c, action.criterion, "mood", action.value));
    case "setNationality":
      return updateCriteria(state, action.key, (c) =>
        setPart(c, action.criterion, "nationality", action.value),
      );
    case "removeCriterion":
      return updateCriteria(state, action.key, (criteria) => removeCriterion(criteria, action.criterion));
  }
}

/** What is sent: names as stored, only the criteria holding filters, numbered from 1. */
export function toRequest(state: WizardState): CombinationDraftInput[] {
  return state.playlists.map((playlist) => ({
    playlistName: normaliseCombinationName(playlist.playlistName),
    criteria: playlist.criteria
      .filter((criterion: CriterionDraft) => !isEmptyCriterion(criterion))
      .map((criterion, index) => ({ ...criterion, criterionNumber: index + 1 })),
  }));
}
