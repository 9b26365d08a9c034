// The combination wizard's drafts as a pure reducer (spec §4 'Combination wizard'), each draft a whole rule
// (contract, "Rules"): criteria, criteria that exclude, order, limit and what happens to unliked songs.
//
// A playlist's criteria always end with one empty criterion to add filters to, unless it has 20: adding a filter
// to the last criterion appends a new empty one (up to 20); removing a filter drops the empty criteria that are
// not last and renumbers the rest (and, if the last one then holds filters, appends an empty one again). The
// criteria that exclude behave the same way.
import {
  type Criterion,
  emptyCriterion,
  isEmptyCriterion,
  type LikedWindow,
  type Range,
} from "../../../../shared/combinations/rules.ts";
import { sanitizeCombinationName } from "../../../../shared/combinations/schema.ts";
import { limits } from "../../../../shared/limits.ts";
import type { SongOrder, UnlikedChoice } from "../../../../shared/rules/model.ts";

export interface PlaylistDraft {
  /** stable React key */
  key: number;
  /** the stored rule this draft edits; absent for a new playlist */
  id?: string;
  playlistName: string;
  criteria: Criterion[];
  except: Criterion[];
  order: SongOrder;
  limit: number | null;
  unliked: UnlikedChoice;
  /** names of the artists the draft names, where picked or looked up for a stored rule (for the plain sentence) */
  artistNames: Readonly<Record<string, string>>;
  /** names of the listener's playlists the draft names, the same way */
  playlistNames: Readonly<Record<string, string>>;
}

export interface WizardState {
  playlists: PlaylistDraft[];
  nextKey: number;
}

/** Where in a draft a criterion is: among those that include, or those that exclude. */
export type CriteriaList = "criteria" | "except";

/** The parts of a criterion that hold one value each; null takes the part away. */
export interface SingleParts {
  decade: number | null;
  mood: string | null;
  nationality: string | null;
  years: Range | null;
  tempo: Range | null;
  liked: LikedWindow | null;
  inPlaylist: string | null;
}
export type SinglePart = keyof SingleParts;

/** Which criterion of which draft an action changes. */
interface At {
  key: number;
  criterion: number;
  /** default: the criteria that include */
  list?: CriteriaList;
}

export type WizardAction =
  | { type: "addPlaylist" }
  | { type: "removePlaylist"; key: number }
  | { type: "rename"; key: number; typed: string }
  | ({ type: "addGenre" | "removeGenre"; genre: string } & At)
  | ({ type: "removeSubgenre"; subgenre: string } & At)
  | ({ type: "addArtist"; artistId: string; name: string } & At)
  | ({ type: "removeArtist"; artistId: string } & At)
  | ({ type: "pickPlaylist"; playlistId: string | null; name?: string } & At)
  | { type: "learnNames"; key: number; artists: Record<string, string>; playlists: Record<string, string> }
  | { [P in SinglePart]: { type: "setPart"; part: P; value: SingleParts[P] } & At }[SinglePart]
  | ({ type: "removeCriterion" } & At)
  | { type: "setOrder"; key: number; order: SongOrder }
  | { type: "setLimit"; key: number; limit: number | null }
  | { type: "setUnliked"; key: number; unliked: UnlikedChoice };

const newPlaylist = (key: number): PlaylistDraft => ({
  key,
  playlistName: "",
  criteria: [emptyCriterion(1)],
  except: [emptyCriterion(1)],
  order: "liked",
  limit: null,
  unliked: "keep",
  artistNames: {},
  playlistNames: {},
});

export const initialWizard = (): WizardState => ({ playlists: [newPlaylist(1)], nextKey: 2 });

/** A stored rule as the one draft of the wizard that edits it, with the empty criterion to add to. */
export function editingWizard(rule: {
  combinatorialPlaylistPreferenceId: string;
  playlistName: string;
  criteria: readonly Criterion[];
  except?: readonly Criterion[];
  order?: SongOrder;
  limit?: number | null;
  unliked?: UnlikedChoice;
}): WizardState {
  return {
    playlists: [
      {
        ...newPlaylist(1),
        id: rule.combinatorialPlaylistPreferenceId,
        playlistName: rule.playlistName,
        criteria: renumber(withTrailingEmpty(rule.criteria.map((c) => ({ ...c })))),
        except: renumber(withTrailingEmpty((rule.except ?? []).map((c) => ({ ...c })))),
        order: rule.order ?? "liked",
        limit: rule.limit ?? null,
        unliked: rule.unliked ?? "keep",
      },
    ],
    nextKey: 2,
  };
}

const renumber = (criteria: Criterion[]): Criterion[] =>
  criteria.map((criterion, index) => ({ ...criterion, criterionNumber: index + 1 }));

/** An empty criterion at the end unless the last one is empty already or there are 20. */
function withTrailingEmpty(criteria: Criterion[]): Criterion[] {
  const last = criteria.at(-1);
  if (last && isEmptyCriterion(last)) return criteria;
  if (criteria.length >= limits.maxCriteria) return criteria;
  return [...criteria, emptyCriterion(criteria.length + 1)];
}

