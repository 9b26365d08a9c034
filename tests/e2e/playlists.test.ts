// The Playlists page in a real browser against the real server and its Spotify emulator: sign in, analyse,
// choose playlists, distribute, watch the progress finish, see the created names, and find the playlists in
// the emulator. Set SCREENSHOT_DIR to keep screenshots at phone and desktop widths.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { compareNames } from "../../src/shared/catalogue/index.ts";
import { messages, textForErrorCode } from "../../src/shared/errors.ts";
import { rateRules } from "../../src/shared/rate-rules.ts";
import { createListener } from "../integration/account/signin.ts";
import { collectPageErrors, launchBrowser, type TestBrowser, viewports } from "../support/browser.ts";
import { recordedShifts, recordLayoutShifts } from "../support/layout-shifts.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

const LISTENER = "e2e-playlists";
const LIKES = 60;
const POSTFIX = " - Managed Playlist";
const screenshotDir = process.env.SCREENSHOT_DIR;

let server: TestServer;
let browser: TestBrowser;

beforeAll(async () => {
  server = await startTestServer();
  await createListener(server.url, LISTENER, LIKES);
  browser = await launchBrowser();
  if (screenshotDir) mkdirSync(screenshotDir, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

async function setFaults(faults: Record<string, unknown>): Promise<void> {
  const answer = await fetch(`${server.url}/emulator/spotify/control/faults`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(faults),
  });
  expect(answer.status).toBe(200);
}

async function spotifyPlaylists(): Promise<{ name: string; total: number }[]> {
  const answer = await fetch(`${server.url}/emulator/spotify/control/listeners/${LISTENER}/playlists`);
  return ((await answer.json()) as { playlists: { name: string; total: number }[] }).playlists;
}

async function shot(page: Page, name: string): Promise<void> {
  if (!screenshotDir) return;
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
}

/** Signs in through Crate's /api/authorize and the emulator's consent page, as a listener would. */
async function signIn(page: Page, listener: string): Promise<void> {
  await page.goto(`${server.url}/api/authorize`);
  await page.getByLabel("Listener id").fill(listener);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${server.url}/`);
}

/** Records, in the page, where each click landed and each focus, for pageStateAround. */
const recordClicksAndFocus = (page: Page) =>
  page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { clicksAndFocus: string[] }).clicksAndFocus = seen;
    const describe = (target: EventTarget | null) =>
      target instanceof Element ? target.outerHTML.slice(0, 160) : String(target);
    const at = () => Math.round(performance.now());
    // a click goes to the element both its halves met: each half is recorded too
    for (const type of ["pointerdown", "pointerup", "click"])
      document.addEventListener(
        type,
        (event) => {
          const { clientX, clientY, target } = event as MouseEvent;
          seen.push(`${at()} ${type} (${clientX}, ${clientY}) on ${describe(target)}`);
        },
        true,
      );
    document.addEventListener(
      "focusin",
      (event) => seen.push(`${at()} focus ${describe(event.target)}`),
      true,
    );
  });

/** The app's state, the option, any Premium dialog, and the page's clicks, focus and shifts, for a failure's message. */
const pageStateAround = async (page: Page, name: string) => ({
  ...(await page.evaluate((optionName) => {
    const cut = (element: Element | null | undefined) => element?.outerHTML.slice(0, 600) ?? null;
    const row = document.querySelector(`[data-testid="playlist-option"][data-name="${optionName}"]`);
    const label = row?.querySelector("label")?.getBoundingClientRect();
    return {
      app: document.documentElement.dataset.app ?? null,
      option: cut(row),
      label: label
        ? `(${Math.round(label.x)}, ${Math.round(label.y)}) ${Math.round(label.width)}×${Math.round(label.height)}`
        : null,
      dialogs: [...document.querySelectorAll("[data-testid=premium-dialog], [role=dialog]")].map(cut),
      focused: cut(document.activeElement),
      clicksAndFocus: (window as unknown as { clicksAndFocus?: string[] }).clicksAndFocus?.slice(-20),
    };
  }, name)),
  shifts: (await recordedShifts(page)).slice(-10),
});

const option = (page: Page, name: string) =>
  page.locator(`[data-testid="playlist-option"][data-name="${name}"]`);

/** A tap on the row's edge (its left padding), outside the checkbox's label, as a wide finger makes. */
async function tapRowEdge(page: Page, name: string): Promise<void> {
  const row = option(page, name);
  const box = await row.boundingBox();
  await row.click({ position: { x: 4, y: (box?.height ?? 40) / 2 } });
}

function userIdOf(listener: string): string {
  const row = server.deps.db.$client
    .query<{ id: string }, [string]>("SELECT id FROM users WHERE spotify_id = ?")
    .get(listener);
  if (!row) throw new Error(`no user ${listener}`);
  return row.id;
}

async function openGroup(page: Page, group: string): Promise<void> {
  const item = page.getByTestId(`group-${group}`);
  if ((await item.getAttribute("data-state")) !== "open") await item.getByTestId("group-trigger").click();
  // a group whose rows are not in the rendered page opens once the app has taken over and replayed the tap
  await page.waitForFunction(
    (testId) => document.querySelector(`[data-testid="${testId}"]`)?.getAttribute("data-state") === "open",
    `group-${group}`,
  );
}

/** Names and song counts of the playlists under a container, as the analysis shows them. */
function countsIn(page: Page, testId: string): Promise<{ name: string; songs: number }[]> {
  return page.getByTestId(testId).evaluate((container) =>
    [...container.querySelectorAll('[data-testid="playlist-option"]')].map((element) => ({
      name: element.getAttribute("data-name") ?? "",
      songs: Number.parseInt(element.querySelector('[data-testid="song-count"]')?.textContent ?? "", 10),
    })),
  );
}

describe("the Playlists page", () => {
  test("a logged-out visitor sees the sign-in prompt", async () => {
    const page = await browser.newPage(viewports.desktop);
    await page.goto(`${server.url}/playlists`);
    await page.getByTestId("login-prompt").waitFor();
    expect(await page.title()).toBe("Crate | Playlists");
  });

  test("choose playlists, distribute, watch the progress finish and find the playlists in Spotify", async () => {
    const page = await browser.newPage(viewports.desktop, "no-preference");
    const pageErrors = collectPageErrors(page);
    await recordClicksAndFocus(page);
    await recordLayoutShifts(page);
    await signIn(page, LISTENER);

    // No preference yet: the Predefined tab opens with Mood expanded and everything else collapsed.
    await page.getByTestId("group-modules").waitFor();
    expect(await page.getByTestId("group-Mood").getAttribute("data-state")).toBe("open");
    expect(await page.getByTestId("group-Genre").getAttribute("data-state")).toBe("closed");
    expect(await page.getByTestId("tab-predefined").getAttribute("aria-current")).toBe("page");
    await shot(page, "playlists-desktop-1440");

    // Nothing chosen: the first validation message.
    await page.getByTestId("submit-selection").click();
    await expect(page.getByTestId("selection-problem").textContent()).resolves.toBe(messages.mustChooseOne);

    // A premium-only playlist opens the upsell instead of being chosen.
    await openGroup(page, "LikedAt");
    await option(page, "Liked in Year").locator("label").click();
    await page
      .getByTestId("premium-dialog")
      .waitFor()
      .catch(async (error: Error) => {
        // seen once in several CI runs and never reproduced: what the page held when the dialog did not come
        throw new Error(
          `${error.message}\n${JSON.stringify(await pageStateAround(page, "Liked in Year"), null, 2)}`,
        );
      });
    expect(await page.getByTestId("premium-dialog-plans").getAttribute("href")).toBe("/plans");
    const notNow = async () => {
      await page.getByRole("button", { name: "Not now" }).click();
      await page.getByTestId("premium-dialog").waitFor({ state: "hidden" });
      expect(await option(page, "Liked in Year").getAttribute("data-checked")).toBe("false");
    };
    await notNow();
    // The next tap opens it again (the row's checkbox stayed as it was), and so does a tap on the row's edge.
    await option(page, "Liked in Year").locator("label").click();
    await page.getByTestId("premium-dialog").waitFor({ timeout: 5_000 });
    await notNow();
    await tapRowEdge(page, "Liked in Year");
    await page.getByTestId("premium-dialog").waitFor({ timeout: 5_000 });
    await notNow();

    // Analyse: counts arrive, then the toggle for empty subgenres appears.
    expect(await page.getByTestId("hide-empty-subgenres").count()).toBe(0);
    await page.getByTestId("analyse-button").click();
    await page
      .locator('[data-testid="analysis-status"][data-status="completed"]')
      .waitFor({ timeout: 60_000 });
    await page.getByTestId("hide-empty-subgenres").waitFor();

    await openGroup(page, "Decade");
    await openGroup(page, "Genre");
    const decades = (await countsIn(page, "group-Decade")).filter((entry) => entry.songs > 0);
    const genres = (await countsIn(page, "group-Genre")).filter((entry) => entry.songs > 0);
    expect(decades.length).toBeGreaterThan(0);
    expect(genres.length).toBeGreaterThan(0);
    const chosen = [...decades.slice(0, 2), ...genres.slice(0, 1)];
    for (const entry of chosen.slice(0, -1)) await option(page, entry.name).locator("label").click();
    // the last one with a tap on its row's edge, outside the checkbox's label
    await tapRowEdge(page, chosen.at(-1)?.name ?? "");
    for (const entry of chosen)
      expect(await option(page, entry.name).getAttribute("data-checked")).toBe("true");
    await expect(page.getByTestId("selection-count").textContent()).resolves.toContain(`${chosen.length}`);

    // The subgenre filter and the 'Hide subgenres without songs' toggle.
    await openGroup(page, "Subgenre");
    await page.getByTestId("hide-empty-subgenres").click();
    await page.locator('[data-testid="hide-empty-subgenres"][data-state="checked"]').waitFor();
    if ((await page.getByTestId("subgenre-list").count()) > 0) {
      const subgenres = await countsIn(page, "subgenre-list");
      for (const subgenre of subgenres) expect(subgenre.songs).toBeGreaterThan(0);
    } else {
      await page.getByTestId("subgenre-empty").waitFor();
    }
    await page.getByTestId("subgenre-filter").fill("zzzz-no-such-subgenre");
    await page.getByTestId("subgenre-empty").waitFor();
    await page.getByTestId("subgenre-filter").fill("");
    await shot(page, "playlists-analysed-desktop-1440");

    // Slow Spotify down (2 s a call) so the run lasts until the Playlists page has shown it, however busy the
    // machine; its calls go at full speed once the page has been seen.
    await setFaults({ latencyMs: 2_000 });
    await page.getByTestId("submit-selection").click();
    await page.waitForURL(/\/playlists\/distribution-success\?distributionProgressId=/, { timeout: 30_000 });
    const progressId = new URL(page.url()).searchParams.get("distributionProgressId") ?? "";
    await page.getByTestId("distribution-progress").waitFor();
    const stored = (key: string) => page.evaluate((name) => sessionStorage.getItem(name), key);
    expect(await stored("latestDistributionProgressId")).toBe(progressId);
    expect(JSON.parse((await stored(`${progressId}-created`)) ?? "[]")).toEqual(
      chosen.map((entry) => entry.name).sort(compareNames),
    );
    expect(await stored(`${progressId}-removed`)).toBe("[]");

    await page.getByTestId("back-to-playlists").locator("a").click();
    const running = page.getByTestId("running-distribution");
    await running.filter({ hasText: "Songs are being added" }).waitFor({ timeout: 30_000 });
    await shot(page, "playlists-running-desktop-1440");
    await expect(page.getByTestId("selection-count").textContent()).resolves.toMatch(
      new RegExp(`^${chosen.length}\\s*/`),
    );
    await setFaults({ latencyMs: 0 });
    await running.waitFor({ state: "detached", timeout: 90_000 });
    await page.goBack();
    await page
      .locator('[data-testid="distribution-progress"][data-phase="finished"]')
      .waitFor({ timeout: 30_000 });

    const expectedNames = chosen.map((entry) => entry.name).sort(compareNames);
    const shown = await page.getByTestId("created-playlists").locator("li").allTextContents();
    expect(shown).toEqual(expectedNames);
    expect(await page.getByTestId("progress-entry").first().textContent()).toMatch(
      /\d+ \/ \d+ songs processed/,
    );
    await expect(page.getByTestId("restart-hint").isVisible()).resolves.toBe(true);
    expect(await page.getByTestId("back-to-playlists").locator("a").getAttribute("href")).toBe("/playlists");
    expect(await page.getByTestId("upgrade-prompt").count()).toBe(0);
    await shot(page, "distribution-success-desktop-1440");

    // The playlists exist in Spotify with exactly the songs the analysis counted.
    const playlists = await spotifyPlaylists();
    for (const entry of chosen) {
      const playlist = playlists.find((candidate) => candidate.name === `${entry.name}${POSTFIX}`);
      expect(playlist?.total).toBe(entry.songs);
    }

    // Back on the page the saved selection is chosen and Mood is no longer opened for us.
    await page.setViewportSize(viewports.phone);
    await page.goto(`${server.url}/playlists`);
    await page.getByTestId("group-modules").waitFor();
    expect(await page.getByTestId("group-Mood").getAttribute("data-state")).toBe("closed");
    await openGroup(page, "Decade");
    const first = chosen[0];
    if (!first) throw new Error("nothing chosen");
    expect(await option(page, first.name).getAttribute("data-checked")).toBe("true");
    await page.getByTestId("submit-selection").click();
    await expect(page.getByTestId("selection-problem").textContent()).resolves.toBe(messages.noChanges);
    await shot(page, "playlists-phone-390");

    // A second distribution within 30 seconds: the server's refusal, in the catalogue's words. The 30 seconds
    // count from now (as if the first had just been sent), however long a busy machine took to get here.
    server.deps.rateLimits.clear();
    server.deps.rateLimits.take(rateRules.distribution, userIdOf(LISTENER));
    const other = decades[2] ?? genres[1];
    if (!other) throw new Error("no further playlist with songs");
    await openGroup(page, decades.includes(other) ? "Decade" : "Genre");
    await option(page, other.name).locator("label").click();
    await page.getByTestId("mobile-selection-bar").waitFor();
    await page.getByTestId("submit-selection").click();
    await expect(page.getByTestId("selection-panel").getByTestId("error-text").textContent()).resolves.toBe(
      textForErrorCode(10),
    );

    // Deleting a saved playlist asks first, unchooses it and removes it from the listener's Spotify library.
    await page.getByRole("button", { name: `Delete the playlist ${first.name}` }).click();
    const confirm = page.getByTestId("confirm-dialog");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await confirm.waitFor({ state: "hidden" });
    expect(await option(page, first.name).getAttribute("data-checked")).toBe("false");
    const deletedName = `${first.name}${POSTFIX}`;
    for (let poll = 0; poll < 80 && (await spotifyPlaylists()).some((p) => p.name === deletedName); poll++) {
      await Bun.sleep(250);
    }
    const left = (await spotifyPlaylists()).map((playlist) => playlist.name);
    expect(left).not.toContain(deletedName);
    expect(left).toContain(`${chosen[1]?.name}${POSTFIX}`);

    await page.goto(`${server.url}/playlists/distribution-success?distributionProgressId=${progressId}`);
    await page
      .locator('[data-testid="distribution-progress"][data-phase="finished"]')
      .waitFor({ timeout: 30_000 });
    await page.getByTestId("created-playlists").waitFor();
    expect(await page.getByTestId("upgrade-prompt").count()).toBe(0);
    await shot(page, "distribution-success-phone-390");

    // A free listener with more than 1000 liked songs is asked to upgrade so the whole library counts.
    await page.evaluate((id) => sessionStorage.setItem(`${id}-numberOfLikedSongs`, "1500"), progressId);
    await page.reload();
    await page.getByTestId("upgrade-prompt").waitFor();
    expect(await page.getByTestId("upgrade-prompt").locator("a").getAttribute("href")).toBe("/plans");

    // Tabs switch with a document load; the free listener gets the premium-only error for combinations.
    await page.goto(`${server.url}/playlists`);
    await page.getByTestId("group-modules").waitFor();
    await page.evaluate(() => Object.assign(window, { crateSameDocument: true }));
    await page.getByTestId("tab-combinations").click();
    await page.waitForURL(`${server.url}/playlists/combinations`);
    await page.getByTestId("combinations-tab").waitFor();
    expect(await page.evaluate(() => "crateSameDocument" in window)).toBe(false);
    await page.getByTestId("combinations-start").click();
    await expect(page.getByTestId("error-text").textContent()).resolves.toBe(textForErrorCode(30));
    await shot(page, "combinations-phone-390");
    await page.setViewportSize(viewports.desktop);
    await shot(page, "combinations-desktop-1440");

    expect(pageErrors).toEqual([]);
  }, 240_000);
});
