// The admin charts after known events: sign-ups and their sessions, a run of the hourly job, provider calls with
// 429s drawn by the emulators' fault injection, a conversion at the Paddle emulator's checkout; only admins may
// read them; the series are the same after a restart on the same database.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { hourlySyncJob } from "../../../src/server/jobs/hourly-sync.ts";
import { runJob } from "../../../src/server/jobs/index.ts";
import type { MetadataLookups } from "../../../src/server/metadata/background.ts";
import { type RunningServer, startServer } from "../../../src/server/server.ts";
import { ErrorCode } from "../../../src/shared/errors.ts";
import type { AdminCharts, ChartPoint } from "../../../src/shared/schemas/admin.ts";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { createListener, signInAs } from "../account/signin.ts";
import { subscribeAtCheckout } from "../billing/helpers.ts";
import { makeAdmin, makeUser, rest, type TestUser, trpcCall, trpcData } from "./support.ts";

let first: TestServer;
let server: RunningServer;
let admin: TestUser;
let member: TestUser;
let listenerCookie = "";
const spotifyFaults = { rate429: 1, retryAfterSec: 1, seed: 11 };
const emulator = (path: string) => `${server.url}/emulator/${path}`;

async function put(url: string, body: unknown): Promise<void> {
  const res = await fetch(url, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
}

const json = async <T>(url: string, init?: RequestInit) => (await (await fetch(url, init)).json()) as T;
const total = (series: ChartPoint[]) => series.reduce((sum, p) => sum + (p.value ?? 0), 0);
const charts = async (range: "30d" | "48h", cookie = admin.cookie) =>
  trpcData(await trpcCall(server.url, "query", "admin.charts", { range }, cookie)) as AdminCharts;

/** What the emulators counted, taken after the events. */
const seen = { spotifyCalls: 0, spotify429: 0, paddleCalls: 0, paddle429: 0, recco: 0, reccoOutcome: "" };

beforeAll(async () => {
  first = await startTestServer();
  server = first;
  // emulators count from here on
  await fetch(emulator("spotify/control/calls"), { method: "DELETE" });
  await fetch(emulator("paddle/control/api-calls"), { method: "DELETE" });
  await fetch(emulator("reccobeats/control/calls/reset"), { method: "POST" });

  admin = makeAdmin(server.deps);
  member = makeUser(server.deps);
  await createListener(server.url, "charts-listener", 30);
  listenerCookie = (await signInAs(server.url, "charts-listener")).cookie;

  // the hourly job's Spotify calls meet 429s
  await put(emulator("spotify/control/faults"), spotifyFaults);
  await runJob(server.deps, hourlySyncJob);
  await put(emulator("spotify/control/faults"), {});

  // a conversion at the checkout, then Paddle answers 429 to every call (three attempts, each waited out)
  await subscribeAtCheckout(server.url, server.deps.config.paddle.priceId, member);
  await put(emulator("paddle/control/faults"), { rate429: 1, retryAfterSec: 1, seed: 3 });
  await fetch(`${server.url}/api/payment/subscription`, { headers: { cookie: member.cookie } });
  await put(emulator("paddle/control/faults"), {});

  // ReccoBeats says "too many requests" to every call: the client tries five times, then gives up
  await put(emulator("reccobeats/control/faults"), { rateLimited: 1, retryAfterSec: 0 });
  seen.reccoOutcome = await (server.deps.metadataLookups as MetadataLookups).clients.reccobeats
    .audioFeatures(["0charts0recco0track0a"])
    .then(
      () => "answered",
      (error: unknown) => String(error),
    );
  await put(emulator("reccobeats/control/faults"), {});

  const spotify = await json<{
    total: number;
    rateLimiting?: { answers: { limit: number; injected: number } };
  }>(emulator("spotify/control/calls"));
  seen.spotifyCalls = spotify.total;
  seen.spotify429 =
    (spotify.rateLimiting?.answers.limit ?? 0) + (spotify.rateLimiting?.answers.injected ?? 0);
  const paddle = await json<{ total: number; rateLimited: number }>(emulator("paddle/control/api-calls"));
  seen.paddleCalls = paddle.total;
  seen.paddle429 = paddle.rateLimited;
  const recco = await json<{ total: number }>(emulator("reccobeats/control/calls"));
  seen.recco = recco.total;
}, 120_000);

afterAll(async () => {
  await server?.stop();
  rmSync(first.dir, { recursive: true, force: true });
});

describe("the series after known events", () => {
  test("sign-ups and active listeners: the three accounts of today, each with a session", async () => {
    const daily = await charts("30d");
    expect(daily.signups).toHaveLength(30);
    expect(daily.signups.at(-1)?.at).toBe(`${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`);
    expect(daily.signups.at(-1)?.value).toBe(3);
    expect(total(daily.signups)).toBe(3);
    expect(daily.activeListeners.at(-1)?.value).toBe(3);
    const hourly = await charts("48h");
    expect(hourly.signups).toHaveLength(48);
    expect(total(hourly.signups)).toBe(3);
  });

  test("the hourly job's run: its duration and the longest wait a listener had when it started", async () => {
    const daily = await charts("30d");
    const runs = daily.hourlyJobDurationMs.filter((p) => p.value !== null);
    expect(runs).toHaveLength(1);
    expect(runs[0]?.value).toBeGreaterThan(0);
    const lag = daily.hourlyJobLagMs.filter((p) => p.value !== null);
    expect(lag).toHaveLength(1);
    // the admin signed up (never synced) moments before the run: the wait is short, not an hour
    expect(lag[0]?.value).toBeGreaterThanOrEqual(0);
    expect(lag[0]?.value).toBeLessThan(120_000);
  });

  test("provider calls and 429s match what the emulators answered", async () => {
    expect(seen.spotify429).toBeGreaterThan(0);
    expect(seen.spotify429).toBeLessThan(seen.spotifyCalls);
    expect(seen.paddle429).toBe(3);
    const daily = await charts("30d");
    expect(total(daily.providerRateLimited.spotify)).toBe(seen.spotify429);
    // Crate's calls to the Web API, and the token calls the emulator does not log
    expect(total(daily.providerCalls.spotify)).toBeGreaterThanOrEqual(seen.spotifyCalls);
    expect(total(daily.providerCalls.paddle)).toBe(seen.paddleCalls);
    expect(total(daily.providerRateLimited.paddle)).toBe(3);
    expect(seen.reccoOutcome).toContain("gave up after 5 attempts");
    expect(seen.recco).toBe(5);
    expect(total(daily.providerCalls.reccobeats)).toBe(5);
    expect(total(daily.providerRateLimited.reccobeats)).toBe(5);
    for (const provider of ["musicbrainz", "deezer"] as const) {
      expect(total(daily.providerCalls[provider])).toBe(0);
      expect(daily.providerCalls[provider]).toHaveLength(30);
    }
    // the hourly range holds the same calls
    const hourly = await charts("48h");
    expect(total(hourly.providerCalls.paddle)).toBe(seen.paddleCalls);
    expect(total(hourly.providerRateLimited.spotify)).toBe(seen.spotify429);
  });

  test("premium conversions: the checkout's payment, today", async () => {
    const daily = await charts("30d");
    expect(daily.premiumConversions.at(-1)?.value).toBe(1);
    expect(total(daily.premiumConversions)).toBe(1);
  });

  test("REST answers the same series; a bad range is 400", async () => {
    const viaRest = await rest(server.url, "GET", "/api/admin/statistics/charts?range=48h", admin.cookie);
    expect(viaRest.status).toBe(200);
    expect(viaRest.body.range).toBe("48h");
    expect(viaRest.body.providerCalls.paddle).toEqual((await charts("48h")).providerCalls.paddle);
    const bad = await rest(server.url, "GET", "/api/admin/statistics/charts?range=1y", admin.cookie);
    expect(bad.status).toBe(400);
    expect(bad.body.errorCode).toBe(ErrorCode.BadRequest);
    const badTrpc = await trpcCall(server.url, "query", "admin.charts", { range: 7 }, admin.cookie);
    expect(badTrpc.status).toBe(400);
  });
});

describe("only admins", () => {
  test("a listener is refused (403, errorCode 6), a visitor too (401)", async () => {
    const asListener = await rest(server.url, "GET", "/api/admin/statistics/charts", listenerCookie);
    expect(asListener.status).toBe(403);
    expect(asListener.body.errorCode).toBe(ErrorCode.Unauthorized);
    const viaTrpc = await trpcCall(server.url, "query", "admin.charts", { range: "30d" }, listenerCookie);
    expect(viaTrpc.status).toBe(403);
    expect(viaTrpc.body.error.data.errorCode).toBe(ErrorCode.Unauthorized);
    expect((await rest(server.url, "GET", "/api/admin/statistics/charts")).status).toBe(401);
  });
});

describe("a restart", () => {
  test("keeps every series: the history was written before the database closed", async () => {
    // calls counted since the last read are still in memory until the stop writes them
    await fetch(`${server.url}/api/payment/subscription`, { headers: { cookie: member.cookie } });
    const before = await json<{ total: number }>(emulator("paddle/control/api-calls"));
    const config = server.deps.config;
    await server.stop();
    server = await startServer(config);
    const after = await charts("30d");
    expect(before.total).toBeGreaterThan(seen.paddleCalls);
    expect(total(after.providerCalls.paddle)).toBe(before.total);
    expect(total(after.providerRateLimited.spotify)).toBe(seen.spotify429);
    expect(total(after.signups)).toBe(3);
    expect(after.activeListeners.at(-1)?.value).toBe(3);
    expect(after.hourlyJobDurationMs.filter((p) => p.value !== null)).toHaveLength(1);
    expect(total(after.premiumConversions)).toBe(1);
  });
});
