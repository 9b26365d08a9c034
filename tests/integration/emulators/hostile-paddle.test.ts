// Property: every route the Paddle emulator registers (Billing API, hosted checkout, control API), called
// with random and malformed bodies, query strings, path segments, content types, API keys and methods, never
// answers 5xx, refuses in Paddle's `{error: {type, code, detail, documentation_url}, meta: {request_id}}`
// (the checkout, which browsers open, with a page) with a fitting 4xx, and a refused call changes nothing:
// not the stored subscriptions, transactions, customers and notifications, and no notification is sent.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import fc from "fast-check";
import { PADDLE_MAX_BODY_BYTES } from "../../../src/emulators/paddle/fallbacks.ts";
import { wrongContentTypes } from "../hardening/arbitraries.ts";
import {
  API_KEY,
  type AuthChoice,
  authHeader,
  authRefusal,
  BASE,
  bodyArb,
  bodyExamples,
  ORIGIN,
  type PaddleWorldFixture,
  type Part,
  partOf,
  segmentArb,
  startPaddleWorld,
} from "./hostile-paddle-world.ts";
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

let world: PaddleWorldFixture;
let routes: RegisteredRoute[];
beforeAll(async () => {
  world = await startPaddleWorld();
  routes = registeredRoutes(world.emulator.app);
}, 30_000);
afterAll(async () => {
  await world?.stop();
  if (world) rmSync(world.dir, { recursive: true, force: true });
});

const REFUSALS: Record<Part, number[]> = {
  api: [400, 403, 404, 405, 413],
  control: [400, 404, 405, 413],
  checkout: [400, 402, 404, 405, 413, 422],
};
const belowBase = (route: RegisteredRoute) => `${route.method} ${route.path.slice(BASE.length)}`;
const send = (request: HostileRequest) => sendTo(world.emulator.app, ORIGIN, request);
const state = () => ({ db: sqliteSnapshot(world.statePath), received: world.received() });

function expectRefusalShape(part: Part, answer: Answer, context: string): void {
  expect(REFUSALS[part], context).toContain(answer.status);
  if (part === "checkout") {
    expect(answer.contentType, context).toStartWith("text/html");
    return;
  }
  expect(answer.contentType, context).toStartWith("application/json");
  const body = answer.json as { error: Record<string, unknown>; meta: Record<string, unknown> };
  expect(Object.keys(body).sort(), context).toEqual(["error", "meta"]);
  expect(["request_error", "api_error"], context).toContain(String(body.error.type));
  expect(typeof body.error.code === "string" && typeof body.error.detail === "string", context).toBe(true);
  if (body.error.documentation_url !== undefined)
    expect(String(body.error.documentation_url), context).toStartWith("https://developer.paddle.com/errors/");
  expect(typeof body.meta.request_id, context).toBe("string");
}

interface Plan {
  method: string;
  path: string;
  auth: AuthChoice;
  body: string | null;
  contentType: string | null;
}

function planArb(route: RegisteredRoute): fc.Arbitrary<Plan> {
  const checkout = partOf(route.path) === "checkout";
  return fc
    .record({
      segment: segmentArb(world),
      query: fc.oneof(
        fc.constant(""),
        fc.constantFrom("?status=held", "?status=bogus", "?user_id=u-active", "?subscription_id=%ZZ"),
        fc.constantFrom(
          `?price_id=${world.ids.price}&user_id=u`,
          `?_ptxn=${world.ids.paymentTxn}`,
          "?_ptxn=txn_x",
        ),
        fc
          .string({ unit: "binary", maxLength: 20 })
          .map((s) => `?${encodeURIComponent(s.replace(/[\ud800-\udfff]/g, ""))}=1`),
      ),
      auth: fc.oneof(
        { weight: 8, arbitrary: fc.constant<AuthChoice>("good") },
        {
          weight: 2,
          arbitrary: fc.constantFrom<AuthChoice>("missing", "basic", "schemeOnly", "lowercase", "wrongKey"),
        },
      ),
      body: bodyArb(belowBase(route), world),
      method: fc.oneof(
        { weight: 8, arbitrary: fc.constant(route.method) },
        { weight: 1, arbitrary: fc.constantFrom("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS") },
      ),
      contentType: fc.oneof(
        {
          weight: 6,
          arbitrary: fc.constant<string | null>(
            checkout ? "application/x-www-form-urlencoded" : "application/json",
          ),
        },
        { weight: 1, arbitrary: fc.constant<string | null>(null) },
        { weight: 2, arbitrary: fc.constantFrom<string | null>(...wrongContentTypes, "multipart/form-data") },
      ),
    })
    .map((p) => {
      const withBody = p.method !== "GET" && p.method !== "HEAD" && p.body !== null;
      return {
        method: p.method,
        path: `${fillPath(route.path, () => p.segment)}${p.query}`,
        auth: p.auth,
        body: withBody ? p.body : null,
        contentType: withBody ? p.contentType : null,
      };
    });
}

