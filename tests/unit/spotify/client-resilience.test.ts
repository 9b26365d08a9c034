// The Spotify client when Spotify misbehaves: 429 with Retry-After, 5xx, hung requests, expired tokens, and
// the shared limit on requests in flight.
import { describe, expect, test } from "bun:test";
import { SpotifyError } from "../../../src/server/spotify/errors.ts";
import type { FetchLike } from "../../../src/server/spotify/http.ts";
import { clientWith, staticTokens } from "./client-support.ts";
import { apiError, json, recordingFetch } from "./fake-web-api.ts";

describe("resilience", () => {
  test("a 429 waits Retry-After seconds and then succeeds", async () => {
    let calls = 0;
    const rateLimited = recordingFetch(() =>
      ++calls === 1 ? new Response("", { status: 429, headers: { "Retry-After": "3" } }) : json({ id: "me" }),
    );
    const { api, time } = clientWith(rateLimited.fetch);
    expect((await api.me()).id).toBe("me");
    expect(time.sleeps).toEqual([3000]);
    expect(rateLimited.requests).toHaveLength(2);
  });

  test("a Retry-After beyond the wait budget gives up with 429 instead of hanging", async () => {
    const { fetch, requests } = recordingFetch(
      () => new Response("", { status: 429, headers: { "Retry-After": "86400" } }),
    );
    const { api, time } = clientWith(fetch);
    const error = await api.me().catch((e) => e);
    expect(error).toBeInstanceOf(SpotifyError);
    expect((error as SpotifyError).status).toBe(429);
    expect(requests).toHaveLength(1);
    expect(time.sleeps).toEqual([]);
    // The penalty applies to every later call too: none is sent until it is over.
    expect(((await api.me().catch((e) => e)) as SpotifyError).status).toBe(429);
    expect(requests).toHaveLength(1);
  });

  test("Retry-After: 0 still pauses briefly between attempts", async () => {
    let calls = 0;
    const { fetch } = recordingFetch(() =>
      ++calls <= 2 ? new Response("", { status: 429, headers: { "Retry-After": "0" } }) : json({ id: "me" }),
    );
    const { api, time } = clientWith(fetch);
    expect((await api.me()).id).toBe("me");
    // two pauses; after them the pacer paces at the rate it learned (any later sleep is a token's wait)
    expect(time.sleeps.slice(0, 2)).toEqual([100, 100]);
  });

  test("repeated 429s stop after a bounded number of attempts", async () => {
    const { fetch, requests } = recordingFetch(
      () => new Response("", { status: 429, headers: { "Retry-After": "1" } }),
    );
    const { api } = clientWith(fetch);
    expect(((await api.me().catch((e) => e)) as SpotifyError).status).toBe(429);
    expect(requests.length).toBeGreaterThan(1);
    expect(requests.length).toBeLessThanOrEqual(6);
  });

  test("5xx answers are retried with growing, jittered backoff", async () => {
    let calls = 0;
    const { fetch, requests } = recordingFetch(() =>
      ++calls <= 2 ? apiError(503, "down") : json({ id: "me" }),
    );
    const { api, time } = clientWith(fetch, { baseBackoffMs: 400 });
    expect((await api.me()).id).toBe("me");
    expect(requests).toHaveLength(3);
    expect(time.sleeps).toHaveLength(2);
    expect(time.sleeps[0]).toBeGreaterThanOrEqual(200);
    expect(time.sleeps[0]).toBeLessThanOrEqual(400);
    expect(time.sleeps[1]).toBeGreaterThanOrEqual(400);
    expect(time.sleeps[1]).toBeLessThanOrEqual(800);
  });

  test("a 503 with Retry-After waits at least that long", async () => {
    let calls = 0;
    const { fetch } = recordingFetch(() =>
      ++calls === 1 ? new Response("", { status: 503, headers: { "Retry-After": "5" } }) : json({ id: "me" }),
    );
    const { api, time } = clientWith(fetch);
    expect((await api.me()).id).toBe("me");
    expect(time.sleeps).toEqual([5000]);
  });

  test("a lasting 5xx fails after the attempt limit; a 4xx is not retried", async () => {
    const failing = recordingFetch(() => apiError(502, "bad gateway"));
    expect(
      (
        (await clientWith(failing.fetch)
          .api.me()
          .catch((e) => e)) as SpotifyError
      ).status,
    ).toBe(502);
    expect(failing.requests).toHaveLength(4);
    const bad = recordingFetch(() => apiError(400, "bad"));
    expect(
      (
        (await clientWith(bad.fetch)
          .api.me()
          .catch((e) => e)) as SpotifyError
      ).status,
    ).toBe(400);
    expect(bad.requests).toHaveLength(1);
  });

  test("every request has a timeout; a hung request is retried", async () => {
    let calls = 0;
    const fetch: FetchLike = (_input, init) => {
      calls++;
      if (calls === 1) {
        return new Promise((_, reject) => {
          init.signal?.addEventListener("abort", () => reject(init.signal?.reason));
        });
      }
      return Promise.resolve(json({ id: "me" }));
    };
    const { api } = clientWith(fetch, { timeoutMs: 30 });
    expect((await api.me()).id).toBe("me");
    expect(calls).toBe(2);
  });

  test("a 401 refreshes the token once and retries; a second 401 fails", async () => {
    const { fetch, requests } = recordingFetch((r) =>
      r.headers.get("authorization") === "Bearer token-2" ? json({ id: "me" }) : apiError(401, "expired"),
    );
    const { api, tokens } = clientWith(fetch);
    expect((await api.me()).id).toBe("me");
    expect(tokens.refreshes).toBe(1);
    expect(requests.map((r) => r.headers.get("authorization"))).toEqual(["Bearer token-1", "Bearer token-2"]);

    const always401 = recordingFetch(() => apiError(401, "expired"));
    const second = clientWith(always401.fetch);
    expect(((await second.api.me().catch((e) => e)) as SpotifyError).status).toBe(401);
    expect(second.tokens.refreshes).toBe(1);
    expect(always401.requests).toHaveLength(2);
  });

  test("a call queued behind a 429 is not sent before its Retry-After has passed", async () => {
    const sentAt: number[] = [];
    let clock = () => 0;
    const fetch: FetchLike = async () => {
      sentAt.push(clock());
      return sentAt.length === 1
        ? new Response("", { status: 429, headers: { "Retry-After": "2" } })
        : json({ id: "me" });
    };
    const { client, time } = clientWith(fetch, { concurrency: 1 });
    clock = time.now;
    const users = [client.forUser(staticTokens()), client.forUser(staticTokens())];
    await Promise.all(users.map((api) => api.me()));
    expect(sentAt).toHaveLength(3);
    expect(Math.min(...sentAt.slice(1)) - (sentAt[0] ?? 0)).toBeGreaterThanOrEqual(2000);
  });

  test("at most `concurrency` requests are in flight, across users", async () => {
    let inFlight = 0;
    let peak = 0;
    const fetch: FetchLike = async () => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight--;
      return json({ id: "me" });
    };
    const { client } = clientWith(fetch, { concurrency: 2 });
    await Promise.all(Array.from({ length: 10 }, () => client.forUser(staticTokens()).me()));
    expect(peak).toBe(2);
    expect(client.callCounts()).toEqual({ "GET /me": 10, total: 10 });
    client.resetCallCounts();
    expect(client.callCounts()).toEqual({ total: 0 });
  });
});
