// Shared by the hostile-input suites of the emulators: the routes a Hono app registers, requests sent
// in-process, answers read once, and a snapshot of an emulator's whole SQLite state.
import { Database } from "bun:sqlite";
import { expect } from "bun:test";
import fc from "fast-check";
import type { Hono } from "hono";
import { jsonOrUndefined } from "../../support/json.ts";
import { hostileValue, withLeaves } from "../hardening/arbitraries.ts";

export interface RegisteredRoute {
  method: string;
  /** Hono's path, with `:name` parameters */
  path: string;
}

/** Every route the app serves (middleware and catch-alls, registered for ALL methods, left out). */
export function registeredRoutes(app: Hono): RegisteredRoute[] {
  const seen = new Set<string>();
  const routes: RegisteredRoute[] = [];
  for (const r of app.routes) {
    const key = `${r.method} ${r.path}`;
    if (r.method === "ALL" || seen.has(key)) continue;
    seen.add(key);
    routes.push({ method: r.method, path: r.path });
  }
  return routes;
}

export const routeKey = (r: RegisteredRoute) => `${r.method} ${r.path}`;

/** The names of a route's `:params`, in order. */
export const paramsOf = (path: string): string[] =>
  path.split("/").flatMap((s) => (s.startsWith(":") ? [s.slice(1)] : []));

/** The path with each `:param` replaced by `fill(name)` (already encoded as it should appear). */
export const fillPath = (path: string, fill: (name: string) => string): string =>
  path
    .split("/")
    .map((s) => (s.startsWith(":") ? fill(s.slice(1)) : s))
    .join("/");

/** Methods of the routes at the same path template (what a 405 must list). */
export function methodsAtTemplate(routes: RegisteredRoute[], path: string): string[] {
  return routes.filter((r) => r.path === path).map((r) => r.method);
}

export interface HostileRequest {
  method: string;
  /** path and query */
  path: string;
  headers: Record<string, string>;
  body: string | null;
}

export interface Answer {
  status: number;
  contentType: string;
  allow: string | null;
  location: string | null;
  retryAfter: string | null;
  text: string;
  json: unknown;
}

export async function sendTo(app: Hono, origin: string, request: HostileRequest): Promise<Answer> {
  const res = await app.fetch(
    new Request(`${origin}${request.path}`, {
      method: request.method,
      headers: request.headers,
      body: request.body === null ? undefined : request.body,
    }),
  );
  const text = await res.text();
  const json = jsonOrUndefined(text);
  return {
    status: res.status,
    contentType: res.headers.get("content-type") ?? "",
    allow: res.headers.get("allow"),
    location: res.headers.get("location"),
    retryAfter: res.headers.get("retry-after"),
    text,
    json,
  };
}

/** One line that says what was sent and what came back, for failure messages. */
export function explain(request: HostileRequest, answer: Answer): string {
  const body = request.body === null ? "" : ` body=${JSON.stringify(request.body.slice(0, 200))}`;
  const headers = JSON.stringify(request.headers).slice(0, 300);
  return `${request.method} ${request.path.slice(0, 300)} ${headers}${body} → ${answer.status} ${answer.text.slice(0, 300)}`;
}

/** Every row of every table of a SQLite file, as text (read through a second connection). */
export function sqliteSnapshot(path: string): Record<string, string> {
  const db = new Database(path, { readonly: true });
  try {
    const tables = db
      .query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .all() as { name: string }[];
    const snapshot: Record<string, string> = {};
    for (const { name } of tables) {
      const rows = db.query(`SELECT * FROM "${name}" ORDER BY rowid`).all();
      snapshot[name] = JSON.stringify(rows);
    }
    return snapshot;
  } finally {
    db.close();
  }
}

/** The tables that differ between two snapshots. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((n) => before[n] !== after[n]).sort();
}

/**
 * The test fails, naming them, when routes that take a body (every method but GET) are registered without an
 * example body in `bodyExamples` (keyed "METHOD /path" below `base`), which `file` holds.
 */
