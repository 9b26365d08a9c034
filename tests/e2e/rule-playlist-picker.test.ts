// "In one of my playlists" in a real browser against the real server and its Spotify emulator, at 1440 and 390
// wide: the listener makes a playlist of their own in Spotify, picks it by name in the wizard, sees the live count
// of its liked songs, narrows it to an artist, saves, and finds exactly those songs on Spotify; reopened, the rule
// shows the playlist's and the artist's names, not ids. Labelled controls (no serious axe violation), no sideways
// scrolling on a phone. Set SCREENSHOT_DIR to keep screenshots.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { setMembershipLevel } from "../../src/server/billing/membership.ts";
import { seriousAxeViolations } from "../support/axe.ts";
import { collectPageErrors, launchBrowser, type TestBrowser, viewports } from "../support/browser.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

const LISTENER = "e2e-rule-picker";
const POSTFIX = " - Managed Playlist";
const screenshotDir = process.env.SCREENSHOT_DIR;

let server: TestServer;
let browser: TestBrowser;
/** the listener's likes, oldest first, with each track's artists */
let likes: { trackId: string; artistIds: string[] }[] = [];

async function control(path: string, init?: RequestInit): Promise<unknown> {
  const res = await fetch(`${server.url}/emulator/spotify/control${path}`, {
    ...init,
    headers: { "content-type": "application/json" },
  });
  expect(res.status).toBeLessThan(300);
  return res.json();
}

