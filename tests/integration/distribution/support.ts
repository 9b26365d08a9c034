// Crate in real mode against a Spotify emulator on its own port, plus helpers to sign listeners in, call the
// distribution API and read what ended up on "Spotify".
import { expect } from "bun:test";
import type { CatalogueSize } from "../../../src/emulators/spotify/model/catalogue.ts";
import { IN_FLIGHT_GRACE_MS } from "../../../src/emulators/spotify/model/retry-after-watch.ts";
import {
  type SpotifyEmulatorServer,
  startSpotifyEmulatorServer,
} from "../../../src/emulators/spotify/server.ts";
import type { Clock } from "../../../src/server/platform/clock.ts";
import { apiCall, overHttp } from "../../support/api.ts";
import { makePremium } from "../../support/factories.ts";
import { type FastClock, fastClock } from "../../support/fast-clock.ts";
import { watchLoopStalls } from "../../support/loop-stalls.ts";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { setUpForSuite } from "../../support/suite.ts";

export const credentials = { clientId: "5a0c3e7f9b1d4f6a8c2e4b6d8f0a1c3e", clientSecret: "dist-test-secret" };

/** Crate's settings for real mode against a Spotify emulator of the test credentials (Premium off). */
export function realModeEnv(spotify: Pick<SpotifyEmulatorServer, "accountsUrl" | "apiUrl">) {
  return {
    SPOTIFY_CLIENT_ID: credentials.clientId,
    SPOTIFY_CLIENT_SECRET: credentials.clientSecret,
    SPOTIFY_ACCOUNTS_URL: spotify.accountsUrl,
    SPOTIFY_API_URL: spotify.apiUrl,
    PREMIUM: "off",
  };
}

export interface Harness {
  crate: TestServer;
  spotify: SpotifyEmulatorServer;
  dispose(): Promise<void>;
}

export interface HarnessOptions {
  clock?: Clock;
  catalogueSize?: CatalogueSize;
  env?: Record<string, string>;
  /**
   * Spotify's side on a fast clock (real time when absent): the emulator's rate limit, Retry-Afters, latency and
   * stalls and Crate's Spotify client (pace, backoffs, waits) share it, so every wait keeps its length on it in
   * a fraction of the real time. Crate's per-attempt timeout stays in real time.
   */
  spotifyTime?: FastClock;
  /**
   * How late (real ms) a call already on its way when a 429 was answered may reach the emulator before it counts
   * as a Retry-After violation: the emulator's 50 ms unless the test's own process is known to be busier.
   */
  inFlightGraceMs?: number;
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const time = options.spotifyTime;
  // real time is the clock at speed 1
  const emulatorTime = time ?? fastClock(1);
  const stalls = watchLoopStalls(emulatorTime);
  const spotify = startSpotifyEmulatorServer({
    port: 0,
    ...credentials,
    catalogueSize: options.catalogueSize ?? { artists: 300, tracks: 3_000 },
    // a call already on its way when a 429 was answered takes the same real time to arrive on any clock
    faultTime: {
      ...emulatorTime,
      inFlightGraceMs: (options.inFlightGraceMs ?? IN_FLIGHT_GRACE_MS) * emulatorTime.speed,
      // Crate, the emulator and the test share this process: a call on its way waits out any stall of it
      loopStall: stalls.longest,
    },
  });
  const crate = await startTestServer({ ...realModeEnv(spotify), ...options.env }, options.clock, {
    spotifyTime: time,
  });
  return {
    crate,
    spotify,
    async dispose() {
      stalls.stop();
      await crate.dispose();
      await spotify.stop();
    },
  };
}

/**
 * The suites' shared prologue: starts the harness before the file's own `beforeAll` and disposes it after its
 * tests. The returned harness is usable inside hooks and tests (after the start), not at the file's top level;
 * it carries the helpers below bound to it: `h.signIn("ada", 40)` is `signIn(h, "ada", 40)`.
 */
export function setUpHarness(options: HarnessOptions = {}): SuiteHarness {
  const h = setUpForSuite(
    () => startHarness(options),
    (started) => started.dispose(),
  );
  const bound = Object.entries(harnessHelpers).map(([name, helper]) => [
    name,
    (...args: unknown[]) => (helper as (h: Harness, ...rest: unknown[]) => unknown)(h, ...args),
  ]);
  return {
    get crate() {
      return h.crate;
    },
    get spotify() {
      return h.spotify;
    },
    dispose: () => h.dispose(),
    ...Object.fromEntries(bound),
  } as SuiteHarness;
}

export interface Listener {
  id: string;
  userId: string;
  cookie: string;
}

/**
 * Crate's OAuth flow by hand against the Spotify emulator, approving as `id` at once (`emulator_user`): the
 * session cookie (`crate_session=…`) of a Crate at `baseUrl`, in this process or another.
 */
