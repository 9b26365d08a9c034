import { beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { OAUTH_COOKIE } from "../../../src/server/auth/cookies.ts";
import { pkceChallenge } from "../../../src/server/auth/oauth.ts";
import { SESSION_COOKIE } from "../../../src/server/auth/sessions.ts";
import {
  dailySignups,
  membershipEvents,
  providerTokens,
  users,
} from "../../../src/server/db/schema/index.ts";
import { setUpTestServer } from "../../support/suite.ts";
import { apiJson, createListener, get, locationOf, logout, newJar, signIn } from "./flow.ts";

const server = setUpTestServer();
beforeAll(async () => {
  await createListener(server.url, "signin-alice", 3);
  await createListener(server.url, "signin-bob", 3);
});

const userBySpotifyId = (id: string) =>
  server.deps.db.select().from(users).where(eq(users.spotifyId, id)).get();

describe("sign-in through the accounts service", () => {
  test("the authorize redirect carries client, exact redirect URI, scopes, state and an S256 challenge", async () => {
    const jar = newJar();
    const res = await get(`${server.url}/api/authorize?referrer=https%3A%2F%2Fnews.example`, jar);
    const to = locationOf(res, server.url);
    expect(`${to.origin}${to.pathname}`).toBe(`${server.deps.config.spotify.accountsUrl}/authorize`);
    const q = to.searchParams;
    expect(q.get("client_id")).toBe(server.deps.config.spotify.clientId);
    expect(q.get("response_type")).toBe("code");
    expect(q.get("redirect_uri")).toBe(`${server.deps.config.publicUrl}/api/authorize/callback`);
    expect(q.get("scope")?.split(" ").sort()).toEqual([
      "playlist-modify-private",
      "playlist-modify-public",
      "playlist-read-private",
      "user-library-modify",
      "user-library-read",
    ]);
    expect(q.get("code_challenge_method")).toBe("S256");
    expect(q.get("state")?.length).toBeGreaterThanOrEqual(32);
    expect(q.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = jar.raw.get(OAUTH_COOKIE) ?? "";
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Max-Age=600");
    expect(cookie).not.toContain("Secure");
    // The verifier is not in the URL; only its challenge is.
    expect(to.toString()).not.toContain(jar.values.get(OAUTH_COOKIE) ?? "-");
    expect(pkceChallenge("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")).toBe(
      "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
    );
  });

  test("a new listener gets a Free account, a session and lands on /", async () => {
    const steps = await signIn(server.url, "signin-alice", {
      start: "/api/authorize?referrer=https%3A%2F%2Fnews.example%2Fpost",
    });
    expect(steps.landedOn).toBe("/");
    const sessionLine = steps.jar.raw.get(SESSION_COOKIE) ?? "";
    expect(sessionLine).toContain("HttpOnly");
    expect(sessionLine).toContain("SameSite=Lax");
    expect(sessionLine).toContain("Path=/");
    expect(steps.jar.values.has(OAUTH_COOKIE)).toBe(false);

    expect((await apiJson(server.url, "/api/authorize/logged-in", steps.jar)).body).toEqual({
      loggedIn: true,
    });
    expect((await apiJson(server.url, "/api/user/membership-level", steps.jar)).body).toEqual({
      membershipLevel: "Free",
    });
    const user = userBySpotifyId("signin-alice");
    expect(user?.monitored).toBe(true);
    expect(user?.referrer).toBe("https://news.example/post");
    expect((await apiJson(server.url, "/api/user/id", steps.jar)).body).toEqual({ userId: user?.id });
    const me = await apiJson(server.url, "/api/trpc/user.me", steps.jar);
    expect((me.body.result as { data: { spotifyId: string } }).data.spotifyId).toBe("signin-alice");

    const userId = user?.id ?? "";
    const events = server.deps.db
      .select()
      .from(membershipEvents)
      .where(eq(membershipEvents.userId, userId))
      .all();
    expect(events.map((e) => [e.source, e.membershipLevel])).toEqual([["signup", "Free"]]);
    expect(
      server.deps.db.select().from(providerTokens).where(eq(providerTokens.userId, userId)).get(),
    ).toBeDefined();
  });

  test("signing in again finds the same account and starts a new session; the old one stays valid", async () => {
    const first = await signIn(server.url, "signin-bob");
    const signupsBefore = server.deps.db.select().from(dailySignups).all();
    const second = await signIn(server.url, "signin-bob", { start: "/api/authorize?referrer=later.example" });
    expect(userBySpotifyId("signin-bob")?.referrer).toBeNull();
    expect(second.jar.values.get(SESSION_COOKIE)).not.toBe(first.jar.values.get(SESSION_COOKIE));
    expect(server.deps.db.select().from(users).where(eq(users.spotifyId, "signin-bob")).all()).toHaveLength(
      1,
    );
    expect(server.deps.db.select().from(dailySignups).all()).toEqual(signupsBefore);
    const a = await apiJson(server.url, "/api/user/id", first.jar);
    const b = await apiJson(server.url, "/api/user/id", second.jar);
    expect(a.body.userId).toBe(b.body.userId);
  });

  test("an overlong referrer is dropped, not refused", async () => {
    const res = await get(`${server.url}/api/authorize?referrer=${"x".repeat(2000)}`, newJar());
    expect(locationOf(res, server.url).pathname).toEndWith("/authorize");
  });

  test("started from plans, the sign-in returns to /plans", async () => {
    const steps = await signIn(server.url, "signin-alice", { start: "/api/authorize/plans?referrer=x" });
    expect(steps.landedOn).toBe("/plans");
  });

  test("declining consent lands on /login with a reason and no session", async () => {
    const steps = await signIn(server.url, "signin-alice", { deny: true });
    expect(steps.callbackUrl.searchParams.get("error")).toBe("access_denied");
    expect(steps.landedOn).toBe("/login?error=access_denied");
    expect(steps.jar.values.has(SESSION_COOKIE)).toBe(false);
  });

  test("logout ends the session server-side and clears the cookie", async () => {
    const steps = await signIn(server.url, "signin-alice");
    const token = steps.jar.values.get(SESSION_COOKIE) ?? "";
    const out = await logout(server.url, steps.jar);
    expect(out.status).toBe(200);
    expect(steps.jar.raw.get(SESSION_COOKIE)).toContain("Max-Age=0");
    expect(steps.jar.values.has(SESSION_COOKIE)).toBe(false);
    // The old token, replayed, is refused.
    const replay = await fetch(`${server.url}/api/user/id`, {
      headers: { cookie: `${SESSION_COOKIE}=${token}` },
    });
    expect(replay.status).toBe(401);
    expect(await replay.json()).toEqual({ error: expect.any(String), errorCode: 6 });
    expect((await apiJson(server.url, "/api/authorize/logged-in", steps.jar)).body).toEqual({
      loggedIn: false,
    });
  });
});

describe("a sign-in that cannot finish writing", () => {
  test("leaves no account without a session: the account, its tokens and its session are written together", async () => {
    await createListener(server.url, "signin-carol", 3);
    const sqlite = server.deps.db.$client;
    // The disk refuses the session's row, the last write of a sign-in.
    sqlite.run(
      "CREATE TRIGGER refuse_sessions BEFORE INSERT ON sessions BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END",
    );
    let steps: Awaited<ReturnType<typeof signIn>>;
    try {
      steps = await signIn(server.url, "signin-carol");
    } finally {
      sqlite.run("DROP TRIGGER refuse_sessions");
    }
    expect(steps.landedOn).toBe("/login?error=server_error");
    expect(steps.jar.values.has(SESSION_COOKIE)).toBe(false);
    expect(userBySpotifyId("signin-carol")).toBeUndefined();
    expect(server.deps.db.select().from(providerTokens).all().length).toBe(
      server.deps.db.select().from(users).all().length,
    );
    // Once the disk takes writes again, the same listener signs in as a new listener would.
    const again = await signIn(server.url, "signin-carol");
    expect(again.landedOn).toBe("/");
    expect(userBySpotifyId("signin-carol")?.membershipLevel).toBe("Free");
  });
});
