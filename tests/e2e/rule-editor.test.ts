// Editing a rule in a real browser against the real server and its Spotify emulator, at 1440 and 390 wide: Edit in
// the table opens the rule, the live count and the first songs follow each change in the rule's order, the rule
// reads as one sentence, saving makes the playlist in Spotify follow at once; every control is labelled (no
// serious axe violation) and a phone needs no sideways scrolling. Set SCREENSHOT_DIR to keep screenshots.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { setMembershipLevel } from "../../src/server/billing/membership.ts";
import { decadeStartOf } from "../../src/server/library/classify.ts";
import { seriousAxeViolations } from "../support/axe.ts";
import { collectPageErrors, launchBrowser, type TestBrowser, viewports } from "../support/browser.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

const LISTENER = "e2e-rule-editor";
const POSTFIX = " - Managed Playlist";
const screenshotDir = process.env.SCREENSHOT_DIR;

let server: TestServer;
let browser: TestBrowser;
/** the listener's likes, newest first, with the decade of each */
let likes: { trackId: string; decade: number | null }[] = [];

async function control(path: string, init?: RequestInit): Promise<unknown> {
  const res = await fetch(`${server.url}/emulator/spotify/control${path}`, {
    ...init,
    headers: { "content-type": "application/json" },
  });
  expect(res.status).toBeLessThan(300);
  return res.json();
}

async function shot(page: Page, name: string): Promise<void> {
  if (screenshotDir) await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
}

