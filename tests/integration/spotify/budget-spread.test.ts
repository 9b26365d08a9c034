// SPOTIFY_DAILY_CALLS and a first fill bigger than the budget's room: the run goes as far as the budget allows,
// stops calling, says so on its progress (`paused: {reason: "spotify-budget", since, resumesAt}`), and once the
// clock moves past the hour the oldest counted calls leave the 24 hours it finishes with the very playlists of a
// run without a budget. Background work (the random refresh, metadata follow-ups) keeps the listeners' fifth free.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { getAdminStatistics } from "../../../src/server/admin/statistics.ts";
import { runRandomRefresh } from "../../../src/server/distribution/batch/batch-jobs.ts";
import { manualClock } from "../../../src/server/platform/clock.ts";
import { allEntries } from "../../../src/shared/catalogue/index.ts";
import { spotifyAccessTexts, spotifyPauseText } from "../../../src/shared/spotify-access.ts";
import {
  call,
  clearThrottles,
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

const LIKES = 400;
const randomDaily = allEntries.find((e) => e.kind.type === "random" && e.kind.period === "day")?.name ?? "";
const BUDGET = 1_000;
const HOUR_MS = 3_600_000;
const START = Date.UTC(2026, 0, 15, 12);
/** the calls the budgeted run may make before it has to wait */
const ROOM = 12;
const cleanClock = manualClock(START);
const clock = manualClock(START);
let clean: Harness;
let budgeted: Harness;

beforeAll(async () => {
  [clean, budgeted] = await Promise.all([
    startHarness({ clock: cleanClock }),
    startHarness({
      clock,
      env: { SPOTIFY_DAILY_CALLS: String(BUDGET), SPOTIFY_BUDGET_RECHECK_MS: "100" },
    }),
  ]);
  await distributeAndWait(clean, await premiumListener(clean, "filler", LIKES), selection);
}, 90_000);
afterAll(async () => {
  await Promise.all([clean?.dispose(), budgeted?.dispose()]);
});

/** Counts `calls` in the ledger as made by another listener at `hour` (epoch ms, the start of an hour). */
function countEarlierCalls(h: Harness, hour: number, calls: number): void {
  h.crate.deps.spotifyCalls.flush();
  h.crate.deps.db.$client
    .query(
      "INSERT INTO spotify_call_hours (hour, user_id, kind, calls) VALUES (?, 'someone-else', 'distribution', ?)",
    )
    .run(hour, calls);
  h.crate.deps.spotifyCalls.flush();
}

describe("a first fill bigger than the budget's room", () => {
  test("stops at the budget, says so, and completes exactly after the clock moves on", async () => {
    const listener = await premiumListener(budgeted, "filler", LIKES);
    await Promise.all(budgeted.crate.deps.signInSyncs.values());
    // Earlier today another listener spent nearly all of it: the run has room for a dozen calls.
    const earlier = Math.floor(START / HOUR_MS) * HOUR_MS - 3 * HOUR_MS;
    const used = budgeted.crate.deps.spotifyCalls.last24h().total;
    countEarlierCalls(budgeted, earlier, BUDGET - used - ROOM);
    const control = budgeted.spotify.control;
    control.resetCalls();

    const id = await startDistribution(budgeted, listener);
    let held: Record<string, unknown> | undefined;
    for (let i = 0; i < 400 && !held; i++) {
      const answer = await call(budgeted, listener.cookie, "GET", `/api/distributor/${id}/progress`);
      expect(answer.body.finished).toBe(false);
      if (answer.body.paused) held = answer.body;
      else await Bun.sleep(10);
    }
    const resumesAt = new Date(earlier + 24 * HOUR_MS).toISOString();
    expect(held?.paused).toEqual({
      reason: "spotify-budget",
      since: new Date(START).toISOString(),
      resumesAt,
    });
    expect(spotifyPauseText(held?.paused as never)).toBe(spotifyAccessTexts.budgetSpread);
    for (const entry of entriesOf({ status: 200, body: held ?? {} }))
      expect(entry.completedWork).not.toBe(-1);

    // Held: no Web API call goes out however long it waits, and the rolling 24 hours stay at the budget.
    const sent = control.calls().total;
    expect(sent).toBeLessThanOrEqual(ROOM + 4);
    await Bun.sleep(600);
    expect(control.calls().total).toBe(sent);
    expect(budgeted.crate.deps.spotifyCalls.last24h().total).toBeLessThanOrEqual(BUDGET + 4);
    const stillHeld = await call(budgeted, listener.cookie, "GET", `/api/distributor/${id}/progress`);
    expect(stillHeld.body).toMatchObject({ finished: false, paused: { reason: "spotify-budget" } });

    // The hour the earlier calls leave the 24 hours: the run goes on where it stopped and finishes.
    clock.set(earlier + 24 * HOUR_MS);
    cleanClock.set(earlier + 24 * HOUR_MS);
    const done = await waitForProgress(budgeted, listener, id, 60_000);
    for (const entry of entriesOf(done)) expect(entry.completedWork).toBe(entry.totalWork);
    expect(done.body.paused).toBeUndefined();
    expect(control.calls().total).toBeGreaterThan(sent);
    expectSamePlaylists(clean, budgeted, "filler");
    expectNothingDoubled(budgeted, "filler");
  }, 120_000);
});

describe("background work under SPOTIFY_DAILY_CALLS", () => {
  test("the random refresh takes no listener once four fifths are used; the listeners' fifth stays", async () => {
    const h = await startHarness({ env: { SPOTIFY_DAILY_CALLS: "200" } });
    try {
      const listener = await premiumListener(h, "randomer", 40);
      await Promise.all(h.crate.deps.signInSyncs.values());
      await distributeAndWait(h, listener, ["Everything", randomDaily]);
      // With room, the refresh runs and its calls count as `random` (background work).
      expect(await runRandomRefresh(h.crate.deps)).toMatchObject({ distributions: 1, failures: 0 });
      expect(h.crate.deps.spotifyCalls.last24h().byKind.random).toBeGreaterThan(0);
      const used = h.crate.deps.spotifyCalls.last24h().total;
      const randomCalls = h.crate.deps.spotifyCalls.last24h().byKind.random;
      const hour = Math.floor(h.crate.deps.clock.now() / HOUR_MS) * HOUR_MS;
      countEarlierCalls(h, hour, 160 - used);
      h.spotify.control.resetCalls();
      expect(await runRandomRefresh(h.crate.deps)).toMatchObject({
        started: true,
        distributions: 0,
        failures: 0,
      });
      expect(h.spotify.control.calls().total).toBe(0);
      // A listener's own distribution still has the last fifth.
      clearThrottles(h);
      await distributeAndWait(h, listener, ["Everything", randomDaily, "Rock"]);
      expect(h.spotify.control.calls().total).toBeGreaterThan(0);
      const stats = getAdminStatistics(h.crate.deps).spotify.callsLast24h;
      // the statistics report the random refresh with the scheduled updates
      expect(stats.byKind.hourly).toBeGreaterThanOrEqual(randomCalls);
    } finally {
      await h.dispose();
    }
  }, 60_000);
});
