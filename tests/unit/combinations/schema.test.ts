// The one schema of combination requests: the spec's messages in order, name rules, criteria limits.
import { describe, expect, test } from "bun:test";
import {
  CreateCombinationsSchema,
  combinationNameKey,
  combinationsInputSchema,
  sanitizeCombinationName,
  validateDrafts,
} from "../../../src/shared/combinations/schema.ts";
import { messages } from "../../../src/shared/errors.ts";
import { limits } from "../../../src/shared/limits.ts";

const rock = { genres: ["Rock"] };
const draft = (playlistName: string, criteria: object[] = [rock]) => ({ playlistName, criteria });

describe("the wizard's messages", () => {
  test("no playlist at all", () => {
    expect(validateDrafts([], 0)).toBe(messages.noPlaylistDefined);
  });

  test("a missing name: singular for one playlist, plural for several", () => {
    expect(validateDrafts([draft("")], 0)).toBe(messages.playlistNeedsName);
    expect(validateDrafts([draft("   ")], 0)).toBe(messages.playlistNeedsName);
    expect(validateDrafts([draft("Mine"), draft("")], 0)).toBe(messages.playlistsNeedName);
  });

  test("no non-empty criterion: singular or plural; the name comes first", () => {
    expect(validateDrafts([draft("Mine", [])], 0)).toBe(messages.noCriteria);
    expect(validateDrafts([draft("Mine", [{}, { genres: [] }])], 0)).toBe(messages.noCriteria);
    expect(validateDrafts([draft("Mine"), draft("Yours", [{ mood: null }])], 0)).toBe(
      messages.noCriteriaPlural,
    );
    expect(validateDrafts([draft("", [])], 0)).toBe(messages.playlistNeedsName);
  });

  test("at most 20 in total, counting the stored ones", () => {
    expect(validateDrafts([draft("One")], limits.maxCombinations - 1)).toBeNull();
    expect(validateDrafts([draft("One")], limits.maxCombinations)).toBe(messages.noMoreRoom);
    expect(validateDrafts([draft("One"), draft("Two")], limits.maxCombinations - 1)).toBe(
      messages.noMoreRoom,
    );
    const many = Array.from({ length: 21 }, (_, i) => draft(`Mix ${i}`));
    expect(validateDrafts(many, 0)).toBe(messages.noMoreRoom);
  });

  test("a trailing empty criterion (as the wizard keeps one) is fine", () => {
    expect(validateDrafts([draft("Mine", [rock, {}])], 0)).toBeNull();
  });
});

describe("the server's parse", () => {
  test("names are trimmed to single spaces; parts are normalised", () => {
    const parsed = CreateCombinationsSchema.parse({
      combinations: [
        { playlistName: "  My   Mix ", criteria: [{ genres: ["Rock"], decade: 1990, mood: "" }] },
      ],
    });
    expect(parsed.combinations[0]).toEqual({
      playlistName: "My Mix",
      criteria: [{ genres: ["Rock"], decade: 1990, mood: null, nationality: null }],
    });
  });

  test("letters of any script, digits and spaces only, at most 30", () => {
    const ok = (name: string) => CreateCombinationsSchema.safeParse({ combinations: [draft(name)] }).success;
    expect(ok("Ærlig Dansk 90er")).toBe(true);
    expect(ok("Café del Mar 2")).toBe(true);
    expect(ok("a".repeat(30))).toBe(true);
    expect(ok("a".repeat(31))).toBe(false);
    expect(ok("Rock & Roll")).toBe(false);
    expect(ok("Mix-2")).toBe(false);
    expect(ok("Tab\there")).toBe(false);
  });

  test("at most 4 genres per criterion and 20 criteria per playlist", () => {
    const genres = (n: number) => Array.from({ length: n }, () => "Rock");
    const parse = (criteria: object[]) =>
      CreateCombinationsSchema.safeParse({ combinations: [draft("Mine", criteria)] }).success;
    expect(parse([{ genres: genres(4) }])).toBe(true);
    expect(parse([{ genres: genres(5) }])).toBe(false);
    expect(parse(Array.from({ length: 20 }, () => rock))).toBe(true);
    expect(parse(Array.from({ length: 21 }, () => rock))).toBe(false);
  });

  test("malformed bodies are refused", () => {
    for (const body of [
      {},
      { combinations: "x" },
      { combinations: [{}] },
      { combinations: [draft("A", [{ decade: "1990" }])] },
    ])
      expect(CreateCombinationsSchema.safeParse(body).success).toBe(false);
  });

  test("the server's schema does not count (the service answers code 16 against the stored total)", () => {
    const twenty = Array.from({ length: 20 }, (_, i) => draft(`Mix ${i}`));
    const twentyOne = [...twenty, draft("Mix 21")];
    expect(CreateCombinationsSchema.safeParse({ combinations: twentyOne }).success).toBe(true);
    expect(combinationsInputSchema(0).safeParse({ combinations: twentyOne }).success).toBe(false);
    expect(combinationsInputSchema(1).safeParse({ combinations: twenty }).success).toBe(false);
  });
});

describe("names as typed", () => {
  test("other characters are dropped, spaces collapsed, the length capped", () => {
    expect(sanitizeCombinationName("Rock & Roll!")).toBe("Rock Roll");
    expect(sanitizeCombinationName(" 90's   Hits")).toBe("90s Hits");
    expect(sanitizeCombinationName("Ærø Café ")).toBe("Ærø Café ");
    expect(sanitizeCombinationName("x".repeat(40))).toHaveLength(30);
    expect(sanitizeCombinationName("<script>")).toBe("script");
  });

  test("a name's key ignores case and spacing", () => {
    expect(combinationNameKey(" My  Mix")).toBe(combinationNameKey("my mix"));
    expect(combinationNameKey("Mix")).not.toBe(combinationNameKey("Mix 2"));
  });
});
