// Users, sessions and HTTP helpers for the admin suites (REST and tRPC over real HTTP).
import { createSession } from "../../../src/server/auth/sessions.ts";
import { findOrCreateUser } from "../../../src/server/auth/signup.ts";
import type { Deps } from "../../../src/server/deps/deps.ts";
import type { Clock } from "../../../src/server/platform/clock.ts";
import { demoCredentials } from "../../../src/shared/demo-credentials.ts";
import { type ApiTarget, apiCall, inProcess, overHttp, trpcRequest } from "../../support/api.ts";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { setUpForSuite } from "../../support/suite.ts";

export interface TestUser {
  userId: string;
  spotifyId: string;
  cookie: string;
}

let counter = 0;

/** A user as sign-in makes one (Free, a signup event, counted in daily_signups) with a session, at clock time. */
export function makeUser(deps: Deps, spotifyId = `admin-suite-${Date.now()}-${++counter}`): TestUser {
  const result = findOrCreateUser(deps, { spotifyId, displayName: null });
  if ("noCapacity" in result) throw new Error("daily cap reached in a test");
  const { token } = createSession(deps.db, deps.clock, result.userId);
  return { userId: result.userId, spotifyId, cookie: `crate_session=${token}` };
}

/** The demo admin (its provider id is in ADMIN_SPOTIFY_IDS in demo mode). */
export const makeAdmin = (deps: Deps) => makeUser(deps, demoCredentials.adminSpotifyId);

export interface AdminWorld {
  server: TestServer;
  /** the API without a socket: the admin suites are about what it answers, not about HTTP */
  api: ApiTarget;
  admin: TestUser;
}

/** The admin suites' prologue: the server on the suite's clock, its API in process, the demo admin's session. */
export async function startAdminWorld(clock: Clock): Promise<AdminWorld> {
  const server = await startTestServer({}, clock);
  return { server, api: inProcess(server.deps), admin: makeAdmin(server.deps) };
}

/** The admin's REST call for a user's detail, by Crate's user id. */
export const userDetail = (world: AdminWorld, userId: string) =>
  rest(world.api, "GET", `/api/admin/user/user-id/${userId}`, world.admin.cookie);

/** startAdminWorld for the whole file, before its own hooks; the server is disposed of after its tests. */
export const setUpAdminWorld = (clock: Clock): AdminWorld =>
  setUpForSuite(
    () => startAdminWorld(clock),
    (world) => world.server.dispose(),
  );

export interface JsonAnswer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: test answers are inspected field by field
  body: any;
}

/** A server's URL (over its socket) or a target such as `inProcess(deps)` (no socket). */
const targetOf = (target: string | ApiTarget) => (typeof target === "string" ? overHttp(target) : target);

/** A REST call as a same-origin browser makes it. */
export async function rest(
  baseUrl: string | ApiTarget,
  method: string,
  path: string,
  cookie?: string,
  body?: unknown,
): Promise<JsonAnswer> {
  const answer = await apiCall(targetOf(baseUrl), method, path, { cookie, json: body });
  return { status: answer.status, body: answer.body ?? null };
}

/** One tRPC procedure over HTTP (no batching): GET for queries, POST for mutations. */
export async function trpcCall(
  baseUrl: string | ApiTarget,
  type: "query" | "mutation",
  procedure: string,
  input: unknown,
  cookie?: string,
): Promise<JsonAnswer> {
  const answer = await trpcRequest(targetOf(baseUrl), type, procedure, input, cookie);
  return { status: answer.status, body: answer.body ?? null };
}

/** The value of a successful tRPC answer, or throws with the answer. */
export function trpcData(answer: JsonAnswer): unknown {
  if (answer.status !== 200) throw new Error(`tRPC failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body?.result?.data;
}