export function expectEveryBodyRouteListed(
  routes: RegisteredRoute[],
  bodyExamples: Record<string, unknown>,
  base: string,
  file: string,
): void {
  const listed = new Set(Object.keys(bodyExamples).map((key) => key.replace(" ", ` ${base}`)));
  const missing = routes
    .filter((r) => r.method !== "GET")
    .map(routeKey)
    .filter((key) => !listed.has(key));
  expect(
    missing,
    `routes without an entry in bodyExamples (${file}; add one so the hostile suite knows their bodies): ${missing.join(", ")}`,
  ).toEqual([]);
}

/** One seed for the emulators' hostile properties, so a failure replays exactly. */
export const SEED = 20_260_611;

/** The registered route a request reaches (HEAD reaches GET routes), or null. */
export function routeMatching(
  routes: RegisteredRoute[],
  method: string,
  pathname: string,
): RegisteredRoute | null {
  const wanted = method === "HEAD" ? "GET" : method;
  const segments = pathname.replace(/\/$/, "").split("/");
  return (
    routes.find((r) => {
      if (r.method !== wanted) return false;
      const parts = r.path.split("/");
      return (
        parts.length === segments.length && parts.every((p, i) => p.startsWith(":") || p === segments[i])
      );
    }) ?? null
  );
}

const edgeNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -1, 0.5, 1.5, -0.5, 1e-300, 2 ** 31, 2 ** 53 + 2, Number.MAX_VALUE, 100_001),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer({ min: -1_000_000, max: 1_000_000 }),
);

/**
 * The example with its strings kept (so ids and URIs stay valid and the call gets past its lookups) and each
 * number replaced by an edge value: fractions, negatives, zero, huge values.
 */
export function numbersReplaced(example: unknown): fc.Arbitrary<string> {
  return withLeaves(example, (value) => (typeof value === "number" ? edgeNumber : null));
}

/** The example with one node anywhere in it (an array, an object or a leaf) replaced by a hostile value. */
export function nodeReplaced(example: unknown): fc.Arbitrary<string> {
  const paths: string[][] = [];
  const walk = (value: unknown, path: string[]) => {
    if (path.length > 0) paths.push(path);
    if (value && typeof value === "object")
      for (const [k, child] of Object.entries(value)) walk(child, [...path, k]);
  };
  walk(example, []);
  if (paths.length === 0) return hostileValue.map((v) => JSON.stringify(v) ?? "null");
  return fc.tuple(fc.constantFrom(...paths), hostileValue).map(([path, replacement]) => {
    const copy = structuredClone(example) as Record<string, unknown>;
    let node: Record<string, unknown> = copy;
    for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
    node[path.at(-1) ?? ""] = replacement;
    return JSON.stringify(copy);
  });
}

/**
 * Sends `numRuns(route)` generated requests to every route (fixed seed) and expects each route to have refused
 * at least one of them, so every route was really reached by hostile input.
 */
export async function sweepEveryRoute<Plan>(options: {
  routes: RegisteredRoute[];
  planArb: (route: RegisteredRoute) => fc.Arbitrary<Plan>;
  runPlan: (plan: Plan) => Promise<Answer>;
  numRuns: (route: RegisteredRoute) => number;
}): Promise<void> {
  const statuses = new Map<string, Set<number>>();
  for (const route of options.routes) {
    await fc.assert(
      fc.asyncProperty(options.planArb(route), async (plan) => {
        const answer = await options.runPlan(plan);
        statuses.set(routeKey(route), (statuses.get(routeKey(route)) ?? new Set()).add(answer.status));
      }),
      { seed: SEED, numRuns: options.numRuns(route), endOnFailure: true },
    );
  }
  for (const route of options.routes) {
    const seen = [...(statuses.get(routeKey(route)) ?? [])];
    expect(
      seen.some((s) => s >= 400),
      `${routeKey(route)} answered only ${seen.join(", ")}`,
    ).toBe(true);
  }
}
