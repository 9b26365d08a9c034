import { afterAll, describe, expect, test } from "bun:test";
import {
  ACCOUNTS,
  API,
  api,
  authorizeCode,
  authorizeUrl,
  basic,
  CLIENT_ID,
  CLIENT_SECRET,
  json,
  REDIRECT_URI,
  signIn,
  type Tokens,
  testEmulator,
  tokenCall,
} from "./spotify-support.ts";

const emulator = testEmulator();
afterAll(() => emulator.close());

const s256 = async (verifier: string) =>
  Buffer.from(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier))).toString(
    "base64url",
  );

describe("authorize", () => {
  test("the consent page lists the demo listeners, each a button, and a Cancel", async () => {
    const res = await emulator.fetch(authorizeUrl({}));
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const id of ["crate-free", "crate-premium", "crate-admin"]) {
      expect(html).toContain(`name="emulator_user" value="${id}"`);
    }
    expect(html).toContain('name="emulator_deny"');
    expect(html).toContain(`value="${REDIRECT_URI}"`);
  });

  test("Cancel goes back with access_denied and the state", async () => {
    const res = await emulator.fetch(authorizeUrl({ emulator_deny: "1", state: "abc" }));
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get("location") ?? "");
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get("error")).toBe("access_denied");
    expect(back.searchParams.get("state")).toBe("abc");
  });

  test("emulator_user approves at once with a code and the state", async () => {
    const res = await emulator.fetch(authorizeUrl({ emulator_user: "crate-free", state: "xyz" }));
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get("location") ?? "");
    expect(back.searchParams.get("code")?.length).toBeGreaterThan(40);
    expect(back.searchParams.get("state")).toBe("xyz");
  });

  test("an unknown client or a missing redirect URI is an error page, not a redirect", async () => {
    expect((await emulator.fetch(authorizeUrl({ client_id: "nope" }))).status).toBe(400);
    expect((await emulator.fetch(authorizeUrl({ redirect_uri: "not a url" }))).status).toBe(400);
  });

  test("bad response types, scopes and challenge methods go back with an error", async () => {
    const error = async (params: Record<string, string>) => {
      const res = await emulator.fetch(authorizeUrl(params));
      return new URL(res.headers.get("location") ?? "").searchParams.get("error");
    };
    expect(await error({ response_type: "token" })).toBe("unsupported_response_type");
    expect(await error({ scope: "user-library-read no-such-scope" })).toBe("invalid_scope");
    expect(await error({ code_challenge: "abc", code_challenge_method: "plain" })).toBe("invalid_request");
  });

  test("an unknown listener id is refused", async () => {
    expect((await emulator.fetch(authorizeUrl({ emulator_user: "nobody-here" }))).status).toBe(400);
  });
});

describe("token: authorization code", () => {
  test("a code gives Bearer tokens with the granted scope, once", async () => {
    const code = await authorizeCode(emulator, "crate-premium", { scope: "user-library-read" });
    const form = { grant_type: "authorization_code", code, redirect_uri: REDIRECT_URI };
    const res = await tokenCall(emulator, form);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const tokens = await json<Tokens>(res);
    expect(tokens.token_type).toBe("Bearer");
    expect(tokens.expires_in).toBe(3600);
    expect(tokens.scope).toBe("user-library-read");
    expect(tokens.refresh_token).toBeString();
    const again = await tokenCall(emulator, form);
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({
      error: "invalid_grant",
      error_description: "Invalid authorization code",
    });
  });

  test("unknown codes and another redirect URI are invalid_grant", async () => {
    const unknown = await tokenCall(emulator, {
      grant_type: "authorization_code",
      code: "AQnotacode",
      redirect_uri: REDIRECT_URI,
    });
    expect(unknown.status).toBe(400);
    expect((await json(unknown)).error).toBe("invalid_grant");
    const code = await authorizeCode(emulator, "crate-free");
    const other = await tokenCall(emulator, {
      grant_type: "authorization_code",
      code,
      redirect_uri: "http://127.0.0.1:3000/elsewhere",
    });
    expect(other.status).toBe(400);
    expect(await other.json()).toEqual({ error: "invalid_grant", error_description: "Invalid redirect URI" });
  });

  test("codes expire after 10 minutes", async () => {
    const code = await authorizeCode(emulator, "crate-free");
    emulator.clock.now += 10 * 60 * 1000 + 1;
    const res = await tokenCall(emulator, {
      grant_type: "authorization_code",
      code,
      redirect_uri: REDIRECT_URI,
    });
    expect(res.status).toBe(400);
    expect((await json(res)).error).toBe("invalid_grant");
  });

  test("client credentials: a wrong secret or unknown client is invalid_client (401); the body works too", async () => {
    const code = await authorizeCode(emulator, "crate-free");
    const form = { grant_type: "authorization_code", code, redirect_uri: REDIRECT_URI };
    const wrong = await tokenCall(emulator, form, basic(CLIENT_ID, "wrong"));
    expect(wrong.status).toBe(401);
    expect((await json(wrong)).error).toBe("invalid_client");
    expect((await tokenCall(emulator, form, basic("other", CLIENT_SECRET))).status).toBe(401);
    expect((await tokenCall(emulator, form, "Basic !!!")).status).toBe(401);
    const code2 = await authorizeCode(emulator, "crate-free");
    const inBody = await tokenCall(
      emulator,
      { ...form, code: code2, client_id: CLIENT_ID, client_secret: CLIENT_SECRET },
      null,
    );
    expect(inBody.status).toBe(200);
  });

  test("PKCE: the verifier must match the challenge; a public client needs it", async () => {
    const verifier = "v".repeat(43) + crypto.randomUUID();
    const challenge = await s256(verifier);
    const pkce = { code_challenge: challenge, code_challenge_method: "S256" };
    const form = (code: string, extra: Record<string, string> = {}) => ({
      grant_type: "authorization_code",
      code,
      redirect_uri: REDIRECT_URI,
      ...extra,
    });
    const bad = await tokenCall(
      emulator,
      form(await authorizeCode(emulator, "crate-free", pkce), { code_verifier: "x".repeat(50) }),
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: "invalid_grant",
      error_description: "code_verifier was incorrect",
    });
    const missing = await tokenCall(emulator, form(await authorizeCode(emulator, "crate-free", pkce)));
    expect((await json(missing)).error).toBe("invalid_grant");
    const publicClient = await tokenCall(
      emulator,
      form(await authorizeCode(emulator, "crate-free", pkce), {
        code_verifier: verifier,
        client_id: CLIENT_ID,
      }),
      null,
    );
    expect(publicClient.status).toBe(200);
    const noChallenge = await tokenCall(
      emulator,
      form(await authorizeCode(emulator, "crate-free"), { client_id: CLIENT_ID }),
      null,
    );
    expect(noChallenge.status).toBe(400);
  });

  test("grant_type missing or unsupported; form encoding required", async () => {
    const missing = await tokenCall(emulator, {});
    expect(await missing.json()).toEqual({
      error: "unsupported_grant_type",
      error_description: "grant_type parameter is missing",
    });
    expect((await json(await tokenCall(emulator, { grant_type: "password" }))).error).toBe(
      "unsupported_grant_type",
    );
    const asJson = await emulator.fetch(`${ACCOUNTS}/api/token`, {
      method: "POST",
      headers: { authorization: basic(), "content-type": "application/json" },
      body: JSON.stringify({ grant_type: "refresh_token" }),
    });
    expect(asJson.status).toBe(400);
    expect((await json(asJson)).error).toBe("invalid_request");
  });
});

