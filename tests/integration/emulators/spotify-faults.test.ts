import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import {
  ACCOUNTS,
  api,
  CONTROL,
  json,
  signIn,
  type TestEmulator,
  testEmulator,
  tokenCall,
} from "./spotify-support.ts";

let emulator: TestEmulator;
let token = "";
let refreshToken = "";
beforeAll(async () => {
  emulator = testEmulator();
  const tokens = await signIn(emulator, "crate-admin");
  token = tokens.access_token;
  refreshToken = tokens.refresh_token ?? "";
});
afterAll(() => emulator.close());

const putFaults = (faults: Record<string, unknown>) =>
  emulator.fetch(`${CONTROL}/faults`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(faults),
  });

async function statuses(e: TestEmulator, accessToken: string, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await api(e, accessToken, "GET", "/me")).status);
  return out;
}

describe("fault injection", () => {
  test("rate429 answers 429 with Retry-After; control and token calls are spared", async () => {
    expect((await putFaults({ rate429: 1, retryAfterSec: 7 })).status).toBe(200);
    const res = await api(emulator, token, "GET", "/me/tracks");
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("7");
    expect(await res.json()).toEqual({ error: { status: 429, message: "API rate limit exceeded" } });
    expect((await emulator.fetch(`${CONTROL}/listeners`)).status).toBe(200);
    const refreshed = await tokenCall(emulator, { grant_type: "refresh_token", refresh_token: refreshToken });
    expect(refreshed.status).toBe(200);
    await putFaults({});
    expect((await api(emulator, token, "GET", "/me")).status).toBe(200);
  });

  test("shares of 429 and 5xx follow the rates and repeat exactly for the same seed", async () => {
    await putFaults({ rate429: 0.2, rate5xx: 0.1, seed: 42 });
    const first = await statuses(emulator, token, 400);
    await putFaults({ rate429: 0.2, rate5xx: 0.1, seed: 42 });
    expect(await statuses(emulator, token, 400)).toEqual(first);
    const share = (pred: (s: number) => boolean) => first.filter(pred).length / first.length;
    expect(share((s) => s === 429)).toBeGreaterThan(0.12);
    expect(share((s) => s === 429)).toBeLessThan(0.28);
    expect(share((s) => s === 502 || s === 503)).toBeGreaterThan(0.04);
    expect(share((s) => s === 502 || s === 503)).toBeLessThan(0.16);
    expect(new Set(first)).toEqual(new Set([200, 429, 502, 503]));
    await putFaults({ rate429: 0.2, rate5xx: 0.1, seed: 43 });
    expect(await statuses(emulator, token, 400)).not.toEqual(first);
    await putFaults({});
  });

  test("latency delays every Web API answer", async () => {
    await putFaults({ latencyMs: 120 });
    const started = performance.now();
    await api(emulator, token, "GET", "/me");
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
    await putFaults({});
  });

  test("audio features and batch artists can answer 403 while single artists still work", async () => {
    const trackId = emulator.control.likes("crate-admin")[0]?.trackId ?? "";
    const artistId = emulator.control.track(trackId)?.artistIds[0] ?? "";
    await putFaults({ audioFeatures403: true, artistsBatch403: true });
    const features = await api(emulator, token, "GET", `/audio-features?ids=${trackId}`);
    expect(features.status).toBe(403);
    expect((await json<{ error: { status: number } }>(features)).error.status).toBe(403);
    expect((await api(emulator, token, "GET", `/artists?ids=${artistId}`)).status).toBe(403);
    expect((await api(emulator, token, "GET", `/artists/${artistId}`)).status).toBe(200);
    await putFaults({});
    expect((await api(emulator, token, "GET", `/audio-features?ids=${trackId}`)).status).toBe(200);
  });

  test("a rolling per-second limit per client answers 429 and counts refused calls too", async () => {
    await putFaults({ rateLimitPerSec: 5 });
    const burst = await statuses(emulator, token, 8);
    expect(burst).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    const refused = await api(emulator, token, "GET", "/me");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    emulator.clock.now += 600;
    // the refused calls of the last second still count
    expect((await api(emulator, token, "GET", "/me")).status).toBe(429);
    emulator.clock.now += 1_000;
    expect(await statuses(emulator, token, 5)).toEqual([200, 200, 200, 200, 200]);
    await putFaults({});
  });

  test("bad fault settings are refused", async () => {
    expect((await putFaults({ rate429: 2 })).status).toBe(400);
    expect((await putFaults({ latencyMs: "slow" })).status).toBe(400);
  });
});

describe("call log", () => {
  test("counts every Web API and token call by method and path template, and resets", async () => {
    expect((await emulator.fetch(`${CONTROL}/calls`, { method: "DELETE" })).status).toBe(200);
    const playlist = await json<{ id: string }>(
      await api(emulator, token, "POST", "/me/playlists", { name: "Log" }),
    );
    await api(emulator, token, "GET", `/playlists/${playlist.id}/items`);
    await api(emulator, token, "GET", `/playlists/${playlist.id}/items?offset=0`);
    await api(emulator, token, "GET", "/me/tracks");
    await tokenCall(emulator, { grant_type: "refresh_token", refresh_token: refreshToken });
    await emulator.fetch(`${ACCOUNTS}/authorize?client_id=x`);
    const log = await json<{ total: number; counts: Record<string, number> }>(
      await emulator.fetch(`${CONTROL}/calls`),
    );
    expect(log).toEqual({
      total: 5,
      counts: {
        "POST /v1/me/playlists": 1,
        "GET /v1/playlists/{playlist_id}/items": 2,
        "GET /v1/me/tracks": 1,
        "POST /api/token": 1,
      },
    });
    emulator.control.resetCalls();
    expect(emulator.control.calls()).toEqual({ total: 0, counts: {} });
  });
});
