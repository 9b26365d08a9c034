import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { SESSION_COOKIE } from "../../../src/server/auth/sessions.ts";
import { assertMayCreate, providerIdHash } from "../../../src/server/auth/signup.ts";
import { decryptToken } from "../../../src/server/auth/token-crypto.ts";
import { readTokens, spotifyForUser } from "../../../src/server/auth/tokens.ts";
import { deletedAccounts, providerTokens, users } from "../../../src/server/db/schema/index.ts";
import { manualClock } from "../../../src/server/platform/clock.ts";
import { SpotifyAuthRevokedError } from "../../../src/server/spotify/errors.ts";
import { startTestServer, type TestServer } from "../../support/server.ts";
import {
  apiJson,
  type CrateWithSpotify,
  control,
  createListener,
  get,
  locationOf,
  newJar,
  signIn,
  startCrateWithSpotify,
} from "./flow.ts";

const clock = manualClock(Date.UTC(2026, 2, 10, 12));
let setup: CrateWithSpotify;
let server: TestServer;
let spotifyUrl: string;
beforeAll(async () => {
  setup = await startCrateWithSpotify({}, clock);
  server = setup.crate;
  spotifyUrl = setup.spotify.url;
  for (const id of ["sec-a", "sec-b", "sec-c", "sec-d", "sec-e"]) await createListener(spotifyUrl, id, 2);
});
afterAll(() => setup.dispose());

/** Calls to the accounts service's token endpoint the Spotify emulator has answered. */
async function accountsTokenCalls(): Promise<number> {
  const res = await control(spotifyUrl, "GET", "/calls");
  const calls = (await res.json()) as Record<string, unknown>;
  const count = JSON.stringify(calls).match(/"POST \/api\/token":(\d+)/)?.[1];
  return Number(count ?? 0);
}

const userOf = (spotifyId: string) =>
  server.deps.db.select().from(users).where(eq(users.spotifyId, spotifyId)).get();

async function userIdStatus(cookie: string) {
  const res = await fetch(`${server.url}/api/user/id`, { headers: { cookie } });
  return { status: res.status, body: await res.json() };
}

/** Crate's authorize redirect and the accounts service's approval, stopping before the callback. */
async function approved(listener: string) {
  const jar = newJar();
  const authorizeUrl = locationOf(await get(`${server.url}/api/authorize`, jar), server.url);
  authorizeUrl.searchParams.set("emulator_user", listener);
  const callbackUrl = locationOf(await fetch(authorizeUrl, { redirect: "manual" }), server.url);
  return { jar, callbackUrl };
}

