// The contract's further parts of a rule: their validation (400 naming the field), their canonical form with the
// defaults filled in, a stored rule compiled for the evaluator, and why-not naming the failing part.
import { describe, expect, test } from "bun:test";
import { zodMessage } from "../../../src/server/platform/transport-errors.ts";
import { compileCombination } from "../../../src/shared/combinations/compile.ts";
import { canonicalRule } from "../../../src/shared/combinations/rules.ts";
import {
  CreateCombinationsSchema,
  PreviewRuleSchema,
  UpdateCombinationSchema,
} from "../../../src/shared/combinations/schema.ts";
import { passes } from "../../../src/shared/rules/evaluate.ts";
import type { SongFacts } from "../../../src/shared/rules/model.ts";
import { failingParts } from "../../../src/shared/rules/why-not.ts";

const create = (combination: Record<string, unknown>) =>
  CreateCombinationsSchema.safeParse({ combinations: [{ playlistName: "Mine", ...combination }] });

/** The field a refusal names, as the 400's error text opens. */
function refusedField(combination: Record<string, unknown>): string {
  const parsed = create(combination);
  if (parsed.success) throw new Error("accepted");
  return zodMessage(parsed.error).split(":")[0] ?? "";
}

const NOW = Date.UTC(2026, 5, 15, 12);
const moment = { now: NOW, timeZone: "Europe/Berlin" };
const song = (over: Partial<SongFacts> = {}): SongFacts => ({
  trackId: "t1",
  likedAt: NOW - 86_400_000,
  rank: 0,
  categories: ["Rock", "1990s"],
  releaseDate: "1996-04-01",
  tempo: 127.6,
  artistIds: ["a1"],
  playlists: new Set(["p1"]),
  ...over,
});

describe("validation names the field", () => {
  test("each part out of its bounds", () => {
    const year = new Date().getUTCFullYear();
    const cases: [Record<string, unknown>, string][] = [
      [{ criteria: [{ years: { from: 1899 } }] }, "combinations[0].criteria[0].years.from"],
      [{ criteria: [{ years: { to: year + 2 } }] }, "combinations[0].criteria[0].years.to"],
      [{ criteria: [{ years: { from: 2000, to: 1990 } }] }, "combinations[0].criteria[0].years"],
      [{ criteria: [{ years: {} }] }, "combinations[0].criteria[0].years"],
      [{ criteria: [{ tempo: { to: 301 } }] }, "combinations[0].criteria[0].tempo.to"],
      [{ criteria: [{ tempo: { from: 1.5 } }] }, "combinations[0].criteria[0].tempo.from"],
      [{ criteria: [{ liked: { withinDays: 3651 } }] }, "combinations[0].criteria[0].liked.withinDays"],
      [{ criteria: [{ liked: { from: "2025-02-30" } }] }, "combinations[0].criteria[0].liked.from"],
      [
        { criteria: [{ liked: { from: "2025-03-02", to: "2025-03-01" } }] },
        "combinations[0].criteria[0].liked",
      ],
      [{ criteria: [{ liked: { withinDays: 3, from: "2025-03-01" } }] }, "combinations[0].criteria[0].liked"],
      [{ criteria: [{ artists: ["not an id!"] }] }, "combinations[0].criteria[0].artists[0]"],
      [
        { criteria: [{ artists: Array.from({ length: 21 }, (_, i) => `a${i}`) }] },
        "combinations[0].criteria[0].artists",
      ],
      [{ criteria: [{ subgenres: ["a", "b", "c", "d", "e"] }] }, "combinations[0].criteria[0].subgenres"],
      [{ criteria: [{ inPlaylist: "x y" }] }, "combinations[0].criteria[0].inPlaylist"],
      [{ criteria: [{ genres: ["Rock"] }], except: [{}] }, "combinations[0].except[0]"],
      [{ criteria: [{ genres: ["Rock"] }], order: "loudness" }, "combinations[0].order"],
      [{ criteria: [{ genres: ["Rock"] }], limit: 0 }, "combinations[0].limit"],
      [{ criteria: [{ genres: ["Rock"] }], unliked: "maybe" }, "combinations[0].unliked"],
    ];
    for (const [combination, field] of cases)
      expect([combination, refusedField(combination)]).toEqual([combination, field]);
  });

  test("a body of the spec's shape parses as before, with no further part", () => {
    const parsed = create({ criteria: [{ genres: ["Rock"], decade: 1990, mood: null, nationality: null }] });
    expect(parsed.success).toBe(true);
    const canonical = canonicalRule(parsed.data?.combinations[0] ?? { criteria: [] });
    expect(canonical).toEqual({
      rule: {
        criteria: [{ criterionNumber: 1, genres: ["Rock"], decade: 1990, mood: null, nationality: null }],
        except: [],
        order: "liked",
        limit: null,
        unliked: "keep",
      },
    });
  });

  test("edit and preview take the same parts; an edit needs a criterion and a name that is not empty", () => {
    const rule = { criteria: [{ years: { from: 1990 } }], order: "tempo", limit: 5 };
    expect(UpdateCombinationSchema.safeParse({ id: "c1", ...rule }).success).toBe(true);
    expect(PreviewRuleSchema.safeParse(rule).success).toBe(true);
    expect(PreviewRuleSchema.safeParse({ criteria: [] }).success).toBe(true);
    expect(UpdateCombinationSchema.safeParse({ id: "c1", criteria: [{}] }).success).toBe(false);
    expect(UpdateCombinationSchema.safeParse({ id: "c1", playlistName: " ", ...rule }).success).toBe(false);
  });
});

