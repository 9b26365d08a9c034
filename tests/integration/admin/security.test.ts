// Security suite: every admin call, REST and tRPC, refuses a signed-in non-admin (403) and a signed-out
// visitor (401), both with errorCode 6, and changes nothing.
import { beforeAll, describe, expect, test } from "bun:test";
import { signInSyncSettled } from "../../../src/server/library/service.ts";
import { adminRest } from "../../../src/server/rest/admin.ts";
import { adminRouter } from "../../../src/server/trpc/routers/admin.ts";
import { ErrorCode } from "../../../src/shared/errors.ts";
import { setUpTestServer } from "../../support/suite.ts";
import { signIn } from "../auth/flow.ts";
import { type JsonAnswer, makeUser, rest, type TestUser, trpcCall, trpcData } from "./support.ts";

let listener: TestUser;
let adminCookie: string;

const server = setUpTestServer();
beforeAll(async () => {
  listener = makeUser(server.deps);
  // The admin signs in through the real OAuth flow on the mounted emulator.
  const admin = await signIn(server.url, "crate-admin");
  adminCookie = `crate_session=${admin.jar.values.get("crate_session") ?? ""}`;
  // The sign-in reads the admin's likes after the redirect; its calls are counted in the statistics, so the
  // REST and tRPC reads below compare the same figures only once that read has ended.
  await Promise.all(
    [...server.deps.signInSyncs.keys()].map((userId) => signInSyncSettled(server.deps, userId)),
  );
}, 60_000);

interface RestCall {
  method: "GET" | "POST";
  /** the route as registered (relative to /api) */
  route: string;
  path: () => string;
  body?: unknown;
}

const restCalls: RestCall[] = [
  { method: "GET", route: "/admin/statistics", path: () => "/api/admin/statistics" },
  { method: "GET", route: "/admin/statistics/charts", path: () => "/api/admin/statistics/charts?range=48h" },
  { method: "POST", route: "/admin/batch/start", path: () => "/api/admin/batch/start" },
  {
    method: "POST",
    route: "/admin/statistics/user/:id/enable",
    path: () => `/api/admin/statistics/user/${listener.userId}/enable`,
  },
  {
    method: "POST",
    route: "/admin/statistics/user/:id/disable",
    path: () => `/api/admin/statistics/user/${listener.userId}/disable`,
  },
  { method: "GET", route: "/admin/user/premium", path: () => "/api/admin/user/premium?offset=0" },
  {
    method: "GET",
    route: "/admin/user/user-id/:id",
    path: () => `/api/admin/user/user-id/${listener.userId}`,
  },
  {
    method: "GET",
    route: "/admin/user/spotify-id/:id",
    path: () => `/api/admin/user/spotify-id/${listener.spotifyId}`,
  },
  {
    method: "POST",
    route: "/admin/user/user-id/:id/membership",
    path: () => `/api/admin/user/user-id/${listener.userId}/membership`,
    body: { membershipLevel: "PremiumYearly" },
  },
];

interface TrpcCall {
  procedure: keyof typeof adminRouter._def.procedures;
  type: "query" | "mutation";
  input: () => unknown;
}

const trpcCalls: TrpcCall[] = [
  { procedure: "statistics", type: "query", input: () => undefined },
  { procedure: "charts", type: "query", input: () => ({ range: "30d" }) },
  { procedure: "webVitals", type: "query", input: () => undefined },
  { procedure: "startBatch", type: "mutation", input: () => undefined },
  { procedure: "enableStatistics", type: "mutation", input: () => ({ userId: listener.userId }) },
  { procedure: "disableStatistics", type: "mutation", input: () => ({ userId: listener.userId }) },
  { procedure: "premiumMembers", type: "query", input: () => ({ offset: 0 }) },
  { procedure: "userDetail", type: "query", input: () => ({ userId: listener.userId }) },
  {
    procedure: "setMembership",
    type: "mutation",
    input: () => ({ userId: listener.userId, membershipLevel: "PremiumYearly" }),
  },
];

function expectRestRefusal(answer: JsonAnswer, status: 401 | 403) {
  expect(answer.status).toBe(status);
  expect(answer.body.errorCode).toBe(ErrorCode.Unauthorized);
  expect(typeof answer.body.error).toBe("string");
}

