// Why a song is not in a rule's playlist, naming the part of the rule that fails it: the first part of each
// criterion the song does not meet, or the exception that leaves it out. Pure.

import { describeCriterionRule } from "./describe.ts";
import { criterionMatches, failedPart, metException } from "./evaluate.ts";
import type { Rule, RuleMoment, SongFacts } from "./model.ts";

/** The failing parts in words (`criterion 1: not released 1994-1999; criterion 2: not Rock`); null when it passes. */
export function failingParts(rule: Rule, song: SongFacts, moment: RuleMoment): string | null {
  const criteria = rule.criteria ?? [];
  const met = criteria.filter((c) => criterionMatches(c, song, moment));
  if (rule.criteria !== null && met.length === 0) {
    const failures = criteria
      .filter((c) => c.parts.length > 0)
      .map(
        (c) => `criterion ${c.number}: not ${failedPart(c, song, moment)?.text ?? describeCriterionRule(c)}`,
      );
    return failures.join("; ");
  }
  const exception = metException(rule, song, moment);
  return exception ? `left out by the exception ${describeCriterionRule(exception)}` : null;
}
