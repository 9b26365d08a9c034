// What the wizard sends for its drafts, and how a draft reads as one plain sentence. Pure.
import { compileCombination } from "../../../../shared/combinations/compile.ts";
import { isEmptyCriterion } from "../../../../shared/combinations/rules.ts";
import {
  type CombinationDraftInput,
  normaliseCombinationName,
} from "../../../../shared/combinations/schema.ts";
import { describeRule } from "../../../../shared/rules/describe.ts";
import type { PlaylistDraft } from "./wizard.ts";

type Criteria = PlaylistDraft["criteria"];

/** Only the criteria holding filters, numbered from 1. */
const filled = (criteria: Criteria) =>
  criteria.filter((c) => !isEmptyCriterion(c)).map((c, index) => ({ ...c, criterionNumber: index + 1 }));

/**
 * A draft's rule as sent: the criteria with filters and, where they differ from their defaults, the criteria that
 * exclude, the order, the limit and the choice for unliked songs (so a draft of the spec's parts is the spec's body).
 */
export function ruleOf(draft: PlaylistDraft) {
  const except = filled(draft.except);
  return {
    criteria: filled(draft.criteria),
    ...(except.length > 0 ? { except } : {}),
    ...(draft.order !== "liked" ? { order: draft.order } : {}),
    ...(draft.limit !== null ? { limit: draft.limit } : {}),
    ...(draft.unliked !== "keep" ? { unliked: draft.unliked } : {}),
  };
}

/** What `POST /api/distributor/combinatorial` is sent for the new drafts: names as stored and their rules. */
export function toRequest(state: { playlists: PlaylistDraft[] }): CombinationDraftInput[] {
  return state.playlists.map((draft) => ({
    playlistName: normaliseCombinationName(draft.playlistName),
    ...ruleOf(draft),
  }));
}

/** What `PUT /api/distributor/combinatorial/{id}` is sent for an edited rule (every part, defaults included). */
export function toUpdate(draft: PlaylistDraft & { id: string }) {
  return {
    id: draft.id,
    playlistName: normaliseCombinationName(draft.playlistName),
    criteria: filled(draft.criteria),
    except: filled(draft.except),
    order: draft.order,
    limit: draft.limit,
    unliked: draft.unliked,
  };
}

/**
 * What the live preview is asked: the rule as it stands, for the stored rule it edits if any; a shuffle with the
 * playlist's name, which seeds it (other orders leave the name out, so typing it asks nothing again).
 */
export function toPreview(draft: PlaylistDraft) {
  const { criteria, except, order, limit } = toUpdate({ ...draft, id: draft.id ?? "" });
  const shuffled = order === "shuffleDaily" || order === "shuffleWeekly";
  return {
    ...(draft.id ? { id: draft.id } : {}),
    ...(shuffled ? { playlistName: draft.playlistName } : {}),
    criteria,
    except,
    order,
    limit,
  };
}

/**
 * The draft in one plain sentence ("Rock or Rap from the 2000s, liked in the last 90 days, newest first, at most
 * 100 songs"), with the names of the artists and playlists it names where they are known; "" while it has no
 * filter.
 */
export function ruleSentence(draft: PlaylistDraft): string {
  return describeRule(
    compileCombination(
      { ...ruleOf(draft), except: filled(draft.except) },
      {
        artists: new Map(Object.entries(draft.artistNames)),
        playlists: new Map(Object.entries(draft.playlistNames)),
      },
    ),
  );
}