/** A filter was added to criterion `index` (one more genre, or a part where none was). */
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

const given = (value: unknown) => value !== null && value !== undefined;

/** Sets one single-valued part: a filter added, removed or replaced. */
function setPart<K extends SinglePart>(
  criteria: Criterion[],
  index: number,
  part: K,
  value: SingleParts[K],
): Criterion[] {
  const current = criteria[index];
  if (!current) return criteria;
  const update = (criterion: Criterion): Criterion => {
    const next: Criterion = { ...criterion, [part]: value };
    // the contract's further parts are left out rather than null, as stored
    if (value === null && !["decade", "mood", "nationality"].includes(part))
      delete next[part as keyof Criterion];
    return next;
  };
  const had = given(current[part as keyof Criterion]);
  if (!had && value !== null) return addFilter(criteria, index, update);
  if (had && value === null) return removeFilter(criteria, index, update);
  return criteria.map((criterion, i) => (i === index ? update(criterion) : criterion));
}

function changeList(
  state: WizardState,
  at: { key: number; list?: CriteriaList },
  change: (criteria: Criterion[]) => Criterion[],
): WizardState {
  const list = at.list ?? "criteria";
  return changeDraft(state, at.key, (p) => ({ ...p, [list]: change(p[list]) }));
}

function changeDraft(
  state: WizardState,
  key: number,
  change: (draft: PlaylistDraft) => PlaylistDraft,
): WizardState {
  return { ...state, playlists: state.playlists.map((p) => (p.key === key ? change(p) : p)) };
}

/** Adds `item` to the named list of criterion `index` (no duplicates, at most `max`). */
function addTo(
  criteria: Criterion[],
  index: number,
  field: "genres" | "artists",
  item: string,
  max: number,
): Criterion[] {
  const current = criteria[index];
  const list = current?.[field] ?? [];
  if (!current || list.includes(item) || list.length >= max) return criteria;
  return addFilter(criteria, index, (c) => ({ ...c, [field]: [...list, item] }));
}

function removeFrom(
  criteria: Criterion[],
  index: number,
  field: "genres" | "subgenres" | "artists",
  item: string,
): Criterion[] {
  return removeFilter(criteria, index, (c) => {
    const left = (c[field] ?? []).filter((value) => value !== item);
    if (field === "genres") return { ...c, genres: left };
    const next = { ...c, [field]: left };
    if (left.length === 0) delete next[field];
    return next;
  });
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case "addPlaylist":
      return { playlists: [...state.playlists, newPlaylist(state.nextKey)], nextKey: state.nextKey + 1 };
    case "removePlaylist":
      return { ...state, playlists: state.playlists.filter((p) => p.key !== action.key) };
    case "rename":
      return changeDraft(state, action.key, (p) => ({
        ...p,
        playlistName: sanitizeCombinationName(action.typed),
      }));
    case "addGenre":
      return changeList(state, action, (c) =>
        addTo(c, action.criterion, "genres", action.genre, limits.maxGenresPerCriterion),
      );
    case "removeGenre":
      return changeList(state, action, (c) => removeFrom(c, action.criterion, "genres", action.genre));
    case "removeSubgenre":
      return changeList(state, action, (c) => removeFrom(c, action.criterion, "subgenres", action.subgenre));
    case "addArtist": {
      const named = changeDraft(state, action.key, (p) => ({
        ...p,
        artistNames: { ...p.artistNames, [action.artistId]: action.name },
      }));
      return changeList(named, action, (c) =>
        addTo(c, action.criterion, "artists", action.artistId, limits.rules.maxArtists),
      );
    }
    case "removeArtist":
      return changeList(state, action, (c) => removeFrom(c, action.criterion, "artists", action.artistId));
    case "pickPlaylist": {
      const { playlistId, name } = action;
      const named =
        playlistId && name
          ? changeDraft(state, action.key, (p) => ({
              ...p,
              playlistNames: { ...p.playlistNames, [playlistId]: name },
            }))
          : state;
      return changeList(named, action, (c) => setPart(c, action.criterion, "inPlaylist", playlistId));
    }
    case "learnNames":
      return changeDraft(state, action.key, (p) => ({
        ...p,
        artistNames: { ...action.artists, ...p.artistNames },
        playlistNames: { ...action.playlists, ...p.playlistNames },
      }));
    case "setPart":
      return changeList(state, action, (c) => setPart(c, action.criterion, action.part, action.value));
    case "removeCriterion":
      return changeList(state, action, (c) => removeCriterion(c, action.criterion));
    case "setOrder":
      return changeDraft(state, action.key, (p) => ({ ...p, order: action.order }));
    case "setLimit":
      return changeDraft(state, action.key, (p) => ({ ...p, limit: action.limit }));
    case "setUnliked":
      return changeDraft(state, action.key, (p) => ({ ...p, unliked: action.unliked }));
  }
}
