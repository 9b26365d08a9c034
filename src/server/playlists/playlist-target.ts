// Which managed playlist a `{name}` in the explain-and-correct paths means: a Spotify playlist of the listener's
// by its name without the postfix (`Rock`, `Everything 2`, `Liked in March 2025`, a combination's name), or a
// chosen entry or combination whose playlist is not made yet. Anything else, another listener's included: 404.
import { type CatalogueEntry, entryByName, stripPostfix } from "../../shared/catalogue/index.ts";
import type { Criterion } from "../../shared/combinations/rules.ts";
import { ErrorCode } from "../../shared/errors.ts";
import { hasCombinationAccess, hasPremiumCatalogue, type MembershipLevel } from "../../shared/membership.ts";
import { plainArrangement, type Rule } from "../../shared/rules/model.ts";
import type { Db } from "../db/client.ts";
import { activeCombinations } from "../distribution/combinations/repository.ts";
import { namedStoredRule, parseStoredCriteria } from "../distribution/combinations/stored-criteria.ts";
import { loadSelection } from "../distribution/runs/plan-inputs.ts";
import { AppError, notFound } from "../platform/errors.ts";
import { loadParts, type PartRow } from "./parts-repository.ts";

export interface PlaylistTarget {
  name: string;
  source: "predefined" | "combination";
  preferenceKey: string;
  /** the catalogue entry (predefined) */
  entry: CatalogueEntry | null;
  /** the combination (its name and criteria) */
  combination: { id: string; playlistName: string; criteria: Criterion[] } | null;
  /** what the playlist holds: the entry's or the combination's rule */
  rule: Rule;
  /** the Spotify playlist of this name; null while it is not made yet */
  row: PartRow | null;
  /** every playlist of the same entry or combination */
  rows: PartRow[];
  /** a free listener's premium-only entry (or combination): shown, not changed (errorCode 30) */
  paused: boolean;
}

export function resolvePlaylist(
  db: Db,
  user: { userId: string; membershipLevel: MembershipLevel },
  name: string,
): PlaylistTarget {
  const parts = loadParts(db, user.userId);
  const row =
    parts.find((p) => stripPostfix(p.name) === name) ??
    parts.find((p) => stripPostfix(p.name).toLowerCase() === name.toLowerCase()) ??
    null;
  const combinations = activeCombinations(db, user.userId);
  const combinationOf = (id: string) => {
    const c = combinations.find((x) => x.id === id);
    return c ? { id: c.id, playlistName: c.playlistName, criteria: parseStoredCriteria(c.criteria) } : null;
  };
  const ruleOf = (source: PlaylistTarget["source"], key: string, entry: CatalogueEntry | null): Rule => {
    const c = source === "combination" ? combinations.find((x) => x.id === key) : undefined;
    // a playlist whose rule is gone (an entry no longer in the catalogue) holds what it holds; nothing joins
    return c ? namedStoredRule(db, user.userId, c) : (entry?.rule ?? { ...plainArrangement, criteria: [] });
  };
  const premium = hasPremiumCatalogue(user.membershipLevel);
  const target = (
    source: PlaylistTarget["source"],
    key: string,
    targetRow: PartRow | null,
  ): PlaylistTarget => {
    const entry = source === "predefined" ? (entryByName(key) ?? null) : null;
    return {
      name: targetRow ? stripPostfix(targetRow.name) : name,
      source,
      preferenceKey: key,
      entry,
      combination: source === "combination" ? combinationOf(key) : null,
      rule: ruleOf(source, key, entry),
      row: targetRow,
      rows: parts.filter((p) => p.source === source && p.preferenceKey === key),
      paused:
        source === "predefined"
          ? entry?.premiumOnly === true && !premium
          : !hasCombinationAccess(user.membershipLevel),
    };
  };
  if (row) return target(row.source, row.preferenceKey, row);
  const selected = loadSelection(db, user.userId).find((p) => p.name.toLowerCase() === name.toLowerCase());
  if (selected) return target("predefined", selected.name, null);
  const combination = combinations.find((c) => c.playlistName.toLowerCase() === name.toLowerCase());
  if (combination) return target("combination", combination.id, null);
  throw notFound("No playlist of yours has this name.");
}

/** A change to a free listener's premium-only playlist is refused with errorCode 30. */
export function assertChangeable(target: PlaylistTarget): void {
  if (target.paused) throw new AppError(ErrorCode.FeatureNotAvailable);
}