async function signIn(page: Page): Promise<void> {
  await page.goto(`${server.url}/api/authorize`);
  await page.getByLabel("Listener id").fill(LISTENER);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${server.url}/`);
}

function userId(): string {
  const row = server.deps.db.$client
    .query<{ id: string }, [string]>("SELECT id FROM users WHERE spotify_id = ?")
    .get(LISTENER);
  if (!row) throw new Error("not signed in");
  return row.id;
}

function storeRule(id: string, name: string, decade: number): void {
  server.deps.db.$client
    .query(
      "INSERT INTO combinations (id, user_id, playlist_name, criteria, active, created_at) VALUES (?, ?, ?, ?, 1, ?)",
    )
    .run(id, userId(), name, JSON.stringify([{ criterionNumber: 1, decade }]), Date.now());
}

/** The decade most of the likes are from, and the likes of it, newest first. */
function biggestDecade(): { decade: number; newestFirst: string[] } {
  const counts = new Map<number, number>();
  for (const like of likes)
    if (like.decade !== null) counts.set(like.decade, (counts.get(like.decade) ?? 0) + 1);
  const [decade] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] ?? [];
  if (decade === undefined) throw new Error("no decade");
  return { decade, newestFirst: likes.filter((l) => l.decade === decade).map((l) => l.trackId) };
}

async function spotifyTracks(name: string): Promise<string[] | null> {
  const { playlists } = (await control(`/listeners/${LISTENER}/playlists`)) as {
    playlists: { id: string; name: string }[];
  };
  const playlist = playlists.find((p) => p.name === `${name}${POSTFIX}`);
  if (!playlist) return null;
  return ((await control(`/playlists/${playlist.id}`)) as { trackIds: string[] }).trackIds;
}

/** Waits for the preview to answer this count for the rule as it stands (it fails on any other settled count). */
async function expectCount(page: Page, total: number): Promise<void> {
  const settled = page.locator('[data-testid="rule-preview"][data-status="ready"]');
  await page
    .locator(`[data-testid="rule-preview"][data-status="ready"] [data-total="${total}"]`)
    .waitFor({ timeout: 15_000 })
    .catch(async (error) => {
      const shown = await settled
        .getByTestId("preview-count")
        .getAttribute("data-total")
        .catch(() => null);
      throw new Error(`the preview shows ${shown}, not ${total}: ${error}`);
    });
}

async function noSidewaysScrolling(page: Page): Promise<void> {
  const [scrollWidth, width] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  expect(scrollWidth).toBeLessThanOrEqual(width ?? 0);
}

beforeAll(async () => {
  server = await startTestServer();
  await control("/listeners", { method: "POST", body: JSON.stringify({ id: LISTENER, likes: 60 }) });
  const listed = (await control(`/listeners/${LISTENER}/likes`)) as { likes: { trackId: string }[] };
  likes = await Promise.all(
    listed.likes.map(async ({ trackId }) => {
      const track = (await control(`/tracks/${trackId}`)) as { releaseDate: string };
      return { trackId, decade: decadeStartOf(track.releaseDate) };
    }),
  );
  browser = await launchBrowser();
  if (screenshotDir) mkdirSync(screenshotDir, { recursive: true });
  const page = await browser.newPage(viewports.desktop);
  await signIn(page);
  await setMembershipLevel(server.deps, userId(), "PremiumYearly", "admin");
  await page.context().close();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

describe("editing a rule", () => {
  for (const [label, viewport] of [
    ["1440", viewports.desktop],
    ["390", viewports.phone],
  ] as const) {
    test(`at ${label} wide: live count, first songs, the sentence, saved and followed in Spotify`, async () => {
      const { decade, newestFirst } = biggestDecade();
      expect(newestFirst.length).toBeGreaterThan(3);
      const name = `Decade Mix ${label}`;
      storeRule(`rule-${label}`, name, decade);
      const page = await browser.newPage(viewport);
      const errors = collectPageErrors(page);
      await signIn(page);
      await page.goto(`${server.url}/playlists/combinations`);
      const row = page.locator(`[data-testid="combination-row"][data-name="${name}"]`);
      await row.getByRole("button", { name: `Edit ${name}` }).click();
      const editor = page.getByTestId("rule-editor");
      await editor.waitFor();
      expect(await editor.getByTestId("playlist-name").inputValue()).toBe(name);

      // the count of the rule as stored, then after each change
      await expectCount(page, newestFirst.length);
      await editor.getByTestId("order-select").selectOption("likedNewestFirst");
      await editor.getByTestId("limit-input").fill("3");
      await expectCount(page, 3);
      expect(await editor.getByTestId("rule-sentence").textContent()).toBe(
        `From the ${decade}s, newest first, at most 3 songs`,
      );
      const listed = await editor.getByTestId("preview-songs").locator("li").count();
      expect(listed).toBe(3);
      // a part that matches nothing: the count follows at once
      await editor.getByTestId("more-parts").first().click();
      await editor.getByTestId("years-from").first().fill("1900");
      await editor.getByTestId("years-to").first().fill("1901");
      await expectCount(page, 0);
      await editor.getByTestId("years-from").first().fill("");
      await editor.getByTestId("years-to").first().fill("");
      await expectCount(page, 3);

      expect(await seriousAxeViolations(page)).toEqual([]);
      await noSidewaysScrolling(page);
      await shot(page, `rule-editor-${label}`);

      // an edit counts as a creation for the 30-second throttle: the other width's save was moments ago
      server.deps.rateLimits.clear();
      // keyboard: the save button is reached and pressed without a pointer
      await editor.getByTestId("save-rule").focus();
      await page.keyboard.press("Enter");
      await editor.waitFor({ state: "detached", timeout: 15_000 });
      await expect(row.getByTestId("combination-rule").textContent()).resolves.toBe(
        `From the ${decade}s, newest first, at most 3 songs`,
      );
      const until = Date.now() + 60_000;
      let tracks = await spotifyTracks(name);
      while (JSON.stringify(tracks) !== JSON.stringify(newestFirst.slice(0, 3)) && Date.now() < until) {
        await Bun.sleep(200);
        tracks = await spotifyTracks(name);
      }
      expect(tracks).toEqual(newestFirst.slice(0, 3));
      await noSidewaysScrolling(page);
      // nor does the table of rules scroll sideways inside the page
      const [tableWidth, areaWidth] = await page
        .getByTestId("combinations-table")
        .locator("table")
        .evaluate((table) => [table.scrollWidth, table.parentElement?.clientWidth ?? 0]);
      expect(tableWidth).toBeLessThanOrEqual(areaWidth ?? 0);
      await shot(page, `rule-editor-saved-${label}`);
      expect(errors).toEqual([]);
    }, 120_000);
  }
});
