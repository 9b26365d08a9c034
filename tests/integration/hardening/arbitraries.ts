// Hostile values for the property-based suites: JSON of the wrong shape, prototype-pollution keys, unicode
// edge cases, huge strings, deep nesting, malformed JSON text, hostile path segments and query strings.
import fc from "fast-check";
import { MAX_BODY_BYTES } from "../../../src/server/app.ts";

/** One seed for every property of the hardening suites, so a failure replays exactly. */
export const SEED = 20_250_917;

const specialStrings = [
  "",
  " ",
  "\u0000",
  "\t\r\n",
  "%00",
  "../",
  "..\\..\\",
  "\u202eevil",
  "\ufeff",
  "𝄞𝕏😀",
  "ｆｕｌｌ",
  "e\u0301",
  "\ud800",
  "\udfff\ud800",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "\r\nSet-Cookie: crate_session=x",
  "null",
  "undefined",
  "NaN",
  "-1",
  "1e400",
  "__proto__",
  "constructor",
  "Chill",
  "Everything",
  "Latest 50 Liked Songs",
  "PremiumYearly",
  "crate-admin",
];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...specialStrings) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom(201, 1_000, 20_000).map((n) => "x".repeat(n)) },
);

const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -0, -1, 1, 0.5, 2 ** 31, 2 ** 53 + 2, -(2 ** 53) - 2, Number.MAX_VALUE, 1e-300),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any JSON value, biased towards the shapes that trip validation. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    hostileNumber,
    hostileString,
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(hostileString, fc.constantFrom("id", "name", "feedback", "userId")),
      tie("value"),
      {
        maxKeys: 4,
      },
    ),
  ),
})).value;

const pollutionKeys = ["__proto__", "constructor", "prototype"] as const;

/** `{"__proto__": …}` and friends, as raw text (an object literal would not keep the key). */
export const pollutionText: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(...pollutionKeys), hostileValue, fc.option(fc.jsonValue({ maxDepth: 1 })))
  .map(([key, value, rest]) => {
    const polluted = `"${key}":${JSON.stringify(value ?? null)}`;
    if (rest && typeof rest === "object" && !Array.isArray(rest)) {
      const inner = JSON.stringify(rest).slice(1, -1);
      return `{${polluted}${inner ? `,${inner}` : ""}}`;
    }
    return `{${polluted}}`;
  });

/** Text that is not JSON, or JSON that parsers choke on. */
export const malformedJsonText: fc.Arbitrary<string> = fc.constantFrom(
  "{",
  "[",
  '{"a":}',
  "{'a':1}",
  "nul",
  "\u0000",
  "{}{}",
  "NaN",
  "Infinity",
  "undefined",
  '{"a":1,}',
  '"unterminated',
  "\ufeff{",
  "[".repeat(100_000),
  `${'{"a":'.repeat(40_000)}`,
);

/** Valid JSON nested far deeper than any schema goes (still under the body limit). */
export const deepJsonText: fc.Arbitrary<string> = fc
  .constantFrom(1_000, 20_000, 60_000)
  .chain((depth) =>
    fc.constantFrom(
      `${"[".repeat(depth)}${"]".repeat(depth)}`,
      `${'{"a":'.repeat(depth / 10)}null${"}".repeat(depth / 10)}`,
    ),
  );

/** A body as text: mostly JSON of the wrong shape, sometimes polluted, malformed or deeply nested. */
export const hostileBodyText: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: hostileValue.map((v) => JSON.stringify(v) ?? "null") },
  { weight: 2, arbitrary: pollutionText },
  { weight: 1, arbitrary: malformedJsonText },
  { weight: 1, arbitrary: deepJsonText },
  { weight: 1, arbitrary: fc.constantFrom("", " ", "{}", "[]", "null", "0", '""') },
);

/**
 * A plausible input with one thing wrong: a field dropped, replaced by a hostile value, a pollution key
 * added, the whole wrapped in an array, or a nested leaf replaced.
 */
export function mutatedInput(example: unknown): fc.Arbitrary<string> {
  const keys = example && typeof example === "object" ? Object.keys(example) : [];
  const asObject = (example ?? {}) as Record<string, unknown>;
  const options: fc.Arbitrary<string>[] = [
    hostileValue.map((v) => JSON.stringify([example, v])),
    fc.constant("null"),
    pollutionText.map((polluted) => {
      const inner = JSON.stringify(example).slice(1, -1);
      return inner && !Array.isArray(example) ? `${polluted.slice(0, -1)},${inner}}` : polluted;
    }),
    fc.tuple(fc.nat(), hostileValue).map(([n, v]) => JSON.stringify(replaceLeaf(example, n, v))),
  ];
  if (keys.length > 0) {
    options.push(
      fc
        .tuple(fc.constantFrom(...keys), hostileValue)
        .map(([key, v]) => JSON.stringify({ ...asObject, [key]: v })),
      fc.constantFrom(...keys).map((key) => {
        const { [key]: _dropped, ...rest } = asObject;
        return JSON.stringify(rest);
      }),
    );
  }
  return fc.oneof(...options);
}