function expectTrpcRefusal(answer: JsonAnswer, status: 401 | 403) {
  expect(answer.status).toBe(status);
  expect(answer.body.error.data.errorCode).toBe(ErrorCode.Unauthorized);
  expect(answer.body.error.data.httpStatus).toBe(status);
}

/** Nothing an admin call could change has changed. */
function expectNothingChanged() {
  const sqlite = server.deps.db.$client;
  expect(sqlite.query("SELECT membership_level AS l FROM users WHERE id = ?").get(listener.userId)).toEqual({
    l: "Free",
  });
  expect(sqlite.query("SELECT COUNT(*) AS n FROM batch_executions").get()).toEqual({ n: 0 });
  expect(sqlite.query("SELECT COUNT(*) AS n FROM statistics_users").get()).toEqual({ n: 0 });
  expect(sqlite.query("SELECT COUNT(*) AS n FROM membership_events WHERE source = 'admin'").get()).toEqual({
    n: 0,
  });
}

describe("the suites cover every admin call", () => {
  test("every REST route of the admin shim is in the list", () => {
    const registered = adminRest(server.deps)
      .routes.map((r) => `${r.method} ${r.path}`)
      .sort();
    expect(registered).toEqual(restCalls.map((c) => `${c.method} ${c.route}`).sort());
  });

  test("every tRPC procedure of the admin router is in the list", () => {
    expect(Object.keys(adminRouter._def.procedures).sort()).toEqual(trpcCalls.map((c) => c.procedure).sort());
  });
});

describe("REST", () => {
  for (const call of restCalls) {
    test(`${call.method} ${call.route}: 401 signed out, 403 for a listener, errorCode 6`, async () => {
      expectRestRefusal(await rest(server.url, call.method, call.path(), undefined, call.body), 401);
      expectRestRefusal(await rest(server.url, call.method, call.path(), listener.cookie, call.body), 403);
      expectNothingChanged();
    });
  }

  test("refusal comes before input checks: bad input from a listener is still 403", async () => {
    const bad = await rest(server.url, "GET", "/api/admin/user/premium?offset=-5", listener.cookie);
    expectRestRefusal(bad, 403);
    const badBody = await rest(
      server.url,
      "POST",
      `/api/admin/user/user-id/${listener.userId}/membership`,
      listener.cookie,
      { membershipLevel: "Gold" },
    );
    expectRestRefusal(badBody, 403);
    const unknown = await rest(server.url, "GET", "/api/admin/user/user-id/nobody", undefined);
    expectRestRefusal(unknown, 401);
  });

  test("a session cookie that is not valid counts as signed out", async () => {
    expectRestRefusal(await rest(server.url, "GET", "/api/admin/statistics", "crate_session=forged"), 401);
  });
});

describe("tRPC", () => {
  for (const call of trpcCalls) {
    test(`admin.${call.procedure}: 401 signed out, 403 for a listener, errorCode 6`, async () => {
      const name = `admin.${call.procedure}`;
      expectTrpcRefusal(await trpcCall(server.url, call.type, name, call.input()), 401);
      expectTrpcRefusal(await trpcCall(server.url, call.type, name, call.input(), listener.cookie), 403);
      expectNothingChanged();
    });
  }

  test("refusal comes before input checks", async () => {
    const answer = await trpcCall(
      server.url,
      "mutation",
      "admin.setMembership",
      { userId: 5, membershipLevel: "Gold" },
      listener.cookie,
    );
    expectTrpcRefusal(answer, 403);
  });
});

describe("the admin is let in", () => {
  test("the admin signed in through the emulator reads the statistics by REST and tRPC", async () => {
    const viaRest = await rest(server.url, "GET", "/api/admin/statistics", adminCookie);
    expect(viaRest.status).toBe(200);
    expect(viaRest.body.userData.numberOfMonitoredUsers).toBeGreaterThanOrEqual(2);
    const viaTrpc = trpcData(await trpcCall(server.url, "query", "admin.statistics", undefined, adminCookie));
    expect(viaTrpc).toEqual(viaRest.body);
  });

  test("the shell learns who is admin (user.me), so only admins get the admin link", async () => {
    const me = trpcData(await trpcCall(server.url, "query", "user.me", undefined, adminCookie));
    expect(me).toMatchObject({ isAdmin: true });
    const other = trpcData(await trpcCall(server.url, "query", "user.me", undefined, listener.cookie));
    expect(other).toMatchObject({ isAdmin: false });
  });
});
