// In the browser: a distribution bigger than what SPOTIFY_DAILY_CALLS has left says on its page that Crate adds
// the rest over the next hours, and finishes on its own once the oldest counted calls leave the 24 hours.

import { expect, test } from "bun:test";
import { manualClock } from "../../src/server/platform/clock.ts";
import { spotifyAccessTexts } from "../../src/shared/spotify-access.ts";
import { createListener } from "../integration/account/signin.ts";
import { signInThroughConsentPage } from "../support/browser.ts";
import { distributeUntilPaused, setUpBrowserSuite } from "../support/e2e.ts";

const HOUR_MS = 3_600_000;
const BUDGET = 1_000;
const clock = manualClock(Date.now());

const suite = setUpBrowserSuite({
  env: { SPOTIFY_DAILY_CALLS: String(BUDGET), SPOTIFY_BUDGET_RECHECK_MS: "200" },
  clock,
});

test("a first fill past the daily budget says so on its page, then finishes on its own", async () => {
  const listener = `e2e-budget-${Date.now()}`;
  await createListener(suite.server.url, listener, 200);
  const { page, errors } = await signInThroughConsentPage(suite.browser, suite.server.url, listener);
  await Promise.all(suite.server.deps.signInSyncs.values());
  // Earlier today other work used all but a few calls of the budget.
  const ledger = suite.server.deps.spotifyCalls;
  const earlier = Math.floor(clock.now() / HOUR_MS) * HOUR_MS - 3 * HOUR_MS;
  ledger.flush();
  suite.server.deps.db.$client
    .query("INSERT INTO spotify_call_hours (hour, user_id, kind, calls) VALUES (?, '', 'hourly', ?)")
    .run(earlier, BUDGET - ledger.last24h().total - 3);
  ledger.flush();

  const paused = await distributeUntilPaused(page, suite.server.url, ["2010s", "2020s"]);
  expect(await paused.textContent()).toBe(spotifyAccessTexts.budgetSpread);
  expect(await page.getByTestId("progress-failure").count()).toBe(0);

  // The earlier calls leave the 24 hours: the run goes on and finishes without a click.
  clock.set(earlier + 24 * HOUR_MS);
  await page.getByTestId("run-playlists").waitFor({ timeout: 60_000 });
  expect(await paused.count()).toBe(0);
  expect(errors).toEqual([]);
  await page.close();
}, 90_000);
