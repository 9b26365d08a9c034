// Spotify's development-mode quota spent in the middle of a distribution: no call but sparse probes while it
// lasts, the progress saying so, a sign-in sent to /login with the reason, the hourly job skipping; once it
// returns the run finishes with the same playlists as a run without it. And SPOTIFY_DAILY_CALLS holding the
// hourly job while a listener's own distribution still runs.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { getAdminStatistics } from "../../../src/server/admin/statistics.ts";
import { runHourlySync } from "../../../src/server/distribution/batch/batch-jobs.ts";
import { spotifyAccessTexts } from "../../../src/shared/spotify-access.ts";
import {
  call,
  distributeAndWait,
  type Harness,
  startHarness,
  waitForProgress,
} from "../distribution/support.ts";
import {
  entriesOf,
  expectNothingDoubled,
  expectSamePlaylists,
  premiumListener,
  selection,
  startDistribution,
} from "../hardening/provider-faults-support.ts";

const LIKES = 300;
const PROBE_MS = 200;
const PAUSE_SEC = 2;
let clean: Harness;
let limited: Harness;

beforeAll(async () => {
  [clean, limited] = await Promise.all([
    startHarness(),
    startHarness({ env: { SPOTIFY_QUOTA_PROBE_MS: String(PROBE_MS) } }),
  ]);
  await distributeAndWait(clean, await premiumListener(clean, "spender", LIKES), selection);
}, 60_000);
afterAll(async () => {
  await Promise.all([clean?.dispose(), limited?.dispose()]);
});

/** Crate's sign-in through the emulator's consent; answers where the callback sends the browser. */
async function signInLocation(h: Harness, id: string): Promise<string> {
  const start = await fetch(`${h.crate.url}/api/authorize`, { redirect: "manual" });
  const cookies = start.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  const authorize = new URL(start.headers.get("location") ?? "", h.crate.url);
  authorize.searchParams.set("emulator_user", id);
  const consent = await fetch(authorize, { redirect: "manual" });
  const callback = await fetch(new URL(consent.headers.get("location") ?? "", authorize), {
    redirect: "manual",
    headers: { cookie: cookies },
  });
  return callback.headers.get("location") ?? "";
}

describe("a quota spent mid-distribution", () => {
  test("pauses with sparse probes, says so, and finishes with the playlists of a run without it", async () => {
    const listener = await premiumListener(limited, "spender", LIKES);
    limited.spotify.control.createListener({ id: "newcomer", likes: 5 });
    const control = limited.spotify.control;
    control.setFaults({ latencyMs: 20 });
    const id = await startDistribution(limited, listener);
    // Once planned (the playlists are named), the quota runs out before the writes are done.
    for (let planned = false; !planned; await Bun.sleep(5)) {
      const answer = await call(limited, listener.cookie, "GET", `/api/distributor/${id}/progress`);
      expect(answer.body.finished).toBe(false);
      planned = (answer.body.createdPlaylistNames as string[]).length > 0;
    }
    control.setQuota({ calls: 1_000_000, periodSec: PAUSE_SEC });
    control.exhaustQuota();

    // The progress says the run is paused (not failed).
    let paused: Record<string, unknown> | undefined;
    for (let i = 0; i < 200 && !paused; i++) {
      const answer = await call(limited, listener.cookie, "GET", `/api/distributor/${id}/progress`);
      if (answer.body.paused) paused = answer.body;
      else await Bun.sleep(10);
    }
    expect(paused?.paused).toMatchObject({ reason: "spotify-quota" });
    const since = (paused?.paused as { since?: string } | undefined)?.since;
    expect(Date.parse(String(since))).toBeGreaterThan(0);
    expect(paused?.finished).toBe(false);
    for (const entry of entriesOf({ status: 200, body: paused ?? {} }))
      expect(entry.completedWork).not.toBe(-1);
    expect(spotifyAccessTexts.quotaPaused).toContain("Crate continues on its own");

    // A sign-in meanwhile ends on the login page with the reason; the hourly job skips without calling.
    expect(await signInLocation(limited, "newcomer")).toBe("/login?error=spotify_quota");
    const before = control.calls().total;
    expect(await runHourlySync(limited.crate.deps)).toMatchObject({ started: false });
    const stats = getAdminStatistics(limited.crate.deps).spotify;
    expect(stats.quota.paused).toBe(true);
    expect(stats.callsLast24h.total).toBeGreaterThan(0);

    const done = await waitForProgress(limited, listener, id, 30_000);
    for (const entry of entriesOf(done)) expect(entry.completedWork).toBe(entry.totalWork);
    expect(done.body.paused).toBeUndefined();
    // Refused while paused: the calls already out when the quota ran out, then one probe at a time
    // (200, 400, 800 ms … within a 2 s pause: a handful, never a stream).
    const refused = control.quota().refused;
    expect(refused).toBeGreaterThan(0);
    expect(refused).toBeLessThanOrEqual(12);
    expect(control.calls().total).toBeGreaterThan(before);
    control.setFaults({});
    expectSamePlaylists(clean, limited, "spender");
    expectNothingDoubled(limited, "spender");
    expect(getAdminStatistics(limited.crate.deps).spotify.quota).toMatchObject({ paused: false, pauses: 1 });
  }, 60_000);
});

describe("SPOTIFY_DAILY_CALLS", () => {
  test("holds the hourly job at four fifths of the budget while a listener's own distribution still runs", async () => {
    const h = await startHarness({ env: { SPOTIFY_DAILY_CALLS: "100" } });
    try {
      const a = await premiumListener(h, "budget-a", 60);
      await premiumListener(h, "budget-b", 60);
      await Promise.all(h.crate.deps.signInSyncs.values());
      const hour = Math.floor(h.crate.deps.clock.now() / 3_600_000) * 3_600_000;
      // The day's calls so far reach the background share (80 of 100).
      h.crate.deps.db.$client
        .query("INSERT INTO spotify_call_hours (hour, user_id, kind, calls) VALUES (?, '', 'hourly', 80)")
        .run(hour);
      h.crate.deps.spotifyCalls.flush();
      h.spotify.control.like("budget-a", { count: 5 });
      h.spotify.control.resetCalls();
      await runHourlySync(h.crate.deps);
      expect(h.spotify.control.calls().counts).toEqual({});
      // The listener's own distribution is not held by the budget.
      await distributeAndWait(h, a, ["Everything"]);
      expect(h.spotify.control.calls().total).toBeGreaterThan(0);
      expect(getAdminStatistics(h.crate.deps).spotify.callsLast24h.byKind.distribution).toBeGreaterThan(0);
    } finally {
      await h.dispose();
    }
  }, 60_000);
});
