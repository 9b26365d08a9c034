// A combination playlist's definition as readable text, e.g. "Rock or Rap, and also 2000s".
import { decadeName } from "../catalogue/decades.ts";
import type { CriterionDraft } from "./rules.ts";

/** One criterion as stored or drafted; every field is optional (spec §3); the decade may be its name ("1990s"). */
export type CriterionDefinition = Omit<CriterionDraft, "decade"> & {
  /** the decade's first year (1990) or its name ("1990s") */
  decade?: number | string | null;
};

/** The decade's name, from its first year or from a name already given. */
function decadeOf(decade: number | string): string {
  if (typeof decade === "number") return decadeName(decade);
  const trimmed = decade.trim();
  return /^\d{4}$/.test(trimmed) ? decadeName(Number(trimmed)) : trimmed;
}

/** One criterion: its genres are alternatives ("Rock or Rap"); its parts are joined by ", and also". */
export function describeCriterion(criterion: CriterionDefinition): string {
  const parts: string[] = [];
  const genres = (criterion.genres ?? []).map((g) => g.trim()).filter((g) => g !== "");
  if (genres.length > 0) parts.push(genres.join(" or "));
  if (criterion.decade !== undefined && criterion.decade !== null && String(criterion.decade).trim() !== "")
    parts.push(decadeOf(criterion.decade));
  if (criterion.mood?.trim()) parts.push(criterion.mood.trim());
  if (criterion.nationality?.trim()) parts.push(criterion.nationality.trim());
  return parts.join(", and also ");
}

/**
 * A playlist's criteria, which are alternatives joined by "or" (in criterion-number order). With several
 * criteria, each one that is itself compound is put in parentheses so the grouping stays clear:
 * "(Rock or Rap, and also 2000s) or Jazz". Empty criteria are left out; no criteria at all gives "".
 */
export function describeCriteria(criteria: readonly CriterionDefinition[]): string {
  const texts = [...criteria]
    .map((criterion, index) => ({ order: criterion.criterionNumber ?? index + 1, index, criterion }))
    .sort((a, b) => a.order - b.order || a.index - b.index)
    .map(({ criterion }) => describeCriterion(criterion))
    .filter((text) => text !== "");
  if (texts.length <= 1) return texts[0] ?? "";
  return texts.map((text) => (/ or |, and also /.test(text) ? `(${text})` : text)).join(" or ");
}
