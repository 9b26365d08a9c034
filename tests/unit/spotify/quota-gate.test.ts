// Spotify's spent development-mode quota: a pause for every Web API call, one probe at growing intervals,
// the waiting calls finished once a probe is answered.
import { describe, expect, test } from "bun:test";
import { SpotifyHttp } from "../../../src/server/spotify/http.ts";
import {
  isQuotaExceeded,
  probeDelay,
  SpotifyQuotaPausedError,
} from "../../../src/server/spotify/quota-gate.ts";
import type { SpotifyWork } from "../../../src/server/spotify/work.ts";

const QUOTA_BODY = { error: { status: 429, message: "Too many requests", reason: "QUOTA_EXCEEDED" } };
const MINUTE = 60_000;

describe("the probe schedule", () => {
  test("1, 2, 4 … minutes, never more than an hour", () => {
    const minutes = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => probeDelay(n) / MINUTE);
    expect(minutes).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
  });

  test("only a 429 whose body says QUOTA_EXCEEDED is the quota, not an ordinary rate limit", () => {
    expect(isQuotaExceeded(429, QUOTA_BODY)).toBe(true);
    expect(isQuotaExceeded(429, { error: { status: 429, message: "API rate limit exceeded" } })).toBe(false);
    expect(isQuotaExceeded(503, QUOTA_BODY)).toBe(false);
    expect(isQuotaExceeded(429, undefined)).toBe(false);
  });
});

/** A Web API whose quota is spent for the first `refusals` requests; records when each request came. */
function quotaApi(refusals: number) {
  const sent: { at: number; url: string }[] = [];
  const fetch = async (url: string) => {
    sent.push({ at: Date.now(), url });
    await Bun.sleep(2);
    if (sent.length <= refusals) return new Response(JSON.stringify(QUOTA_BODY), { status: 429 });
    return new Response(JSON.stringify({ ok: url }), { status: 200 });
  };
  return { fetch, sent };
}

const get = (http: SpotifyHttp, n: number, work?: SpotifyWork) =>
  http.send({ method: "GET", url: `https://api.test/v1/item/${n}`, endpoint: "GET /item/{id}", work });

describe("the quota gate in the transport", () => {
  test("a spent quota holds every call: probes at growing intervals, then every call is answered once", async () => {
    const api = quotaApi(3);
    const http = new SpotifyHttp({ fetch: api.fetch, quotaFirstProbeMs: 40 });
    const first = get(http, 1);
    await Bun.sleep(10);
    expect(http.quota.state().paused).toBe(true);
    // Calls made during the pause wait without being sent.
    const waiting = [get(http, 2), get(http, 3), get(http, 4)];
    await Bun.sleep(10);
    expect(api.sent).toHaveLength(1);

    const answers = await Promise.all([first, ...waiting]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    // 1 refused call, 2 refused probes, 1 probe answered, then the 3 calls still waiting: nothing sent twice.
    expect(api.sent).toHaveLength(7);
    const at = api.sent.map((s) => s.at);
    const probeGaps = [(at[1] ?? 0) - (at[0] ?? 0), (at[2] ?? 0) - (at[1] ?? 0)];
    expect(probeGaps[0]).toBeGreaterThanOrEqual(35);
    expect(probeGaps[1]).toBeGreaterThanOrEqual(75);
    const state = http.quota.state();
    expect(state.paused).toBe(false);
    expect(state.pauses).toBe(1);
    expect(state.refusedCalls).toBe(3);
    expect(state.probes).toBe(3);
  });

  test("a refused call is not retried as a rate limit and not reported failed", async () => {
    const api = quotaApi(1);
    const retries: number[] = [];
    const http = new SpotifyHttp({
      fetch: api.fetch,
      quotaFirstProbeMs: 20,
      onRetry: (info) => retries.push(info.status),
    });
    const answer = await get(http, 1);
    expect(answer.status).toBe(200);
    expect(retries).toEqual([]);
    expect(api.sent).toHaveLength(2);
  });

  test("work that fails fast on the quota (a sign-in) throws at once instead of waiting", async () => {
    const api = quotaApi(100);
    const http = new SpotifyHttp({ fetch: api.fetch, quotaFirstProbeMs: 60_000 });
    const signIn = { kind: "signIn", failFastOnQuota: true } as const;
    await expect(get(http, 1, signIn)).rejects.toBeInstanceOf(SpotifyQuotaPausedError);
    expect(http.quota.state().paused).toBe(true);
    await expect(get(http, 2, signIn)).rejects.toBeInstanceOf(SpotifyQuotaPausedError);
    expect(api.sent).toHaveLength(1);
    http.quota.stop();
  });

  test("an ordinary rate limit does not pause the quota gate", async () => {
    let n = 0;
    const http = new SpotifyHttp({
      fetch: async () => {
        n += 1;
        return n === 1
          ? new Response(JSON.stringify({ error: { status: 429, message: "API rate limit exceeded" } }), {
              status: 429,
              headers: { "Retry-After": "0" },
            })
          : new Response("{}", { status: 200 });
      },
    });
    expect((await get(http, 1)).status).toBe(200);
    expect(http.quota.state().pauses).toBe(0);
  });
});
