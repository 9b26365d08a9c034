// Property: every documented /api path, called with random bodies, query strings, path segments, content
// types and methods as each persona, never answers 5xx, refuses with JSON `{error, errorCode}`, redirects only
// where a browser navigates (sign-in), and leaves the database and the listener's Spotify untouched.
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { MAX_BODY_BYTES } from "../../../src/server/app.ts";
import { restRoutes as registeredRoutes } from "../../../src/server/rest/index.ts";
import {
  hostileBodyText,
  hostileQuery,
  hostileSegment,
  mutatedInput,
  SEED,
  sameShapeInput,
  visitorCookie,
  wrongContentTypes,
} from "./arbitraries.ts";
import { fillPath, matchRoute, pathExists, type RestRoute, restRoutes } from "./rest-routes.ts";
import {
  type Answer,
  changes,
  expectActivityWellFormed,
  explain,
  isRestRefusal,
  type PersonaName,
  personaNames,
  type Request,
  send,
  setUpHardening,
  snapshot,
  spotifyWrites,
} from "./support.ts";

const h = setUpHardening("hostile-rest");

interface Plan {
  persona: PersonaName;
  /** the visitor's (forged) cookie; the others send their session */
  forgedCookie?: string | null;
  route: RestRoute;
  method: string;
  path: string;
  /** body text, or null for none */
  body: string | null;
  contentType: string | null;
}

const bodyArb = (route: RestRoute): fc.Arbitrary<string | null> => {
  const options: { weight: number; arbitrary: fc.Arbitrary<string | null> }[] = [
    { weight: 3, arbitrary: hostileBodyText },
    { weight: 1, arbitrary: fc.constant(null) },
  ];
  if (route.example !== undefined) {
    options.push(
      { weight: 3, arbitrary: mutatedInput(route.example) },
      { weight: 3, arbitrary: sameShapeInput(route.example) },
    );
  }
  return fc.oneof(...options);
};