async function signIn(page: Page): Promise<void> {
  await page.goto(`${server.url}/api/authorize`);
  await page.getByLabel("Listener id").fill(LISTENER);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${server.url}/`);
}

const one = <T>(sql: string, ...values: string[]) =>
  server.deps.db.$client.query<T, string[]>(sql).get(...values);

async function spotifyTracks(name: string): Promise<string[] | null> {
  const { playlists } = (await control(`/listeners/${LISTENER}/playlists`)) as {
    playlists: { id: string; name: string }[];
  };
  const playlist = playlists.find((p) => p.name === `${name}${POSTFIX}`);
  if (!playlist) return null;
  return ((await control(`/playlists/${playlist.id}`)) as { trackIds: string[] }).trackIds;
}

async function expectCount(page: Page, total: number): Promise<void> {
  await page
    .locator(`[data-testid="rule-preview"][data-status="ready"] [data-total="${total}"]`)
    .waitFor({ timeout: 15_000 })
    .catch(async (error) => {
      const shown = await page
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

async function shot(page: Page, name: string): Promise<void> {
  if (screenshotDir) await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
}

beforeAll(async () => {
  server = await startTestServer();
  await control("/listeners", { method: "POST", body: JSON.stringify({ id: LISTENER, likes: 60 }) });
  const listed = (await control(`/listeners/${LISTENER}/likes`)) as { likes: { trackId: string }[] };
  likes = (
    await Promise.all(
      listed.likes.map(async ({ trackId }) => {
        const track = (await control(`/tracks/${trackId}`)) as { artistIds: string[] };
        return { trackId, artistIds: track.artistIds };
      }),
    )
  ).reverse();
  browser = await launchBrowser();
  if (screenshotDir) mkdirSync(screenshotDir, { recursive: true });
  const page = await browser.newPage(viewports.desktop);
  await signIn(page);
  const user = one<{ id: string }>("SELECT id FROM users WHERE spotify_id = ?", LISTENER);
  await setMembershipLevel(server.deps, user?.id ?? "", "PremiumYearly", "admin");
  await page.context().close();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

describe("a rule from a playlist of the listener's", () => {
  test("no playlist of their own yet, then Spotify failing: said plainly, and tried again", async () => {
    const page = await browser.newPage(viewports.phone);
    await signIn(page);
    await page.goto(`${server.url}/playlists/combinations`);
    await page.getByTestId("combinations-start").click();
    const wizard = page.getByTestId("combination-wizard");
    await wizard.getByTestId("in-playlist-toggle").first().click();
    await wizard.getByTestId("in-playlist-empty").waitFor();
    expect(await wizard.getByTestId("in-playlist-select").count()).toBe(0);
    // Spotify answers 503 to every listing for a while: the error, and a way to try again
    const failing = { next5xx: { "GET /v1/me/playlists": 50 } };
    await control("/faults", { method: "PUT", body: JSON.stringify(failing) });
    await page.reload();
    await page.getByTestId("combinations-start").click();
    await wizard.getByTestId("in-playlist-toggle").first().click();
    await wizard.getByTestId("in-playlist-error").waitFor({ timeout: 30_000 });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, "rule-picker-error-390");
    await control("/faults", { method: "PUT", body: JSON.stringify({}) });
    server.deps.rateLimits.clear();
    await wizard.getByRole("button", { name: "Try again" }).click();
    await wizard.getByTestId("in-playlist-empty").waitFor();
    await page.context().close();
  }, 120_000);

  for (const [label, viewport, offset] of [
    ["1440", viewports.desktop, 0],
    ["390", viewports.phone, 2],
  ] as const) {
    test(`at ${label} wide: picked by name, counted, saved, on Spotify, reopened by name`, async () => {
      // the listener's own playlist on Spotify: some of their liked songs, in an order of their own
      const own = `Road Trip ${label}`;
      const picked = likes.filter((_, i) => i % 4 === offset);
      const made = (await control(`/listeners/${LISTENER}/playlists`, {
        method: "POST",
        body: JSON.stringify({ name: own }),
      })) as { id: string };
      const items = picked.map((s) => s.trackId).reverse();
      await control(`/playlists/${made.id}/items`, {
        method: "POST",
        body: JSON.stringify({ trackIds: items }),
      });
      const artistId = picked[0]?.artistIds[0] ?? "";
      const artistName = one<{ name: string }>("SELECT name FROM artists WHERE id = ?", artistId)?.name ?? "";
      expect(artistName).not.toBe("");
      const byArtist = picked.filter((s) => s.artistIds.includes(artistId)).map((s) => s.trackId);
      expect(byArtist.length).toBeLessThan(picked.length);

      const page = await browser.newPage(viewport);
      const errors = collectPageErrors(page);
      await signIn(page);
      await page.goto(`${server.url}/playlists/combinations`);
      await page.getByTestId("combinations-start").click();
      const wizard = page.getByTestId("combination-wizard");
      const name = `From Road ${label}`;
      await wizard.getByTestId("playlist-name").fill(name);

      // the control asks Spotify for the list only when opened, then offers the playlist by its name
      const toggle = wizard.getByTestId("in-playlist-toggle").first();
      await toggle.focus();
      await page.keyboard.press("Enter");
      expect(await toggle.getAttribute("aria-expanded")).toBe("true");
      const select = wizard.getByLabel("Songs in this playlist of yours");
      await select.selectOption({ label: own });
      await expectCount(page, picked.length);
      expect(await wizard.getByTestId("rule-sentence").textContent()).toBe(`In your playlist '${own}'`);
      // collaborative playlists are listed once the listener lets Crate read them
      const allow = wizard.getByRole("link", { name: "allow Crate to read them" });
      expect(await allow.getAttribute("href")).toBe("/api/authorize/playlists");
      expect(await seriousAxeViolations(page)).toEqual([]);
      await noSidewaysScrolling(page);
      await shot(page, `rule-picker-${label}`);

      // narrowed to an artist of one of its songs, picked by name
      await wizard.getByTestId("more-parts").first().click();
      await wizard.getByTestId("artist-search").first().fill(artistName.slice(0, 4));
      await wizard
        .getByTestId("artist-results")
        .first()
        .getByRole("button", { name: artistName, exact: true })
        .click();
      await expectCount(page, byArtist.length);
      // a creation waits 30 seconds after another: the other width's was moments ago
      server.deps.rateLimits.clear();
      await wizard.getByTestId("create-combinations").click();
      await page.waitForURL(/\/playlists\/combinations\/success/);
      const until = Date.now() + 60_000;
      let tracks = await spotifyTracks(name);
      while (JSON.stringify(tracks) !== JSON.stringify(byArtist) && Date.now() < until) {
        await Bun.sleep(200);
        tracks = await spotifyTracks(name);
      }
      // exactly those songs, in like order
      expect(tracks).toEqual(byArtist);

      // reopened: the playlist and the artist by name, not by id
      await page.goto(`${server.url}/playlists/combinations`);
      const row = page.locator(`[data-testid="combination-row"][data-name="${name}"]`);
      // the table reads the rule by names too
      await row
        .locator(`[data-testid="combination-rule"]:text-is("By ${artistName}, in your playlist '${own}'")`)
        .waitFor({ timeout: 10_000 });
      await row.getByRole("button", { name: `Edit ${name}` }).click();
      const editor = page.getByTestId("rule-editor");
      await editor.waitFor();
      await editor.getByTestId("artist-tag").first().waitFor();
      await expect(editor.getByTestId("in-playlist-toggle").first().textContent()).resolves.toBe(
        `In one of my playlists: ${own}`,
      );
      await editor
        .locator(`[data-testid="artist-tag"]:text-is("${artistName}")`)
        .waitFor({ timeout: 10_000 });
      const sentence = (await editor.getByTestId("rule-sentence").textContent()) ?? "";
      expect(sentence).toContain(`your playlist '${own}'`);
      expect(sentence).toContain(artistName);
      expect(sentence).not.toContain(artistId);
      await expectCount(page, byArtist.length);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await noSidewaysScrolling(page);
      await shot(page, `rule-picker-reopened-${label}`);
      expect(errors).toEqual([]);
      await page.context().close();
    }, 120_000);
  }
});