async function runPlan(plan: Plan): Promise<Answer> {
  const headers: Record<string, string> = {};
  const authorization = authHeader[plan.auth];
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
    expect(matched?.path, context).toBe(`${BASE}/checkout`);
    expect(new URL(answer.location ?? "").origin, context).toBe("http://localhost");
  }
  if (answer.status >= 400) {
    const after = state();
    expect(changedTables(before.db, after.db), context).toEqual([]);
    expect(after.received, context).toBe(before.received);
    if (plan.method !== "HEAD") expectRefusalShape(part, answer, context);
  }
  // Faults a control call switched on are switched off again (a PUT without fields means no fault).
  if (matched?.path === `${BASE}/control/faults` && matched.method === "PUT" && answer.status < 300)
    await send({
      method: "PUT",
      path: matched.path,
      headers: { "content-type": "application/json" },
      body: "{}",
    });
  const refusal = authRefusal[plan.auth];
  if (matched && part === "api" && refusal && plan.method !== "HEAD") {
    expect(answer.status, context).toBe(403);
    expect((answer.json as { error: { code: string } }).error.code, context).toBe(refusal);
  }
  return answer;
}

describe("the Paddle emulator under hostile input", () => {
  test("every registered route that takes a body is listed with its example", () => {
    expectEveryBodyRouteListed(
      routes,
      bodyExamples,
      BASE,
      "tests/integration/emulators/hostile-paddle-world.ts",
    );
    expect(routes.length).toBeGreaterThan(15);
  });

  test("every route: random bodies, queries, path segments, content types, API keys and methods", async () => {
    await sweepEveryRoute({
      routes,
      planArb,
      runPlan,
      numRuns: (route) => (bodyExamples[belowBase(route)] ? 80 : 30),
    });
  }, 60_000);

  test("every path refuses the methods it does not serve with 405 and Allow, in Paddle's format", async () => {
    for (const template of [...new Set(routes.map((r) => r.path))]) {
      const served = methodsAtTemplate(routes, template);
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
        if (served.includes(method)) continue;
        const request: HostileRequest = {
          method,
          path: fillPath(template, () => world.ids.active),
          headers: { authorization: `Bearer ${API_KEY}`, "content-type": "application/json" },
          body: method === "GET" ? null : "{}",
        };
        const before = state();
        const answer = await send(request);
        const context = explain(request, answer);
        expect(answer.status, context).toBe(405);
        expect((answer.allow ?? "").split(", "), context).toEqual(expect.arrayContaining(served));
        expectRefusalShape(partOf(template), answer, context);
        expect(changedTables(before.db, state().db), context).toEqual([]);
      }
    }
  });

  test("every route refuses a body just over the limit with 413 and changes nothing", async () => {
    for (const route of routes.filter((r) => r.method !== "GET")) {
      const request: HostileRequest = {
        method: route.method,
        path: fillPath(route.path, () => world.ids.active),
        headers: { authorization: `Bearer ${API_KEY}`, "content-type": "application/json" },
        body: JSON.stringify({ items: "x".repeat(PADDLE_MAX_BODY_BYTES) }),
      };
      const before = state();
      const answer = await send(request);
      const context = explain(request, answer);
      expect(answer.status, context).toBe(413);
      expectRefusalShape(partOf(route.path), answer, context);
      expect(changedTables(before.db, state().db), context).toEqual([]);
    }
  });

  test("unknown paths are Paddle's 404 not_found", async () => {
    for (const path of [
      `${BASE}/nothing`,
      `${BASE}/subscriptions`,
      `${BASE}/control/nothing`,
      "/elsewhere",
    ]) {
      const request: HostileRequest = {
        method: "GET",
        path,
        headers: { authorization: `Bearer ${API_KEY}` },
        body: null,
      };
      const answer = await send(request);
      expect(answer.status, explain(request, answer)).toBe(404);
      expectRefusalShape("api", answer, explain(request, answer));
      expect((answer.json as { error: { code: string } }).error.code).toBe("not_found");
    }
  });

  test("validation refusals name the fields, as Paddle's invalid_field does", async () => {
    const request: HostileRequest = {
      method: "POST",
      path: `${BASE}/pricing-preview`,
      headers: { authorization: `Bearer ${API_KEY}`, "content-type": "application/json" },
      body: JSON.stringify({ items: [{ price_id: world.ids.price, quantity: 0.5 }] }),
    };
    const answer = await send(request);
    expect(answer.status, explain(request, answer)).toBe(400);
    expect(answer.json).toMatchObject({
      error: { code: "invalid_field", errors: [{ field: "items.0.quantity" }] },
    });
  });
});