describe("canonical and compiled", () => {
  test("catalogue spellings; an unknown subgenre is code 9's case; empty exceptions dropped", () => {
    const canonical = canonicalRule({
      criteria: [{ subgenres: ["INDIE ROCK"], tempo: { from: 100, to: null } }],
      except: [{}, { genres: ["ROCK"] }],
      order: "artist",
    });
    expect(canonical).toMatchObject({
      rule: {
        criteria: [{ subgenres: ["indie rock"], tempo: { from: 100, to: null } }],
        except: [{ criterionNumber: 1, genres: ["Rock"] }],
        order: "artist",
      },
    });
    expect(canonicalRule({ criteria: [{ subgenres: ["no such sound"] }] })).toEqual({
      unknown: { part: "subgenre", value: "no such sound" },
      in: "criteria",
    });
  });

  test("a stored rule compiles into parts the one evaluator judges", () => {
    const rule = compileCombination({
      criteria: [
        {
          criterionNumber: 1,
          genres: ["Rock"],
          decade: null,
          mood: null,
          nationality: null,
          years: { from: 1994, to: 1999 },
          tempo: { from: 128, to: 128 },
          artists: ["a1"],
          inPlaylist: "p1",
          liked: { withinDays: 7 },
        },
      ],
      except: [],
      order: "liked",
      limit: null,
      unliked: "keep",
    });
    expect(passes(rule, song(), moment)).toBe(true);
    expect(passes(rule, song({ tempo: 126 }), moment)).toBe(false);
    expect(passes(rule, song({ playlists: new Set() }), moment)).toBe(false);
    expect(passes(rule, song({ likedAt: NOW - 8 * 86_400_000 }), moment)).toBe(false);
  });
});

describe("why not", () => {
  const rule = compileCombination({
    criteria: [
      {
        criterionNumber: 1,
        genres: ["Rock"],
        decade: null,
        mood: null,
        nationality: null,
        years: { from: 2000, to: null },
      },
      {
        criterionNumber: 2,
        genres: [],
        decade: null,
        mood: null,
        nationality: null,
        tempo: { from: 140, to: null },
      },
    ],
    except: [{ criterionNumber: 1, genres: ["Jazz"], decade: null, mood: null, nationality: null }],
  });

  test("names the first failing part of each criterion", () => {
    expect(failingParts(rule, song(), moment)).toBe(
      "criterion 1: not released 2000 or later; criterion 2: not 140 BPM or faster",
    );
  });

  test("names the exception that leaves a matching song out; null when it passes", () => {
    expect(failingParts(rule, song({ tempo: 150, categories: ["Jazz"] }), moment)).toBe(
      "left out by the exception Jazz",
    );
    expect(failingParts(rule, song({ tempo: 150 }), moment)).toBeNull();
  });
});