describe("state and code", () => {
  test("a callback without the state cookie is refused", async () => {
    const { callbackUrl } = await approved("sec-a");
    const res = await get(callbackUrl.toString(), newJar());
    expect(locationOf(res, server.url).pathname + locationOf(res, server.url).search).toBe(
      "/login?error=invalid_state",
    );
    expect(
      res.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=`) && !c.includes("Max-Age=0")),
    ).toBe(false);
  });

  test("a wrong or missing state parameter is refused", async () => {
    const { jar, callbackUrl } = await approved("sec-a");
    const wrong = new URL(callbackUrl);
    wrong.searchParams.set("state", "forged-state-value-forged-state-value");
    expect(locationOf(await get(wrong.toString(), jar), server.url).search).toBe("?error=invalid_state");
    const { jar: jar2, callbackUrl: second } = await approved("sec-a");
    second.searchParams.delete("state");
    expect(locationOf(await get(second.toString(), jar2), server.url).search).toBe("?error=invalid_state");
    expect(jar2.values.has(SESSION_COOKIE)).toBe(false);
  });

  test("a tampered state cookie is refused", async () => {
    const { jar, callbackUrl } = await approved("sec-a");
    const [name, value] = [...jar.values][0] ?? ["", ""];
    jar.values.set(name, `${value.slice(0, -3)}AAA`);
    expect(locationOf(await get(callbackUrl.toString(), jar), server.url).search).toBe(
      "?error=invalid_state",
    );
  });

  test("the state cookie expires after 10 minutes", async () => {
    const { jar, callbackUrl } = await approved("sec-a");
    clock.advance(11 * 60_000);
    expect(locationOf(await get(callbackUrl.toString(), jar), server.url).search).toBe(
      "?error=invalid_state",
    );
  });

  test("a replayed callback is refused before it reaches Spotify's token endpoint", async () => {
    const { jar, callbackUrl } = await approved("sec-a");
    const saved = new Map(jar.values);
    const first = await get(callbackUrl.toString(), jar);
    expect(locationOf(first, server.url).pathname).toBe("/");
    const tokenCalls = await accountsTokenCalls();
    // An attacker who captured both the callback URL and the state cookie replays them, again and again.
    for (let i = 0; i < 3; i++) {
      const replayJar = newJar();
      for (const [k, v] of saved) replayJar.values.set(k, v);
      const replay = await get(callbackUrl.toString(), replayJar);
      expect(locationOf(replay, server.url).search).toBe("?error=invalid_state");
      expect(replayJar.values.has(SESSION_COOKIE)).toBe(false);
    }
    // The same state with another code (a second approval) is refused too.
    const other = new URL(callbackUrl);
    other.searchParams.set("code", "another-code-for-the-same-state");
    const replayJar = newJar();
    for (const [k, v] of saved) replayJar.values.set(k, v);
    expect(locationOf(await get(other.toString(), replayJar), server.url).search).toBe(
      "?error=invalid_state",
    );
    expect(await accountsTokenCalls()).toBe(tokenCalls);
  });

  test("sign-in starts and callbacks are limited per client address (429 code 42), for a minute", async () => {
    let refused: Response | undefined;
    for (let i = 0; i < 70 && !refused; i++) {
      const res = await fetch(`${server.url}/api/authorize`, { redirect: "manual" });
      if (res.status === 429) refused = res;
      else expect(res.status).toBe(302);
    }
    if (!refused) throw new Error("no sign-in start was refused");
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { errorCode: number }).errorCode).toBe(42);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // The callback has a count of its own: a sign-in started earlier still completes.
    clock.advance(61_000);
    const steps = await signIn(server.url, "sec-b");
    expect(steps.landedOn).toBe("/");
  });
});

describe("sessions", () => {
  test("a forged session cookie is 401 code 6, in REST and tRPC", async () => {
    const forged = `${SESSION_COOKIE}=${"x".repeat(43)}`;
    expect(await userIdStatus(forged)).toEqual({
      status: 401,
      body: { error: expect.any(String), errorCode: 6 },
    });
    const trpc = await fetch(`${server.url}/api/trpc/user.id`, { headers: { cookie: forged } });
    expect(trpc.status).toBe(401);
    expect(((await trpc.json()) as { error: { data: { errorCode: number } } }).error.data.errorCode).toBe(6);
  });

  test("a session idle for more than 14 days, or older than 60 days, is 401", async () => {
    const idle = await signIn(server.url, "sec-b");
    const idleCookie = `${SESSION_COOKIE}=${idle.jar.values.get(SESSION_COOKIE)}`;
    clock.advance(15 * 24 * 3600_000);
    expect((await userIdStatus(idleCookie)).status).toBe(401);

    const busy = await signIn(server.url, "sec-b");
    const busyCookie = `${SESSION_COOKIE}=${busy.jar.values.get(SESSION_COOKIE)}`;
    for (let day = 0; day < 56; day += 7) {
      clock.advance(7 * 24 * 3600_000);
      expect((await userIdStatus(busyCookie)).status).toBe(200);
    }
    clock.advance(5 * 24 * 3600_000);
    expect((await userIdStatus(busyCookie)).status).toBe(401);
  });

  test("each sign-in issues a new token; logout revokes it server-side", async () => {
    const a = await signIn(server.url, "sec-c");
    const b = await signIn(server.url, "sec-c");
    const tokenA = a.jar.values.get(SESSION_COOKIE);
    expect(tokenA).toBeDefined();
    expect(tokenA).not.toBe(b.jar.values.get(SESSION_COOKIE));
    await apiJson(server.url, "/api/authorize/logout", a.jar, {
      method: "POST",
      headers: { origin: server.url },
    });
    expect((await userIdStatus(`${SESSION_COOKIE}=${tokenA}`)).status).toBe(401);
    expect((await userIdStatus(`${SESSION_COOKIE}=${b.jar.values.get(SESSION_COOKIE)}`)).status).toBe(200);
  });

  test("logout through tRPC revokes too", async () => {
    const a = await signIn(server.url, "sec-c");
    const token = a.jar.values.get(SESSION_COOKIE);
    const res = await apiJson(server.url, "/api/trpc/auth.logout", a.jar, {
      method: "POST",
      headers: { origin: server.url, "content-type": "application/json" },
      body: "{}",
    });
    expect(res.status).toBe(200);
    expect((await userIdStatus(`${SESSION_COOKIE}=${token}`)).status).toBe(401);
  });
});

describe("provider tokens at rest", () => {
  test("are not readable as plain text and do not decrypt under another user id", async () => {
    await signIn(server.url, "sec-d");
    const user = userOf("sec-d");
    const userId = user?.id ?? "";
    const row = server.deps.db.select().from(providerTokens).where(eq(providerTokens.userId, userId)).get();
    const plain = readTokens(server.deps, userId);
    expect(plain?.accessToken.length).toBeGreaterThan(10);
    const raw = JSON.stringify(row);
    expect(raw).not.toContain(plain?.accessToken ?? "-");
    expect(raw).not.toContain(plain?.refreshToken ?? "-");
    expect(() =>
      decryptToken(server.deps.tokenKey, userOf("sec-c")?.id ?? "other", row?.accessTokenEnc ?? ""),
    ).toThrow();
  });

  test("an expired access token is refreshed; a revoked grant unmonitors the user until they sign in again", async () => {
    await signIn(server.url, "sec-e");
    const userId = userOf("sec-e")?.id ?? "";
    await control(spotifyUrl, "POST", "/tokens/expire");
    expect((await spotifyForUser(server.deps, userId).me()).id).toBe("sec-e");

    await control(spotifyUrl, "POST", "/listeners/sec-e/revoke");
    await control(spotifyUrl, "POST", "/tokens/expire");
    const error = await spotifyForUser(server.deps, userId)
      .me()
      .catch((e) => e);
    expect(error).toBeInstanceOf(SpotifyAuthRevokedError);
    expect(userOf("sec-e")?.monitored).toBe(false);

    await signIn(server.url, "sec-e");
    expect(userOf("sec-e")?.monitored).toBe(true);
    expect((await spotifyForUser(server.deps, userId).me()).id).toBe("sec-e");
  });
});

describe("account creation rules", () => {
  test("after a data deletion, the new account may not create anything for 2 minutes (code 21)", async () => {
    await createListener(spotifyUrl, "sec-deleted", 1);
    server.deps.db
      .insert(deletedAccounts)
      .values({ spotifyIdHash: providerIdHash("sec-deleted"), deletedAt: clock.now() - 30_000 })
      .run();
    await signIn(server.url, "sec-deleted");
    const user = userOf("sec-deleted");
    expect(user?.creationBlockedUntil).toBe(clock.now() + 120_000);
    expect(() => assertMayCreate(server.deps, user?.id ?? "")).toThrow(expect.objectContaining({ code: 21 }));
    clock.advance(121_000);
    expect(() => assertMayCreate(server.deps, user?.id ?? "")).not.toThrow();
  });

  test("the two minutes count from the sign-in after the deletion, and a later sign-in does not extend them", async () => {
    await createListener(spotifyUrl, "sec-deleted-long-ago", 1);
    server.deps.db
      .insert(deletedAccounts)
      .values({
        spotifyIdHash: providerIdHash("sec-deleted-long-ago"),
        deletedAt: clock.now() - 3 * 60 * 60_000,
      })
      .run();
    await signIn(server.url, "sec-deleted-long-ago");
    const user = userOf("sec-deleted-long-ago");
    expect(user?.creationBlockedUntil).toBe(clock.now() + 120_000);
    expect(() => assertMayCreate(server.deps, user?.id ?? "")).toThrow(expect.objectContaining({ code: 21 }));
    clock.advance(121_000);
    await signIn(server.url, "sec-deleted-long-ago");
    expect(() => assertMayCreate(server.deps, user?.id ?? "")).not.toThrow();
  });
});

describe("daily cap and https", () => {
  test("past the day's cap new listeners go to /no-capacity; existing users still sign in; the next UTC day opens again", async () => {
    const capClock = manualClock(Date.UTC(2026, 4, 1, 23, 0));
    const cappedSetup = await startCrateWithSpotify({ DAILY_NEW_USER_CAP: "2" }, capClock);
    const capped = cappedSetup.crate;
    try {
      for (const id of ["cap-1", "cap-2", "cap-3"]) await createListener(cappedSetup.spotify.url, id, 1);
      expect((await signIn(capped.url, "cap-1")).landedOn).toBe("/");
      expect((await signIn(capped.url, "cap-2")).landedOn).toBe("/");
      const refused = await signIn(capped.url, "cap-3");
      expect(refused.landedOn).toBe("/no-capacity");
      expect(refused.jar.values.has(SESSION_COOKIE)).toBe(false);
      expect(capped.deps.db.select().from(users).where(eq(users.spotifyId, "cap-3")).get()).toBeUndefined();
      expect((await signIn(capped.url, "cap-1")).landedOn).toBe("/");
      capClock.advance(2 * 3600_000);
      expect((await signIn(capped.url, "cap-3")).landedOn).toBe("/");
    } finally {
      await cappedSetup.dispose();
    }
  });

  test("with an https PUBLIC_URL the cookies are Secure and the redirect URI is https", async () => {
    const secure = await startTestServer({ PUBLIC_URL: "https://crate.example", DEMO: "on" });
    try {
      // as a proxy in front of it would send it: addressed to the canonical host
      const res = await fetch(`${secure.url}/api/authorize`, {
        redirect: "manual",
        headers: { host: "crate.example" },
      });
      const to = locationOf(res, secure.url);
      expect(to.searchParams.get("redirect_uri")).toBe("https://crate.example/api/authorize/callback");
      expect(res.headers.getSetCookie()[0]).toContain("Secure");
      const out = await fetch(`${secure.url}/api/authorize/logout`, {
        method: "POST",
        headers: { origin: "https://crate.example" },
      });
      expect(out.headers.getSetCookie()[0]).toContain("Secure");
    } finally {
      await secure.dispose();
    }
  });
});
