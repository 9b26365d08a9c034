// The Definition column: canonical criteria as text ('or' between criteria, 'and also' inside one).
import { describe, expect, test } from "bun:test";
import { canonicalCriteria, describeCriteria } from "../../../src/shared/combinations/index.ts";

function definitionOf(drafts: Parameters<typeof canonicalCriteria>[0]): string {
  const canonical = canonicalCriteria(drafts);
  if ("unknown" in canonical) throw new Error("unknown part");
  return describeCriteria(canonical.criteria);
}

describe("definition wording", () => {
  test("the spec's example (exact spellings win: `rock` would be the subgenre)", () => {
    expect(definitionOf([{ genres: ["ROCK", "RAP"], decade: 2000 }])).toBe("Rock or Rap, and also 2000s");
  });

  test("every part of a criterion, in the order genres, decade, mood, nationality", () => {
    expect(definitionOf([{ nationality: "danish", mood: "chill", decade: 1990, genres: ["indie"] }])).toBe(
      "Indie, and also 1990s, and also Chill, and also Danish",
    );
  });

  test("criteria joined by 'or' in the wizard's order; compound ones in parentheses", () => {
    expect(
      definitionOf([
        { criterionNumber: 1, genres: ["K-Pop"] },
        { criterionNumber: 2, genres: ["indie rock", "Jazz"], decade: 1970 },
        { criterionNumber: 3 },
        { criterionNumber: 4, mood: "Party" },
      ]),
    ).toBe("K-Pop or (indie rock or Jazz, and also 1970s) or Party");
  });
});