/**
 * The example's shape with each leaf drawn from `leaf` (a leaf it answers null for stays as it is), as JSON text.
 */
export function withLeaves(
  example: unknown,
  leaf: (value: unknown) => fc.Arbitrary<unknown> | null,
): fc.Arbitrary<string> {
  const build = (value: unknown): fc.Arbitrary<unknown> => {
    if (Array.isArray(value)) return fc.tuple(...value.map(build));
    if (value && typeof value === "object") {
      const shape: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, child] of Object.entries(value)) shape[key] = build(child);
      return fc.record(shape);
    }
    return leaf(value) ?? fc.constant(value);
  };
  return build(example).map((v) => JSON.stringify(v));
}

/**
 * The example's shape with hostile values of the right type: every string becomes a hostile string and every
 * number a hostile number, so the input passes the type checks and reaches the service.
 */
export function sameShapeInput(example: unknown): fc.Arbitrary<string> {
  return withLeaves(example, (value) =>
    typeof value === "string"
      ? hostileString.filter((s) => s.length <= 1_000)
      : typeof value === "number"
        ? hostileNumber
        : null,
  );
}

/** Replaces the n-th leaf (depth first, modulo the leaf count) of a JSON value. */
function replaceLeaf(value: unknown, n: number, replacement: unknown): unknown {
  const leaves: string[][] = [];
  const walk = (v: unknown, path: string[]) => {
    if (v && typeof v === "object") {
      const entries = Object.entries(v);
      if (entries.length === 0) leaves.push(path);
      for (const [k, child] of entries) walk(child, [...path, k]);
    } else leaves.push(path);
  };
  walk(value, []);
  const target = leaves[n % leaves.length] ?? [];
  if (target.length === 0) return replacement;
  const copy = structuredClone(value) as Record<string, unknown>;
  let node: Record<string, unknown> = copy;
  for (const key of target.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[target.at(-1) ?? ""] = replacement;
  return copy;
}

/** encodeURIComponent, with lone surrogates (which it refuses) sent as U+FFFD. */
export function encodeLoosely(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return encodeURIComponent(text.replace(/[\ud800-\udfff]/g, "\ufffd"));
  }
}

/** Path segments as they appear in a URL (already encoded where needed, or deliberately not). */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "..",
      "..%2F..%2Fhealth",
      "%2e%2e%2f%2e%2e%2f",
      "%00",
      "x%00y",
      "%",
      "%ZZ",
      "%E0%A4%A",
      "a%2Fb",
      "%20",
      "%F0%9F%98%80",
      "%E2%80%AE",
      "%ED%A0%80",
      "%C0%AE%C0%AE",
      ";",
      "a;b=c",
      "%3F%23",
      "..%5C..%5C",
      "Chill",
      "Everything",
      "Latest%2050%20Liked%20Songs",
      "00000000-0000-0000-0000-000000000000",
      "x".repeat(101),
      "x".repeat(201),
      "x".repeat(10_000),
      "%25".repeat(2_000),
    ),
  },
  { weight: 2, arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 30 }).map(encodeLoosely) },
  { weight: 1, arbitrary: hostileNumber.map(String) },
);

/** A query string (with its "?"), or "" for none. */
export const hostileQuery: fc.Arbitrary<string> = fc
  .array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom(
          "input",
          "batch",
          "offset",
          "afterSegmentNumber",
          "referrer",
          "code",
          "state",
          "error",
          "id",
          "__proto__",
          "offset[]",
          "constructor",
        ),
        fc.string({ unit: "grapheme-ascii", maxLength: 8 }),
      ),
      fc.oneof(
        hostileString.filter((s) => s.length < 2_000).map(encodeLoosely),
        fc.constantFrom("%ED%A0%80", "%ZZ", "%", "a&b", "1", "-1", "1e400", "0x10", "%00", "[]", "%7B%7D"),
      ),
    ),
    { maxLength: 4 },
  )
  .map((pairs) => (pairs.length === 0 ? "" : `?${pairs.map(([k, v]) => `${k}=${v}`).join("&")}`));

export const wrongContentTypes = [
  "text/plain",
  "text/plain;charset=UTF-8",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=xyz",
  "application/octet-stream",
  "application/xml",
  "application/jsonx",
  "text/json",
] as const;

export const allMethods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

/** Just over the body limit, as a JSON string (so only the size is wrong). */
export const oversizedJson = JSON.stringify({ feedback: "x".repeat(MAX_BODY_BYTES + 16) });

/** The cookie a signed-out visitor sends: none, or a forged, empty, overlong or doubled session cookie. */
export const visitorCookie: fc.Arbitrary<string | null> = fc.constantFrom(
  null,
  "crate_session=forged",
  `crate_session=${"A".repeat(300)}`,
  "crate_session=",
  "crate_session=%00; crate_session=x",
  "crate_session=x; crate_session=y; other=1",
);
