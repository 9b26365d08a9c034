// Property: the Spotify emulator's accounts service refuses bad token and authorize requests exactly as
// the OAuth 2.0 flow Spotify documents (grant types, client authentication, reused codes, redirect_uri, PKCE),
// in `{error, error_description}` or an error page, and a refused request changes none of its state.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import fc from "fast-check";
import {
  authorizeQueryArb,
  expectedTokenOutcome,
  refreshTokensFor,
  tokenPlanArb,
  tokenRequest,
} from "./hostile-spotify-accounts.ts";
import { BASE, expectRefusalShape, type SpotifyWorld, startSpotifyWorld } from "./hostile-spotify-world.ts";
import {
  changedTables,
  explain,
  type HostileRequest,
  SEED,
  sendTo,
  sqliteSnapshot,
} from "./hostile-support.ts";
import { ORIGIN, REDIRECT_URI } from "./spotify-support.ts";

let world: SpotifyWorld;
beforeAll(async () => {
  world = await startSpotifyWorld();
}, 30_000);
afterAll(() => {
  world?.emulator.close();
  if (world) rmSync(world.dir, { recursive: true, force: true });
});

const send = (request: HostileRequest) => sendTo(world.emulator.app, ORIGIN, request);
const state = () => ({ db: sqliteSnapshot(world.statePath) });

describe("the Spotify accounts service under hostile input", () => {
  test("token requests: bad grant types, client auth, reused codes, wrong redirect_uri, bad PKCE verifier", async () => {
    const refresh = await refreshTokensFor(world);
    await fc.assert(
      fc.asyncProperty(tokenPlanArb, async (plan) => {
        const request = await tokenRequest(world, refresh, plan);
        const before = state();
        const answer = await send(request);
        const context = `${JSON.stringify(plan)}: ${explain(request, answer)}`;
        const [status, error] = expectedTokenOutcome(plan);
        expect(answer.status, context).toBe(status);
        if (error === null) {
          expect(answer.json, context).toMatchObject({ token_type: "Bearer", expires_in: 3600 });
          return;
        }
        expectRefusalShape("accounts", "/api/token", answer, context);
        expect((answer.json as { error: string }).error, context).toBe(error);
        expect(changedTables(before.db, state().db), context).toEqual([]);
      }),
      { seed: SEED, numRuns: 150, endOnFailure: true },
    );
  }, 30_000);

  test("authorize requests: refusals are an error page or a redirect to the client with an OAuth error", async () => {
    await fc.assert(
      fc.asyncProperty(authorizeQueryArb, async (query) => {
        const request: HostileRequest = {
          method: "GET",
          path: `${BASE}/accounts/authorize${query}`,
          headers: {},
          body: null,
        };
        const before = state();
        const answer = await send(request);
        const context = explain(request, answer);
        expect([200, 302, 400], context).toContain(answer.status);
        expect(changedTables(before.db, state().db), context).toEqual([]);
        if (answer.status !== 302) {
          expect(answer.contentType, context).toStartWith("text/html");
          return;
        }
        const target = new URL(answer.location ?? "");
        expect(`${target.origin}${target.pathname}`, context).toBe(REDIRECT_URI);
        const error = target.searchParams.get("error");
        if (error === null) expect(target.searchParams.get("code"), context).toBeTruthy();
        else
          expect(
            ["access_denied", "invalid_request", "invalid_scope", "unsupported_response_type"],
            context,
          ).toContain(error);
      }),
      { seed: SEED, numRuns: 150, endOnFailure: true },
    );
  });
});
