import { afterEach, describe, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { decryptToken, encryptToken } from "../../../src/server/auth/token-crypto.ts";
import {
  readTokens,
  refreshAccessToken,
  saveTokens,
  spotifyForUser,
  tokenSourceFor,
} from "../../../src/server/auth/tokens.ts";
import { type OpenedDatabase, openDatabase } from "../../../src/server/db/client.ts";
import { providerTokens, users } from "../../../src/server/db/schema/index.ts";
import { manualClock } from "../../../src/server/platform/clock.ts";
import { SpotifyAuthRevokedError } from "../../../src/server/spotify/errors.ts";
import {
  apiError,
  type Handler,
  json,
  type RecordedRequest,
  recordingFetch,
} from "../spotify/fake-web-api.ts";
import { tokenDeps } from "./token-support.ts";

const opened: OpenedDatabase[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

function setup(handler: Handler) {
  const database = openDatabase(":memory:");
  opened.push(database);
  const clock = manualClock();
  const recorder = recordingFetch(handler);
  const deps = tokenDeps(database, recorder.fetch, clock);
  const userId = "user-1";
  database.db
    .insert(users)
    .values({ id: userId, spotifyId: "listener", createdAt: clock.now(), lastLoginAt: clock.now() })
    .run();
  saveTokens(deps, userId, {
    accessToken: "access-1",
    refreshToken: "refresh-1",
    expiresIn: 3600,
    scope: "s",
  });
  const monitored = () => database.db.select().from(users).where(eq(users.id, userId)).get()?.monitored;
  return { deps, clock, userId, requests: recorder.requests, monitored };
}

const tokenCalls = (requests: RecordedRequest[]) => requests.filter((r) => r.url.pathname === "/api/token");

describe("token encryption", () => {
  test("AES-256-GCM with a fresh IV per write, bound to the user id", () => {
    const key = randomBytes(32);
    const a = encryptToken(key, "u1", "secret-token");
    const b = encryptToken(key, "u1", "secret-token");
    expect(a).not.toBe(b);
    expect(a).not.toContain("secret-token");
    expect(decryptToken(key, "u1", a)).toBe("secret-token");
    expect(() => decryptToken(key, "u2", a)).toThrow();
    expect(() => decryptToken(randomBytes(32), "u1", a)).toThrow();
    // one character of the ciphertext changed (outside the last group of four, whose bits may be padding)
    const at = a.length - 5;
    const tampered = `${a.slice(0, at)}${a[at] === "A" ? "B" : "A"}${a.slice(at + 1)}`;
    expect(tampered).not.toBe(a);
    expect(() => decryptToken(key, "u1", tampered)).toThrow();
  });

  test("the database holds no token in plain text", () => {
    const { deps, userId } = setup(() => json({}));
    const row = deps.db.select().from(providerTokens).where(eq(providerTokens.userId, userId)).get();
    expect(JSON.stringify(row)).not.toContain("access-1");
    expect(JSON.stringify(row)).not.toContain("refresh-1");
    expect(readTokens(deps, userId)?.refreshToken).toBe("refresh-1");
  });
});

describe("refresh", () => {
  test("a fresh token is used as stored; one near expiry is refreshed first", async () => {
    const { deps, clock, userId, requests } = setup((r) =>
      r.url.pathname === "/api/token"
        ? json({
            access_token: "access-2",
            token_type: "Bearer",
            expires_in: 3600,
            refresh_token: "refresh-2",
          })
        : json({ id: "listener" }),
    );
    const source = tokenSourceFor(deps, userId);
    expect(await source.current()).toBe("access-1");
    clock.advance(3600_000 - 30_000);
    expect(await source.current()).toBe("access-2");
    const [call] = tokenCalls(requests);
    expect(call?.headers.get("authorization")).toBe(
      `Basic ${Buffer.from("client:secret").toString("base64")}`,
    );
    expect(new URLSearchParams(call?.body)).toEqual(
      new URLSearchParams({ grant_type: "refresh_token", refresh_token: "refresh-1" }),
    );
    expect(readTokens(deps, userId)?.refreshToken).toBe("refresh-2");
  });

  test("the old refresh token is kept when the answer has none", async () => {
    const { deps, userId } = setup(() =>
      json({ access_token: "access-2", token_type: "Bearer", expires_in: 3600 }),
    );
    await refreshAccessToken(deps, userId);
    expect(readTokens(deps, userId)).toMatchObject({ accessToken: "access-2", refreshToken: "refresh-1" });
  });

  test("concurrent refreshes for one user share one request", async () => {
    const { deps, userId, requests } = setup(async () => {
      await new Promise((r) => setTimeout(r, 10));
      return json({ access_token: "access-2", expires_in: 3600 });
    });
    const results = await Promise.all(Array.from({ length: 5 }, () => refreshAccessToken(deps, userId)));
    expect(new Set(results)).toEqual(new Set(["access-2"]));
    expect(tokenCalls(requests)).toHaveLength(1);
  });

  test("a 401 from the Web API refreshes once and retries with the new token", async () => {
    const { deps, userId, requests } = setup((r) => {
      if (r.url.pathname === "/api/token") return json({ access_token: "access-2", expires_in: 3600 });
      return r.headers.get("authorization") === "Bearer access-2"
        ? json({ id: "listener" })
        : apiError(401, "expired");
    });
    const api = spotifyForUser(deps, userId);
    expect((await api.me()).id).toBe("listener");
    // Two calls that both hit 401 with the same stale token: one refresh between them.
    saveTokens(deps, userId, { accessToken: "stale", refreshToken: "refresh-1", expiresIn: 3600, scope: "" });
    await Promise.all([api.me(), api.me()]);
    expect(tokenCalls(requests)).toHaveLength(2);
  });

  test("invalid_grant marks the user not monitored and throws SpotifyAuthRevokedError", async () => {
    const { deps, userId, monitored } = setup((r) =>
      r.url.pathname === "/api/token"
        ? json({ error: "invalid_grant", error_description: "Refresh token revoked" }, 400)
        : apiError(401, "expired"),
    );
    expect(monitored()).toBe(true);
    const error = await spotifyForUser(deps, userId)
      .me()
      .catch((e) => e);
    expect(error).toBeInstanceOf(SpotifyAuthRevokedError);
    expect(monitored()).toBe(false);
  });

  test("other token endpoint failures do not unmonitor the user", async () => {
    const { deps, userId, monitored } = setup(() => json({ error: "server_error" }, 503));
    await expect(refreshAccessToken(deps, userId)).rejects.toThrow();
    expect(monitored()).toBe(true);
  });

  test("tokens that no longer decrypt (the key changed) mean signing in again", async () => {
    const { deps, userId, monitored, requests } = setup(() => json({ id: "listener" }));
    const otherKey = { ...deps, tokenKey: randomBytes(32) };
    const error = await spotifyForUser(otherKey, userId)
      .me()
      .catch((e) => e);
    expect(error).toBeInstanceOf(SpotifyAuthRevokedError);
    expect(monitored()).toBe(false);
    expect(requests).toHaveLength(0);
  });
});
