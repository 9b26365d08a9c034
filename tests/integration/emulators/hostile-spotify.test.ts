// Property: every route the Spotify emulator registers (accounts service, Web API, control API), called with
// random and malformed bodies, query strings, path segments, content types, Authorization headers and
// methods, never answers 5xx, refuses in the format of the part it belongs to (Web API
// `{error: {status, message}}`, accounts `{error, error_description}`, control `{error}`) with a fitting 4xx,
// and a refused call leaves the emulator's whole persisted state (listeners, likes, playlists, tokens) as it was.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import fc from "fast-check";
import { wrongContentTypes } from "../hardening/arbitraries.ts";
import {
  type AuthChoice,
  authArb,
  authorizationOf,
  BASE,
  bodyArb,
  bodyExamples,
  bodyLimitOf,
  expectRefusalShape,
  malformedAuth,
  partOf,
  queryArb,
  type SpotifyWorld,
  segmentArb,
  startSpotifyWorld,
} from "./hostile-spotify-world.ts";
import {
  type Answer,
  changedTables,
  expectEveryBodyRouteListed,
  explain,
  fillPath,
  type HostileRequest,
  methodsAtTemplate,
  type RegisteredRoute,
  registeredRoutes,
  routeMatching,
  sendTo,
  sqliteSnapshot,
  sweepEveryRoute,
} from "./hostile-support.ts";
import { ORIGIN } from "./spotify-support.ts";

let world: SpotifyWorld;
let routes: RegisteredRoute[];
beforeAll(async () => {
  world = await startSpotifyWorld();
  routes = registeredRoutes(world.emulator.app);
}, 30_000);
afterAll(() => {
  world?.emulator.close();
  if (world) rmSync(world.dir, { recursive: true, force: true });
});

const belowBase = (route: RegisteredRoute) => `${route.method} ${route.path.slice(BASE.length)}`;
const send = (request: HostileRequest) => sendTo(world.emulator.app, ORIGIN, request);
const state = () => ({ db: sqliteSnapshot(world.statePath), faults: world.emulator.control.faults() });

/** Control calls that are meant to cut access or inject faults are undone after they succeed. */
async function undoDisruption(route: RegisteredRoute | null, answer: Answer): Promise<void> {
  if (!route || answer.status >= 300) return;
  const key = belowBase(route);
  if (key === "PUT /control/faults") world.emulator.control.setFaults({});
  if (key === "POST /control/tokens/expire" || key === "POST /control/listeners/:id/revoke")
    await world.refreshTokens();
  if (key === "PUT /control/registered-users")
    await send({ method: "DELETE", path: `${BASE}/control/registered-users`, headers: {}, body: null });
  const renamed = (answer.json as { listener?: unknown } | null)?.listener;
  if (key === "POST /control/listeners/:id/rename" && typeof renamed === "string") {
    await send({
      method: "POST",
      path: `${BASE}/control/listeners/${encodeURIComponent(renamed)}/rename`,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ id: renamed }),
    });
  }
}

interface Plan {
  route: RegisteredRoute;
  method: string;
  path: string;
  auth: AuthChoice;
  body: string | null;
  contentType: string | null;
}

function planArb(route: RegisteredRoute): fc.Arbitrary<Plan> {
  return fc
    .record({
      segment: segmentArb(world),
      query: queryArb(world),
      auth: authArb,
      body: bodyArb(belowBase(route), world),
      method: fc.oneof(
        { weight: 8, arbitrary: fc.constant(route.method) },
        { weight: 1, arbitrary: fc.constantFrom("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS") },
      ),
      contentType: fc.oneof(
        { weight: 6, arbitrary: fc.constant<string | null>("application/json") },
        { weight: 1, arbitrary: fc.constant<string | null>(null) },
        { weight: 2, arbitrary: fc.constantFrom<string | null>(...wrongContentTypes) },
      ),
    })
    .map((p) => ({
      route,
      method: p.method,
      path: `${fillPath(route.path, () => p.segment)}${p.query}`,
      auth: p.auth,
      body: p.method === "GET" || p.method === "HEAD" ? null : p.body,
      contentType: p.method === "GET" || p.method === "HEAD" || p.body === null ? null : p.contentType,
    }));
}

async function runPlan(plan: Plan): Promise<Answer> {
  const headers: Record<string, string> = {};
  const authorization = authorizationOf(world, plan.auth);
  if (authorization !== null) headers.authorization = authorization;
  if (plan.contentType) headers["content-type"] = plan.contentType;
  const request: HostileRequest = { method: plan.method, path: plan.path, headers, body: plan.body };
  const before = state();
  const answer = await send(request);
  const context = `${plan.auth}: ${explain(request, answer)}`;
  const pathname = new URL(`${ORIGIN}${plan.path}`).pathname;
  const part = partOf(pathname);
  const matched = routeMatching(routes, plan.method, pathname);
  expect(answer.status, context).toBeLessThan(500);
  if (answer.status >= 300 && answer.status < 400) {
    expect(matched?.path, context).toBe(`${BASE}/accounts/authorize`);
    expect(answer.location, context).toBeTruthy();
  }
  if (answer.status >= 400) {
    expect(changedTables(before.db, state().db), context).toEqual([]);
    expect(state().faults, context).toEqual(before.faults);
    if (plan.method !== "HEAD") expectRefusalShape(part, pathname, answer, context);
  }
  // What the answer must be when it can be told in advance.
  if (matched && part === "api" && plan.method !== "HEAD" && plan.method !== "OPTIONS") {
    if (plan.auth === "none") expect(answer.status, context).toBe(401);
    if (malformedAuth.has(plan.auth)) expect(answer.status, context).toBe(400);
    if (plan.auth === "expired")
      expect(answer.json, context).toEqual({ error: { status: 401, message: "The access token expired" } });
    if (plan.auth === "revoked" || plan.auth === "unknown")
      expect(answer.json, context).toEqual({ error: { status: 401, message: "Invalid access token" } });
  }
  await undoDisruption(matched, answer);
  return answer;
}

