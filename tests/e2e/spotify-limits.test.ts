// In the browser: the banner of a Spotify grant's last 14 days and of its end, "Sign in again" coming back to the
// page it was pressed on; the progress while Spotify's quota is spent; the login page after a sign-in it refused.

import { expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { loginErrorMessages } from "../../src/shared/auth.ts";
import { addCalendarMonths } from "../../src/shared/calendar.ts";
import { grantEndsAt, spotifyAccessTexts } from "../../src/shared/spotify-access.ts";
import { createListener } from "../integration/account/signin.ts";
import { signInThroughConsentPage } from "../support/browser.ts";
import { distributeUntilPaused, setUpBrowserSuite } from "../support/e2e.ts";

const DAY = 86_400_000;

const suite = setUpBrowserSuite({ env: { SPOTIFY_QUOTA_PROBE_MS: "300" } });

const setUser = (spotifyId: string, column: string, value: number | null) =>
  suite.server.deps.db.$client
    .query(`UPDATE users SET ${column} = ? WHERE spotify_id = ?`)
    .run(value, spotifyId);

const control = (method: string, path: string, body?: unknown) =>
  fetch(`${suite.server.url}/emulator/spotify/control${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const bannerText = (page: Page) => page.getByTestId("spotify-access-banner").textContent();

test("in a grant's last 14 days a banner names the end; 'Sign in again' renews it and returns to the page", async () => {
  const listener = `e2e-ending-${Date.now()}`;
  await createListener(suite.server.url, listener, 3);
  const { page, errors } = await signInThroughConsentPage(suite.browser, suite.server.url, listener);
  const endsAt = Date.now() + 10 * DAY;
  setUser(listener, "spotify_authorized_at", addCalendarMonths(endsAt, -6));
  await page.goto(`${suite.server.url}/settings`);
  await page.getByTestId("spotify-access-banner").waitFor();
  expect(await bannerText(page)).toContain(
    spotifyAccessTexts.ending(grantEndsAt(addCalendarMonths(endsAt, -6))),
  );

  const before = Date.now();
  await page.getByTestId("spotify-access-banner").getByRole("button", { name: "Sign in again" }).click();
  await page.waitForURL(/\/emulator\/spotify\/accounts\/authorize\?/);
  await page.locator(`button[name="emulator_user"][value="${listener}"]`).click();
  await page.waitForURL(`${suite.server.url}/settings`);
  await page.getByTestId("spotify-access-text").filter({ hasText: "signing in again renews this" }).waitFor();
  expect(await page.getByTestId("spotify-access-banner").count()).toBe(0);
  const text = await page.getByTestId("spotify-access-text").textContent();
  expect(text).toBe(spotifyAccessTexts.activeUntil(grantEndsAt(before)));
  expect(errors).toEqual([]);
  await page.close();
}, 60_000);

test("after the end the Playlists page says updates stopped, when and why, with the sign-in button", async () => {
  const listener = `e2e-ended-${Date.now()}`;
  await createListener(suite.server.url, listener, 3);
  const { page, errors } = await signInThroughConsentPage(suite.browser, suite.server.url, listener);
  const refusedAt = Date.UTC(2026, 10, 2, 12);
  setUser(listener, "spotify_access_refused_at", refusedAt);
  setUser(listener, "monitored", 0);
  await page.goto(`${suite.server.url}/`);
  await page.getByTestId("spotify-access-banner").waitFor();
  expect(await bannerText(page)).toContain(spotifyAccessTexts.ended(refusedAt));
  expect(await bannerText(page)).toContain("2 November 2026");
  expect(
    await page.getByTestId("spotify-access-banner").getByRole("button", { name: "Sign in again" }).count(),
  ).toBe(1);
  expect(errors).toEqual([]);
  await page.close();
}, 60_000);

test("while Spotify's quota is spent the progress says so, then finishes on its own", async () => {
  const listener = `e2e-quota-${Date.now()}`;
  await createListener(suite.server.url, listener, 40);
  const { page, errors } = await signInThroughConsentPage(suite.browser, suite.server.url, listener);
  // Let the sign-in's own library read finish before the quota runs out.
  await Promise.all(suite.server.deps.signInSyncs.values());
  expect((await control("PUT", "/quota", { calls: 1_000_000, periodSec: 3600 })).status).toBe(200);
  expect((await control("POST", "/quota/exhaust")).status).toBe(200);
  const paused = await distributeUntilPaused(page, suite.server.url, ["2010s", "2020s"]);
  expect(await paused.textContent()).toBe(spotifyAccessTexts.quotaPaused);
  expect(await page.getByTestId("progress-failure").count()).toBe(0);

  // The quota is back: the next probe gets through and the run finishes without a click.
  expect((await control("PUT", "/quota", { calls: null })).status).toBe(200);
  await page.getByTestId("run-playlists").waitFor({ timeout: 60_000 });
  expect(await paused.count()).toBe(0);
  expect(errors).toEqual([]);
  await page.close();
}, 90_000);

test("/login explains a sign-in refused because the server's quota is spent", async () => {
  const page = await suite.browser.newPage();
  await page.goto(`${suite.server.url}/login?error=spotify_quota`);
  await page.getByText(loginErrorMessages.spotify_quota).waitFor();
  await page.close();
}, 30_000);
