// The `fields` filter of Spotify's playlist reads: a comma-separated list of fields, `a.b` for a field inside
// an object, `a(b,c)` for several (inside each element of an array too), `!a` to leave a field out.
import { ApiError } from "./http.ts";

/** The fields asked for at one level: each name with what is asked inside it (null: the whole value). */
interface Selection {
  include: Map<string, Selection | null>;
  exclude: Set<string>;
}

const emptySelection = (): Selection => ({ include: new Map(), exclude: new Set() });

/** Parses a `fields` value; a malformed one is Spotify's 400. */
export function parseFields(text: string): Selection {
  let at = 0;
  const fail = (): never => {
    throw new ApiError(400, "Invalid fields");
  };
  const name = (): string => {
    const start = at;
    while (at < text.length && /[A-Za-z0-9_]/.test(text[at] ?? "")) at++;
    if (at === start) fail();
    return text.slice(start, at);
  };
  const merge = (into: Selection, key: string, sub: Selection | null) => {
    if (!into.include.has(key) || sub === null) {
      into.include.set(key, into.include.get(key) === null ? null : sub);
      return;
    }
    const existing = into.include.get(key);
    if (!existing) return;
    for (const [k, v] of sub.include) merge(existing, k, v);
    for (const k of sub.exclude) existing.exclude.add(k);
  };
  // one field: `!name`, `name`, `name.field`, `name(list)`
  const field = (into: Selection) => {
    const negated = text[at] === "!";
    if (negated) at++;
    const key = name();
    let sub: Selection | null = null;
    if (text[at] === ".") {
      at++;
      sub = emptySelection();
      field(sub);
    } else if (text[at] === "(") {
      at++;
      sub = list();
      if (text[at] !== ")") fail();
      at++;
    }
    if (negated) into.exclude.add(key);
    else merge(into, key, sub);
  };
  const list = (): Selection => {
    const selection = emptySelection();
    field(selection);
    while (text[at] === ",") {
      at++;
      field(selection);
    }
    return selection;
  };
  const selection = list();
  if (at !== text.length) fail();
  return selection;
}

/** The value with only the selected fields (arrays: each element). */
export function selectFields(value: unknown, selection: Selection): unknown {
  if (Array.isArray(value)) return value.map((v) => selectFields(v, selection));
  if (typeof value !== "object" || value === null) return value;
  const source = value as Record<string, unknown>;
  const keys =
    selection.include.size > 0
      ? [...selection.include.keys()].filter((k) => k in source)
      : Object.keys(source);
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    if (selection.exclude.has(key)) continue;
    const sub = selection.include.get(key);
    out[key] = sub ? selectFields(source[key], sub) : source[key];
  }
  return out;
}

/** The answer filtered by the request's `fields` query, or whole without one. */
export function withFields(body: unknown, fields: string | undefined): unknown {
  if (fields === undefined || fields.trim() === "") return body;
  return selectFields(body, parseFields(fields.replace(/\s+/g, "")));
}
