import { describe, expect, test } from "bun:test";
import { describeCriteria, describeCriterion } from "../../../src/shared/combinations/definition.ts";

describe("describeCriterion", () => {
  test("genres are alternatives, the parts are joined by ', and also'", () => {
    expect(describeCriterion({ genres: ["Rock", "Rap"], decade: 2000 })).toBe("Rock or Rap, and also 2000s");
    expect(describeCriterion({ genres: ["Indie"], decade: 1990, mood: "Chill", nationality: "Danish" })).toBe(
      "Indie, and also 1990s, and also Chill, and also Danish",
    );
  });

  test("a single part stands alone; a decade may be given by name", () => {
    expect(describeCriterion({ mood: "Party" })).toBe("Party");
    expect(describeCriterion({ decade: "1980s" })).toBe("1980s");
    expect(describeCriterion({ decade: "1970" })).toBe("1970s");
  });

  test("empty and blank fields are left out", () => {
    expect(describeCriterion({})).toBe("");
    expect(describeCriterion({ genres: [" ", ""], mood: "  ", decade: null, nationality: null })).toBe("");
  });
});

describe("describeCriteria", () => {
  test("one criterion: its text, without parentheses", () => {
    expect(describeCriteria([{ criterionNumber: 1, genres: ["Rock", "Rap"], decade: 2000 }])).toBe(
      "Rock or Rap, and also 2000s",
    );
  });

  test("several criteria are joined by 'or', compound ones in parentheses, in criterion-number order", () => {
    expect(
      describeCriteria([
        { criterionNumber: 2, genres: ["Jazz"] },
        { criterionNumber: 1, genres: ["Rock", "Rap"], decade: 2000 },
        { criterionNumber: 3, mood: "Chill", nationality: "Kiwi" },
      ]),
    ).toBe("(Rock or Rap, and also 2000s) or Jazz or (Chill, and also Kiwi)");
  });

  test("empty criteria are skipped; none at all is an empty text", () => {
    expect(describeCriteria([{ criterionNumber: 1, genres: ["Pop"] }, { criterionNumber: 2 }])).toBe("Pop");
    expect(describeCriteria([])).toBe("");
  });
});
