// The checks a rule the listener writes passes, whether created, edited or previewed: catalogue names (9) and the
// listener's own playlists it names (400 naming the field).
import {
  type CriterionDraft,
  canonicalRule,
  type RuleDefinition,
  type RuleDraft,
} from "../../../../shared/combinations/rules.ts";
import { ErrorCode } from "../../../../shared/errors.ts";
import type { Deps } from "../../../deps/deps.ts";
import { ownPlaylists, readsCollaborative } from "../../../library/source-playlists.ts";
import { AppError, badRequest } from "../../../platform/errors.ts";

/** The rule with catalogue spellings and its defaults filled in; an unknown genre, subgenre, mood… is code 9. */
export function canonicalOrRefused(draft: RuleDraft): RuleDefinition {
  const canonical = canonicalRule(draft);
  if ("unknown" in canonical) throw new AppError(ErrorCode.TypeDoesNotExist);
  return canonical.rule;
}

/** The playlists a draft names, each with the field naming it (`criteria[0].inPlaylist`). */
function namedPlaylists(draft: RuleDraft, prefix: string): { id: string; field: string }[] {
  const of = (list: readonly CriterionDraft[] | null | undefined, name: string) =>
    (list ?? []).flatMap((criterion, i) => {
      const id = criterion.inPlaylist?.trim();
      return id ? [{ id, field: `${prefix}${name}[${i}].inPlaylist` }] : [];
    });
  return [...of(draft.criteria, "criteria"), ...of(draft.except, "except")];
}

/**
 * Every playlist the drafts name is one of the listener's own (owned or collaborative, not one Crate keeps); the
 * first that is not is a 400 naming its field. Costs the listing of their playlists, only when one is named.
 */
export async function assertOwnPlaylists(
  deps: Pick<Deps, "db" | "spotifyFor">,
  user: { userId: string; spotifyId: string },
  drafts: readonly { draft: RuleDraft; prefix: string }[],
): Promise<void> {
  const named = drafts.flatMap(({ draft, prefix }) => namedPlaylists(draft, prefix));
  if (named.length === 0) return;
  const own = new Set((await ownPlaylists(deps, deps.spotifyFor(user.userId), user)).map((p) => p.id));
  const stranger = named.find((p) => !own.has(p.id));
  if (!stranger) return;
  const hint = readsCollaborative(deps, user.userId)
    ? ""
    : " (a collaborative playlist is listed once Crate may read them: /api/authorize/playlists)";
  throw badRequest(`${stranger.field}: not one of your own playlists${hint}`);
}
