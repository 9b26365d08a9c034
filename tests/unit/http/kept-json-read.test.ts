// A remembered read asked again after a write keeps its text and validator when its answer came out the same:
// `sameJson` may only say yes for values whose JSON text is the same.
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { keptJsonRead, sameJson } from "../../../src/server/http/validators.ts";

const jsonish = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.constant(null),
    fc.constant(undefined),
    fc.boolean(),
    fc.double(),
    fc.integer(),
    fc.string(),
    fc.date(),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 3 }), tie("value"), { maxKeys: 4 }),
  ),
})).value;

describe("sameJson", () => {
  test("says yes only for values whose JSON text is the same", () => {
    fc.assert(
      fc.property(jsonish, jsonish, (a, b) => {
        if (sameJson(a, b)) expect(JSON.stringify(a)).toBe(JSON.stringify(b));
      }),
      { numRuns: 2_000 },
    );
  });

  test("says yes for a copy of a plain JSON value, and no once any part differs", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const copy = JSON.parse(JSON.stringify(value));
        const plain = JSON.parse(JSON.stringify(copy));
        expect(sameJson(plain, copy)).toBe(true);
        expect(sameJson({ answer: plain }, { answer: copy, more: 1 })).toBe(false);
        expect(sameJson([plain], [copy, null])).toBe(false);
      }),
    );
    expect(sameJson({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false);
    expect(sameJson(new Date(0), new Date(1))).toBe(false);
    expect(sameJson(Number.NaN, Number.NaN)).toBe(false);
  });
});

describe("keptJsonRead", () => {
  const catalogue = Array.from({ length: 100 }, (_, i) => ({ name: `Entry ${i}`, available: i % 2 === 0 }));

  test("an answer that came out the same keeps its text and validator; one that changed is made anew", () => {
    const first = keptJsonRead({ selection: ["Chill"], catalogue }, undefined);
    expect(first.text).toBe(JSON.stringify({ selection: ["Chill"], catalogue }));
    expect(keptJsonRead({ selection: ["Chill"], catalogue }, first)).toBe(first);
    const changed = keptJsonRead({ selection: ["Chill", "Rock"], catalogue }, first);
    expect(changed).not.toBe(first);
    expect(changed.etag).not.toBe(first.etag);
    expect(JSON.parse(changed.text).selection).toEqual(["Chill", "Rock"]);
  });
});