describe("the Spotify emulator under hostile input", () => {
  test("every registered route that takes a body is listed with its example", () => {
    expectEveryBodyRouteListed(
      routes,
      bodyExamples,
      BASE,
      "tests/integration/emulators/hostile-spotify-world.ts",
    );
    expect(routes.length).toBeGreaterThan(30);
  });

  test("every route: random bodies, queries, path segments, content types, tokens and methods", async () => {
    await sweepEveryRoute({
      routes,
      planArb,
      runPlan,
      numRuns: (route) => (bodyExamples[belowBase(route)] ? 60 : 25),
    });
  }, 60_000);

  test("every path refuses the methods it does not serve with 405 and Allow, in its part's format", async () => {
    const templates = [...new Set(routes.map((r) => r.path))];
    for (const template of templates) {
      const served = methodsAtTemplate(routes, template);
      const path = fillPath(template, () => world.ids.ownPublic);
      const part = partOf(template);
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
        if (served.includes(method)) continue;
        const request: HostileRequest = {
          method,
          path,
          headers: { authorization: `Bearer ${world.tokens.full}`, "content-type": "application/json" },
          body: method === "GET" ? null : "{}",
        };
        const before = state();
        const answer = await send(request);
        const context = explain(request, answer);
        expect(changedTables(before.db, state().db), context).toEqual([]);
        const allow = (answer.allow ?? "").split(", ").sort();
        expect(allow, context).toEqual(
          expect.arrayContaining(served.includes("GET") ? [...served, "HEAD"] : served),
        );
        if (part === "api" && method === "OPTIONS") {
          expect(answer.status, context).toBe(204);
          continue;
        }
        expect(answer.status, context).toBe(405);
        expectRefusalShape(part, template, answer, context);
      }
    }
  });

  test("every route refuses a body just over its part's limit with 413 and changes nothing", async () => {
    for (const route of routes.filter((r) => r.method !== "GET")) {
      const part = partOf(route.path);
      const request: HostileRequest = {
        method: route.method,
        path: fillPath(route.path, () => world.ids.ownPublic),
        headers: {
          authorization: `Bearer ${world.tokens.full}`,
          "content-type": part === "accounts" ? "application/x-www-form-urlencoded" : "application/json",
        },
        body: JSON.stringify({ name: "x".repeat(bodyLimitOf[part]) }),
      };
      const before = state();
      const answer = await send(request);
      const context = explain(request, answer);
      expect(answer.status, context).toBe(413);
      expectRefusalShape(part, route.path, answer, context);
      expect(changedTables(before.db, state().db), context).toEqual([]);
    }
  });

  test("unknown paths answer 404 in the format of the part they are under", async () => {
    for (const [path, part] of [
      [`${BASE}/v1/nothing/here`, "api"],
      [`${BASE}/v1`, "api"],
      [`${BASE}/elsewhere`, "api"],
      [`${BASE}/accounts/api/nothing`, "accounts"],
      [`${BASE}/control/nothing`, "control"],
    ] as const) {
      const request: HostileRequest = { method: "GET", path, headers: {}, body: null };
      const answer = await send(request);
      expect(answer.status, explain(request, answer)).toBe(404);
      expectRefusalShape(part, path, answer, explain(request, answer));
    }
  });

  test("injected faults are the only 5xx: 502/503 and 429 in the Web API's format, changing nothing", async () => {
    const control = world.emulator.control;
    try {
      for (const faults of [{ rate5xx: 1 }, { rate429: 1, retryAfterSec: 3 }]) {
        control.setFaults(faults);
        for (const route of routes.filter((r) => partOf(r.path) === "api")) {
          const request: HostileRequest = {
            method: route.method,
            path: fillPath(route.path, () => world.ids.ownPublic),
            headers: { authorization: `Bearer ${world.tokens.full}`, "content-type": "application/json" },
            body: route.method === "GET" ? null : "{}",
          };
          const before = state();
          const answer = await send(request);
          const context = explain(request, answer);
          expect(faults.rate5xx ? [502, 503] : [429], context).toContain(answer.status);
          if (answer.status === 429) expect(answer.retryAfter, context).toBe("3");
          const body = answer.json as { error: { status: number; message: string } };
          expect(body.error.status, context).toBe(answer.status);
          expect(changedTables(before.db, state().db), context).toEqual([]);
        }
      }
    } finally {
      control.setFaults({});
    }
  });
});