export async function signInAt(baseUrl: string, id: string): Promise<string> {
  const start = await fetch(`${baseUrl}/api/authorize`, { redirect: "manual" });
  const jar = new Map<string, string>();
  const absorb = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      if (at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  absorb(start);
  const authorize = new URL(start.headers.get("location") ?? "", baseUrl);
  authorize.searchParams.set("emulator_user", id);
  const consent = await fetch(authorize, { redirect: "manual" });
  const callback = await fetch(new URL(consent.headers.get("location") ?? "", authorize), {
    redirect: "manual",
    headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") },
  });
  absorb(callback);
  const session = jar.get("crate_session");
  if (!session) throw new Error(`sign-in as ${id} failed: ${callback.status}`);
  return `crate_session=${session}`;
}

/** Creates the listener in the emulator (unless `likes` is null) and signs in through Crate's OAuth flow. */
export async function signIn(h: Harness, id: string, likes: number | null, seed?: number): Promise<Listener> {
  if (likes !== null) h.spotify.control.createListener({ id, likes, seed });
  const cookie = await signInAt(h.crate.url, id);
  const me = await call(h, cookie, "GET", "/api/user/id");
  return { id, userId: String(me.body.userId), cookie };
}

/** A listener signed in and made premium: the prologue of most distribution tests (the whole catalogue, no cap). */
export async function premiumListener(
  h: Harness,
  id: string,
  likes: number | null,
  seed?: number,
): Promise<Listener> {
  const listener = await signIn(h, id, likes, seed);
  makePremium(h.crate.deps.db, listener.userId);
  return listener;
}

/** Waits until the listener's queued work (the update a choice or a sync starts) is done. */
export async function workSettled(h: Harness, l: Pick<Listener, "userId">): Promise<void> {
  await Bun.sleep(10);
  while (h.crate.deps.work.isBusy(l.userId)) await Bun.sleep(20);
}

export interface ApiAnswer {
  status: number;
  body: Record<string, unknown>;
}

export async function call(
  h: Harness,
  cookie: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<ApiAnswer> {
  const answer = await apiCall(overHttp(h.crate.url), method, path, { cookie, json: body });
  return { status: answer.status, body: answer.body ?? {} };
}

export const distribute = (h: Harness, l: Listener, names: string[]) =>
  call(h, l.cookie, "POST", "/api/distributor/distribute-historically", { playlistPreferences: names });

/** Polls the progress call until finished; returns the last answer. */
export async function waitForProgress(
  h: Harness,
  l: Listener,
  id: string,
  timeoutMs = 60_000,
): Promise<ApiAnswer> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const answer = await call(h, l.cookie, "GET", `/api/distributor/${id}/progress`);
    expect(answer.status).toBe(200);
    if (answer.body.finished === true) return answer;
    if (Date.now() > until)
      throw new Error(`distribution ${id} did not finish: ${JSON.stringify(answer.body)}`);
    await Bun.sleep(25);
  }
}

/** Distributes and waits; expects the run to succeed. */
export async function distributeAndWait(h: Harness, l: Listener, names: string[]): Promise<string> {
  const answer = await distribute(h, l, names);
  expect(answer.status).toBe(200);
  const id = String(answer.body.distributionProgressId);
  const done = await waitForProgress(h, l, id);
  const progress = done.body.progress as { completedWork: number; totalWork: number }[];
  for (const entry of progress) expect(entry.completedWork).toBe(entry.totalWork);
  return id;
}

/** The listener's playlists on the emulator, by name, with their items in order. */
export function playlistsOf(h: Harness, listenerId: string): Map<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const summary of h.spotify.control.listenerPlaylists(listenerId)) {
    const details = h.spotify.control.playlist(summary.id);
    if (details) byName.set(summary.name, details.trackIds);
  }
  return byName;
}

/** Every like of the listener on the emulator, oldest first. */
export function likesOldestFirst(h: Harness, listenerId: string): { trackId: string; addedAt: string }[] {
  return [...h.spotify.control.likes(listenerId)].reverse();
}

/** Lets the server skip the 30 s distribution throttle between two calls of one test. */
export function clearThrottles(h: Harness): void {
  h.crate.deps.rateLimits.clear();
}

/** The helpers a suite's harness carries bound to itself (see setUpHarness). */
const harnessHelpers = {
  signIn,
  premiumListener,
  workSettled,
  call,
  distribute,
  waitForProgress,
  distributeAndWait,
  playlistsOf,
  likesOldestFirst,
  clearThrottles,
};
type Bound<F> = F extends (h: Harness, ...args: infer A) => infer R ? (...args: A) => R : never;
export type SuiteHarness = Harness & {
  [K in keyof typeof harnessHelpers]: Bound<(typeof harnessHelpers)[K]>;
};

/** A managed playlist's name on Spotify. */
export const managed = (name: string) => `${name} - Managed Playlist`;
