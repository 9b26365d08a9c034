// Recreate in a real browser against the emulated Spotify: the listener deletes one of a numbered playlist's parts
// in Spotify, the next update notices it, the Playlists page shows it as deleted, one tap on Recreate makes a new
// Spotify playlist of the same name and number with the songs it held in their order, and its page's Activity says
// so. Set SCREENSHOT_DIR to keep screenshots at phone and desktop widths.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { runHourlySync } from "../../src/server/distribution/batch/batch-jobs.ts";
import { activityPageTexts } from "../../src/shared/activity.ts";
import { playlistPagePath } from "../../src/shared/explain.ts";
import { overviewTexts } from "../../src/shared/playlist-overview.ts";
import { createListener } from "../integration/account/signin.ts";
import { seriousAxeViolations } from "../support/axe.ts";
import { collectPageProblems, launchBrowser, type TestBrowser, viewports } from "../support/browser.ts";
import { makePremium } from "../support/factories.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

const LISTENER = "e2e-recreate";
const ENTRY = "Partitions of 50 Songs";
const PART = `${ENTRY} 2`;
const managed = (name: string) => `${name} - Managed Playlist`;
const screenshotDir = process.env.SCREENSHOT_DIR;
let server: TestServer;
let browser: TestBrowser;

beforeAll(async () => {
  server = await startTestServer();
  await createListener(server.url, LISTENER, 120);
  browser = await launchBrowser();
  if (screenshotDir) mkdirSync(screenshotDir, { recursive: true });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

async function shot(page: Page, name: string): Promise<void> {
  if (screenshotDir) await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
}

const control = (path: string, init?: RequestInit) =>
  fetch(`${server.url}/emulator/spotify/control${path}`, init).then((r) => r.json());

/** The listener's playlists in the emulated Spotify (those deleted left out): name → id. */
async function spotifyPlaylists(): Promise<Map<string, string>> {
  const { playlists } = (await control(`/listeners/${LISTENER}/playlists`)) as {
    playlists: { id: string; name: string }[];
  };
  return new Map(playlists.map((p) => [p.name, p.id]));
}

const songsOf = async (id: string) =>
  ((await control(`/playlists/${id}`)) as { trackIds: string[] }).trackIds;

async function signIn(page: Page): Promise<void> {
  await page.goto(`${server.url}/api/authorize`);
  await page.getByLabel("Listener id").fill(LISTENER);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${server.url}/`);
}

/** The Playlists page with the entry's parts shown. */
async function openParts(page: Page): Promise<void> {
  await page.goto(`${server.url}/playlists`);
  await page.getByTestId("chosen-playlists").waitFor();
  await page.getByRole("button", { name: `Show the playlists of ${ENTRY}` }).click();
}

const partRow = (page: Page) => page.locator(`[data-testid="playlist-part"][data-name="${managed(PART)}"]`);

describe("recreate", () => {
  test("a part deleted in Spotify is shown deleted, recreated with one tap in order, name and number kept", async () => {
    const page = await browser.newPage(viewports.phone);
    const problems = collectPageProblems(page);
    await signIn(page);
    const { id: userId } = server.deps.db.$client
      .query("SELECT id FROM users WHERE spotify_id = ?")
      .get(LISTENER) as { id: string };
    // partitions are a premium entry
    makePremium(server.deps.db, userId);
    const started = await page.evaluate(async (entry) => {
      const res = await fetch("/api/distributor/distribute-historically", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ playlistPreferences: [entry] }),
      });
      return (await res.json()) as { distributionProgressId: string };
    }, ENTRY);
    await page.waitForFunction(
      async (id) => (await (await fetch(`/api/distributor/${id}/progress`)).json()).finished === true,
      started.distributionProgressId,
      { timeout: 60_000, polling: 200 },
    );
    const before = await spotifyPlaylists();
    const old = before.get(managed(PART)) ?? "";
    const held = await songsOf(old);
    expect(held).toHaveLength(50);

    // Deleted in the Spotify app; the next update (a new like, in part 3) notices it.
    await control(`/listeners/${LISTENER}/playlists/${old}`, { method: "DELETE" });
    await control(`/listeners/${LISTENER}/likes`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ count: 1 }),
    });
    await runHourlySync(server.deps);
    while (server.deps.work.isBusy(userId)) await Bun.sleep(20);

    await openParts(page);
    const row = partRow(page);
    await expect(row.getByTestId("playlist-meta").textContent()).resolves.toBe(
      overviewTexts.deletedInSpotify,
    );
    expect(await row.getByTestId("open-in-spotify").count()).toBe(0);
    // The notice below names it and points to Recreate (not to deleting it and choosing it again).
    const notice = page.getByTestId("vanished-notice");
    await expect(notice.textContent()).resolves.toContain(managed(PART));
    await expect(notice.textContent()).resolves.toContain(activityPageTexts.recreateHint);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, "recreate-deleted-390");
    await page.setViewportSize(viewports.desktop);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, "recreate-deleted-1440");

    await page.getByRole("button", { name: activityPageTexts.recreateLabel(PART) }).click();
    await page.getByText(activityPageTexts.recreated(PART)).waitFor({ timeout: 60_000 });
    // Back in the list with its link into Spotify, at once
    await row.getByTestId("open-in-spotify").waitFor();
    await expect(row.getByTestId("playlist-meta").textContent()).resolves.toContain("50 songs");
    await notice.waitFor({ state: "detached", timeout: 10_000 });

    const after = await spotifyPlaylists();
    const again = after.get(managed(PART)) ?? "";
    expect(again).not.toBe("");
    expect(again).not.toBe(old);
    expect(await songsOf(again)).toEqual(held);
    // The numbering kept: the same names, one playlist each
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, "recreate-back-1440");

    await page.goto(`${server.url}${playlistPagePath(PART)}`);
    const entries = page.getByRole("region", { name: activityPageTexts.title }).getByTestId("activity-entry");
    await entries.first().waitFor();
    await expect(entries.first().getAttribute("data-kind")).resolves.toBe("recreated");
    await expect(entries.first().textContent()).resolves.toContain(
      "Made again in Spotify with 50 songs, and kept up to date again",
    );
    await expect(entries.nth(1).getAttribute("data-kind")).resolves.toBe("vanished");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, "recreate-activity-1440");
    await page.setViewportSize(viewports.phone);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewports.phone.width,
    );
    await shot(page, "recreate-activity-390");
    expect(problems).toEqual([]);
  }, 150_000);
});