describe("token: refresh, expiry and revocation", () => {
  test("every second refresh omits the refresh token; the old one keeps working", async () => {
    const first = await signIn(emulator, "crate-admin");
    const refresh = (token: string) =>
      tokenCall(emulator, { grant_type: "refresh_token", refresh_token: token });
    const r1 = await json<Tokens>(await refresh(first.refresh_token ?? ""));
    expect(r1.access_token).toBeString();
    expect(r1.refresh_token).toBeUndefined();
    const r2 = await json<Tokens>(await refresh(first.refresh_token ?? ""));
    expect(r2.refresh_token).toBeString();
    expect(r2.refresh_token).not.toBe(first.refresh_token);
    const r3 = await json<Tokens>(await refresh(r2.refresh_token ?? ""));
    expect(r3.refresh_token).toBeUndefined();
    expect((await api(emulator, r3.access_token, "GET", "/me")).status).toBe(200);
  });

  test("access tokens expire after their lifetime and on demand", async () => {
    const short = testEmulator({ accessTokenTtlSec: 60 });
    const tokens = await signIn(short, "crate-free");
    expect(tokens.expires_in).toBe(60);
    expect((await api(short, tokens.access_token, "GET", "/me")).status).toBe(200);
    short.clock.now += 60_000;
    const expired = await api(short, tokens.access_token, "GET", "/me");
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({ error: { status: 401, message: "The access token expired" } });
    const renewed = await json<Tokens>(
      await tokenCall(short, { grant_type: "refresh_token", refresh_token: tokens.refresh_token ?? "" }),
    );
    expect((await api(short, renewed.access_token, "GET", "/me")).status).toBe(200);
    expect(short.control.expireTokens()).toBeGreaterThan(0);
    expect((await api(short, renewed.access_token, "GET", "/me")).status).toBe(401);
    short.close();
  });

  test("a revoked listener's refresh token is invalid_grant and its access tokens stop working", async () => {
    const tokens = await signIn(emulator, "crate-premium");
    const res = await emulator.fetch(
      `${ACCOUNTS.replace("/accounts", "/control")}/listeners/crate-premium/revoke`,
      {
        method: "POST",
      },
    );
    expect(res.status).toBe(200);
    const refresh = await tokenCall(emulator, {
      grant_type: "refresh_token",
      refresh_token: tokens.refresh_token ?? "",
    });
    expect(refresh.status).toBe(400);
    expect((await json(refresh)).error).toBe("invalid_grant");
    expect((await api(emulator, tokens.access_token, "GET", "/me")).status).toBe(401);
    // signing in again works
    const again = await signIn(emulator, "crate-premium");
    expect((await api(emulator, again.access_token, "GET", "/me")).status).toBe(200);
  });

  test("the Web API wants a bearer token", async () => {
    const none = await emulator.fetch(`${API}/me`);
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ error: { status: 401, message: "No token provided" } });
    const bad = await api(emulator, "BQnot-a-token", "GET", "/me");
    expect(await bad.json()).toEqual({ error: { status: 401, message: "Invalid access token" } });
  });
});