const planArb: fc.Arbitrary<Plan> = fc
  .record({
    persona: fc.constantFrom(...personaNames),
    forgedCookie: visitorCookie,
    route: fc.constantFrom(...restRoutes),
    segment: hostileSegment,
    query: hostileQuery,
    methodChoice: fc.oneof(
      { weight: 8, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS") },
    ),
    contentType: fc.oneof(
      { weight: 8, arbitrary: fc.constant("application/json") },
      { weight: 1, arbitrary: fc.constantFrom("application/json; charset=utf-8", "APPLICATION/JSON") },
      { weight: 1, arbitrary: fc.constantFrom(...wrongContentTypes) },
    ),
  })
  .chain((base) =>
    bodyArb(base.route).map((body) => {
      const method = base.methodChoice ?? base.route.method;
      const withBody = method !== "GET" && method !== "HEAD";
      return {
        persona: base.persona,
        forgedCookie: base.forgedCookie,
        route: base.route,
        method,
        path: `${fillPath(base.route.route, () => base.segment)}${base.query}`,
        body: withBody ? body : null,
        contentType: withBody && body !== null ? base.contentType : null,
      };
    }),
  );

const parsed = (text: string | null): unknown => {
  if (text === null || text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return SyntaxError;
  }
};

function requestOf(plan: Plan): Request {
  return {
    method: plan.method,
    path: plan.path,
    cookie: plan.persona === "visitor" ? plan.forgedCookie : h.personas[plan.persona].cookie,
    text: plan.body ?? undefined,
    contentType: plan.contentType,
  };
}

const pathnameOf = (path: string) => new URL(path, "http://crate.test").pathname;

/** Whether the server would run the handler of a route that acts (the suite never lets that happen). */
function wouldAct(plan: Plan): boolean {
  const route = matchRoute(plan.method, pathnameOf(plan.path));
  if (!route?.acts) return false;
  const jsonBody = plan.body === null || plan.contentType?.toLowerCase().startsWith("application/json");
  if (!jsonBody) return false;
  const body = parsed(plan.body);
  if (body === SyntaxError) return !route.body; // a route that does not read its body ignores the text
  return route.acts(plan.persona, body);
}

/** The refusal the request must get when it can be told in advance: [status, errorCode]. */
function expectedRefusal(plan: Plan): [number, number] | null {
  const pathname = pathnameOf(plan.path);
  const unsafe = !["GET", "HEAD", "OPTIONS"].includes(plan.method);
  const webhook = pathname === "/api/payment/webhook";
  const typed = plan.contentType?.split(";")[0]?.trim().toLowerCase();
  if (unsafe && !webhook && plan.body !== null && plan.body !== "" && typed !== "application/json")
    return [415, 1];
  const route = matchRoute(plan.method, pathname);
  if (!route) return [404, 4];
  if (route.access !== "public" && plan.persona === "visitor") return [401, 6];
  if (route.access === "admin" && plan.persona !== "admin") return [403, 6];
  if (route.body && parsed(plan.body) === SyntaxError) return [400, 1];
  return null;
}

function check(plan: Plan, request: Request, answer: Answer): void {
  const context = `${plan.persona}: ${explain(request, answer)}`;
  expect(answer.status, context).toBeLessThan(500);
  const route = matchRoute(plan.method, pathnameOf(plan.path));
  if (answer.status >= 300 && answer.status < 400) {
    expect(route?.kind, context).toBe("navigation");
    expect(answer.location, context).toBeTruthy();
  }
  if (answer.status >= 400 && plan.method !== "HEAD") expect(isRestRefusal(answer), context).toBe(true);
  const expected = expectedRefusal(plan);
  if (expected && plan.method !== "HEAD") {
    const body = answer.json as { errorCode?: number };
    expect([answer.status, body?.errorCode], context).toEqual(expected);
  }
}

async function runChecked(plan: Plan): Promise<Answer> {
  const request = requestOf(plan);
  const before = snapshot(h);
  const writesBefore = await spotifyWrites(h.server.url);
  const answer = await send(h.server.url, request);
  const after = snapshot(h);
  const context = `${plan.persona}: ${explain(request, answer)}`;
  expect(changes(before, after), context).toEqual([]);
  expectActivityWellFormed(before, after);
  expect(await spotifyWrites(h.server.url), context).toBe(writesBefore);
  check(plan, request, answer);
  return answer;
}

const seen = new Map<string, Set<number>>();

describe("every documented REST path under hostile input", () => {
  test("the table lists exactly the routes the server registers", () => {
    const registered = registeredRoutes(h.server.deps)
      .routes.map((r) => `${r.method} ${r.path}`)
      .sort();
    expect(restRoutes.map((r) => `${r.method} ${r.route}`).sort()).toEqual(registered);
  });

  test("random bodies, queries, path segments, content types and methods, as every persona", async () => {
    await fc.assert(
      fc.asyncProperty(planArb, async (plan) => {
        fc.pre(!wouldAct(plan));
        fc.pre(plan.path.length <= 12_000 && (plan.body ?? "").length <= MAX_BODY_BYTES);
        const answer = await runChecked(plan);
        const key = `${plan.route.method} ${plan.route.route}`;
        seen.set(key, (seen.get(key) ?? new Set()).add(answer.status));
      }),
      { seed: SEED, numRuns: 300 },
    );
  }, 120_000);

  test("each route, each persona: a malformed body and a wrong-typed one, at a hostile path (exhaustive)", async () => {
    for (const route of restRoutes) {
      for (const persona of personaNames) {
        for (const [body, segment] of [
          ["{", "%ZZ"],
          ['[{"__proto__":{"admin":true}}]', "..%2F..%2Fhealth"],
        ] as const) {
          const unsafe = route.method !== "GET";
          const plan: Plan = {
            persona,
            route,
            method: route.method,
            path: `${fillPath(route.route, () => segment)}?offset=-1&afterSegmentNumber=x`,
            body: unsafe ? body : null,
            contentType: unsafe ? "application/json" : null,
          };
          if (wouldAct(plan)) continue;
          const answer = await runChecked(plan);
          const key = `${route.method} ${route.route}`;
          seen.set(key, (seen.get(key) ?? new Set()).add(answer.status));
        }
      }
    }
  }, 60_000);

  test("every route was called, and every guarded one was refused for someone", () => {
    // The premium listener's statistics are on: the activity recorder saw the hostile calls too.
    expect(snapshot(h).recordedActivity.length).toBeGreaterThan(0);
    if (process.env.HARDENING_VERBOSE) {
      for (const [route, statuses] of seen) console.log(route, [...statuses].sort().join(" "));
    }
    for (const route of restRoutes) {
      const statuses = seen.get(`${route.method} ${route.route}`);
      expect(statuses, route.route).toBeDefined();
      if (route.access !== "public") expect(statuses?.has(401) || statuses?.has(403), route.route).toBe(true);
    }
  });

  test("a path that exists answers a wrong method with a JSON refusal, as every persona", async () => {
    for (const route of restRoutes) {
      const path = fillPath(route.route, () => "5a0c3e7f-9b1d-4f6a-8c2e-4b6d8f0a1c3e");
      expect(pathExists(pathnameOf(path))).toBe(true);
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
        if (matchRoute(method, pathnameOf(path))) continue;
        for (const persona of personaNames) {
          const body = method === "GET" ? null : "{}";
          const plan: Plan = {
            persona,
            route,
            method,
            path,
            body,
            contentType: body ? "application/json" : null,
          };
          const answer = await runChecked(plan);
          expect([404, 405], explain(requestOf(plan), answer)).toContain(answer.status);
        }
      }
    }
  }, 60_000);
});
