// A playlist's Activity section and put back in a real browser against the emulated Spotify: the listener removes
// a song in Spotify, opens the playlist's page, reads what happened (newest first, on their clock), taps Put back,
// and the song is back at its place on Spotify. Set SCREENSHOT_DIR to keep screenshots at phone and desktop widths.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { activityPageTexts } from "../../src/shared/activity.ts";
import { playlistPagePath } from "../../src/shared/explain.ts";
import { createListener } from "../integration/account/signin.ts";
import { seriousAxeViolations } from "../support/axe.ts";
import { collectPageErrors, launchBrowser, type TestBrowser, viewports } from "../support/browser.ts";
import { makePremium } from "../support/factories.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

const LISTENER = "e2e-activity";
const screenshotDir = process.env.SCREENSHOT_DIR;
let server: TestServer;
let browser: TestBrowser;

beforeAll(async () => {
  server = await startTestServer();
  await createListener(server.url, LISTENER, 40);
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

async function signIn(viewport: { width: number; height: number }): Promise<Page> {
  const page = await browser.newPage(viewport);
  await page.goto(`${server.url}/api/authorize`);
  await page.getByLabel("Listener id").fill(LISTENER);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${server.url}/`);
  return page;
}

const control = (path: string, init?: RequestInit) =>
  fetch(`${server.url}/emulator/spotify/control${path}`, init).then((r) => r.json());

async function everythingOnSpotify(): Promise<{ id: string; trackIds: string[] }> {
  const { playlists } = (await control(`/listeners/${LISTENER}/playlists`)) as {
    playlists: { id: string; name: string }[];
  };
  const found = playlists.find((p) => p.name === "Everything - Managed Playlist");
  if (!found) throw new Error(`Everything is not on Spotify: ${JSON.stringify(playlists)}`);
  return (await control(`/playlists/${found.id}`)) as { id: string; trackIds: string[] };
}

describe("the playlist page's Activity and put back", () => {
  test("a song removed in Spotify is listed, put back with one tap, and back at its place on Spotify", async () => {
    const page = await signIn(viewports.phone);
    const { id } = server.deps.db.$client
      .query("SELECT id FROM users WHERE spotify_id = ?")
      .get(LISTENER) as {
      id: string;
    };
    // Everything is a premium entry
    makePremium(server.deps.db, id);
    const errors = collectPageErrors(page);
    const started = await page.evaluate(async () => {
      const res = await fetch("/api/distributor/distribute-historically", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ playlistPreferences: ["Everything"] }),
      });
      return (await res.json()) as { distributionProgressId: string };
    });
    await page.waitForFunction(
      async (id) => (await (await fetch(`/api/distributor/${id}/progress`)).json()).finished === true,
      started.distributionProgressId,
      { timeout: 60_000, polling: 200 },
    );
    const before = await everythingOnSpotify();
    const song = before.trackIds[7] ?? "";
    await control(`/playlists/${before.id}/items/${song}`, { method: "DELETE" });

    await page.goto(`${server.url}${playlistPagePath("Everything")}`);
    const activity = page.getByRole("region", { name: activityPageTexts.title });
    // The page's own check noticed the removal: newest first, the removal above the creation.
    const entries = activity.getByTestId("activity-entry");
    await entries.first().waitFor();
    await expect(entries.first().getAttribute("data-kind")).resolves.toBe("removedInSpotify");
    await expect(entries.last().getAttribute("data-kind")).resolves.toBe("created");
    await expect(entries.last().textContent()).resolves.toContain("Created in Spotify with 40 songs");
    await expect(entries.first().locator("time").textContent()).resolves.toMatch(
      /^\d{1,2} [A-Z][a-z]+ \d{4} at \d{2}:\d{2}$/,
    );
    const row = page.locator('[data-testid="not-included"][data-kind="removed"]');
    const songName = (await row.locator("p").first().textContent()) ?? "";
    expect(await seriousAxeViolations(page)).toEqual([]);
    if (screenshotDir)
      await page.screenshot({ path: join(screenshotDir, "activity-390.png"), fullPage: true });

    await page.getByRole("button", { name: activityPageTexts.putBackLabel(songName) }).click();
    let after = await everythingOnSpotify();
    for (let i = 0; i < 100 && after.trackIds.length !== before.trackIds.length; i++) {
      await Bun.sleep(100);
      after = await everythingOnSpotify();
    }
    expect(after.trackIds).toEqual(before.trackIds);
    // The page reads again: no longer listed as removed, and the activity says it was put back.
    await row.waitFor({ state: "detached", timeout: 10_000 });
    await expect(entries.first().getAttribute("data-kind")).resolves.toBe("putBack");
    expect(await seriousAxeViolations(page)).toEqual([]);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(wide).toBeLessThanOrEqual(viewports.phone.width);
    await page.setViewportSize(viewports.desktop);
    if (screenshotDir)
      await page.screenshot({ path: join(screenshotDir, "activity-1440.png"), fullPage: true });
    expect(errors).toEqual([]);
  }, 120_000);
});
