// A rule in one plain sentence, as the wizard shows it while the listener edits: "Rock or Rap from the 2000s, liked
// in the last 90 days, newest first, at most 100 songs". Pure.
import type { Criterion, Rule, SongOrder } from "./model.ts";

export const orderTexts: Record<SongOrder, string> = {
  liked: "oldest like first",
  likedNewestFirst: "newest first",
  released: "oldest release first",
  releasedNewestFirst: "newest release first",
  tempo: "slowest first",
  tempoFastestFirst: "fastest first",
  artist: "by artist",
  shuffleDaily: "shuffled every day",
  shuffleWeekly: "shuffled every week",
};

/** A criterion's parts as they read: `Rock or Rap from the 2000s, liked in the last 90 days`. */
export function describeCriterionRule(criterion: Criterion): string {
  return criterion.parts
    .map((part, index) => (index === 0 ? part.text : `${part.qualifies ? " " : ", "}${part.text}`))
    .join("");
}

/** Criteria joined by "or"; with several, each compound one in parentheses. */
function alternatives(criteria: readonly Criterion[]): string {
  const texts = criteria.filter((c) => c.parts.length > 0).map(describeCriterionRule);
  if (texts.length <= 1) return texts[0] ?? "";
  return texts.map((text) => (/ or |, /.test(text) ? `(${text})` : text)).join(" or ");
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The whole rule in one sentence; an empty string for a rule without any criterion yet. */
export function describeRule(rule: Rule): string {
  const included = rule.criteria === null ? "every liked song" : alternatives(rule.criteria);
  if (included === "") return "";
  const pieces = [included];
  const except = alternatives(rule.except);
  if (except !== "") pieces.push(`except ${except}`);
  if (rule.order !== "liked") pieces.push(orderTexts[rule.order]);
  if (rule.limit !== null)
    pieces.push(rule.limit === 1 ? "at most 1 song" : `at most ${rule.limit.toLocaleString("en-US")} songs`);
  if (rule.unliked === "remove") pieces.push("songs you unlike leave");
  return capitalised(pieces.join(", "));
}
