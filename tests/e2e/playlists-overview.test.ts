// The listener's view in a real browser at phone and desktop widths: after a run, the "Playlists updated"
// page and the Playlists page show each playlist's song count and its link into Spotify, matching the
// playlists the emulated Spotify holds. Set SCREENSHOT_DIR to keep screenshots.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { overviewTexts, spotifyPlaylistUrl } from "../../src/shared/playlist-overview.ts";
import { createListener } from "../integration/account/signin.ts";
import { seriousAxeViolations } from "../support/axe.ts";
import { collectPageErrors, launchBrowser, type TestBrowser, viewports } from "../support/browser.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

const LISTENER = "e2e-overview";
const CHOSEN = ["1980s", "1990s", "2000s", "2010s", "2020s"];
const screenshotDir = process.env.SCREENSHOT_DIR;

let server: TestServer;
let browser: TestBrowser;

beforeAll(async () => {
  server = await startTestServer();
  await createListener(server.url, LISTENER, 150);
  browser = await launchBrowser();
  if (screenshotDir) mkdirSync(screenshotDir, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

async function shot(page: Page, name: string): Promise<void> {
  if (screenshotDir) await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
}

async function signIn(page: Page): Promise<void> {
  await page.goto(`${server.url}/api/authorize`);
  await page.getByLabel("Listener id").fill(LISTENER);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${server.url}/`);
}

/** The listener's playlists in the emulated Spotify: name → [id, songs]. */
async function spotifyPlaylists(): Promise<Map<string, [string, number]>> {
  const answer = await fetch(`${server.url}/emulator/spotify/control/listeners/${LISTENER}/playlists`);
  const { playlists } = (await answer.json()) as { playlists: { id: string; name: string; total: number }[] };
  return new Map(playlists.map((p) => [p.name, [p.id, p.total]]));
}

/** name → [song count, link] of the rows under a container. */
function rowsIn(page: Page, testId: string, rowTestId: string): Promise<[string, number, string | null][]> {
  return page
    .getByTestId(testId)
    .evaluate(
      (container, row) =>
        [...container.querySelectorAll(`[data-testid="${row}"]`)].map((element) => [
          element.getAttribute("data-name") ?? "",
          Number(element.querySelector("[data-song-count]")?.getAttribute("data-song-count")),
          element.querySelector('[data-testid="open-in-spotify"]')?.getAttribute("href") ?? null,
        ]),
      rowTestId,
    ) as Promise<[string, number, string | null][]>;
}

describe("the listener's view of their playlists", () => {
  test("counts and links on the Playlists updated page and the Playlists page, at 390 and 1440 px", async () => {
    const page = await browser.newPage(viewports.desktop);
    const errors = collectPageErrors(page);
    await signIn(page);
    const id = await page.evaluate(async (names) => {
      const res = await fetch("/api/distributor/distribute-historically", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ playlistPreferences: names }),
      });
      return ((await res.json()) as { distributionProgressId: string }).distributionProgressId;
    }, CHOSEN);
    await page.goto(`${server.url}/playlists/distribution-success?distributionProgressId=${id}`);
    await page.getByTestId("run-playlists").waitFor({ timeout: 60_000 });

    const spotify = await spotifyPlaylists();
    expect(spotify.size).toBeGreaterThan(0);
    const expected = [...spotify]
      .map(([name, [playlistId, total]]) => [name, total, spotifyPlaylistUrl(playlistId)])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    const shown = await rowsIn(page, "run-playlists", "run-playlist");
    expect([...shown].sort((a, b) => a[0].localeCompare(b[0]))).toEqual(
      expected as [string, number, string][],
    );
    await shot(page, "playlists-updated-desktop-1440");

    for (const [label, viewport] of [
      ["phone-390", viewports.phone],
      ["desktop-1440", viewports.desktop],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`${server.url}/playlists`);
      await page.getByTestId("chosen-playlists").waitFor();
      const rows = await rowsIn(page, "chosen-playlists", "chosen-playlist");
      const byName = new Map(rows.map((r) => [r[0], r]));
      for (const name of CHOSEN) {
        const onSpotify = spotify.get(`${name} - Managed Playlist`);
        const row = byName.get(name);
        expect(row?.[1]).toBe(onSpotify?.[1] ?? 0);
        expect(row?.[2]).toBe(onSpotify ? spotifyPlaylistUrl(onSpotify[0]) : null);
      }
      const status = await page.getByTestId("library-status").textContent();
      expect(status).toContain(overviewTexts.nextUpdate(60));
      const link = page.getByTestId("open-in-spotify").first();
      expect(await link.isVisible()).toBe(true);
      const box = await page.getByTestId("playlists-overview").boundingBox();
      expect(box?.width ?? 0).toBeLessThanOrEqual(viewport.width);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await shot(page, `playlists-overview-${label}`);
    }
    expect(errors).toEqual([]);
  }, 120_000);
});
