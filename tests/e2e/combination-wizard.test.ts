// The combination wizard's dead ends, in a real browser against the real server: the used-name error goes once the
// name changes, and the created page keeps its names through a reload.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { setMembershipLevel } from "../../src/server/billing/membership.ts";
import { ErrorCode, textForErrorCode } from "../../src/shared/errors.ts";
import { collectPageErrors, launchBrowser, type TestBrowser, viewports } from "../support/browser.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

const LISTENER = "e2e-combination-wizard";

let server: TestServer;
let browser: TestBrowser;

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

function userId(): string {
  const row = server.deps.db.$client
    .query<{ id: string }, [string]>("SELECT id FROM users WHERE spotify_id = ?")
    .get(LISTENER);
  if (!row) throw new Error("not signed in");
  return row.id;
}

/** Opens the wizard and defines one playlist of one mood. */
async function draft(page: Page, name: string): Promise<void> {
  await page.goto(`${server.url}/playlists/combinations`);
  await page.getByTestId("combinations-start").click();
  const playlist = page.getByTestId("playlist-draft").first();
  await playlist.getByTestId("playlist-name").fill(name);
  await playlist.getByTestId("criterion").first().getByTestId("mood-select").selectOption("Chill");
}

beforeAll(async () => {
  server = await startTestServer();
  await control("/listeners", { method: "POST", body: JSON.stringify({ id: LISTENER, likes: 30 }) });
  browser = await launchBrowser();
  const page = await browser.newPage(viewports.phone);
  await signIn(page);
  await setMembershipLevel(server.deps, userId(), "PremiumYearly", "admin");
  await page.context().close();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

describe("the combination wizard", () => {
  test("the created page keeps its names after a reload, and in another tab", async () => {
    const page = await browser.newPage(viewports.phone);
    const errors = collectPageErrors(page);
    await signIn(page);
    await draft(page, "Quiet Hours");
    await page.getByTestId("create-combinations").click();
    await page.waitForURL(/\/playlists\/combinations\/success\?distributionProgressId=/, { timeout: 30_000 });
    const names = page.getByTestId("created-combinations").locator("li");
    await names.first().waitFor();
    expect(await names.allTextContents()).toEqual(["Quiet Hours"]);
    await page.reload();
    await page.getByTestId("created-text").waitFor();
    await page.locator('[data-testid="distribution-progress"]').waitFor();
    expect(await page.getByTestId("created-text").textContent()).toContain(
      "Your combination playlist has been created",
    );
    expect(await names.allTextContents()).toEqual(["Quiet Hours"]);
    // opened again in another tab, which keeps none of this tab's storage: the names are still there
    const other = await page.context().newPage();
    await other.goto(page.url());
    await other.getByTestId("created-combinations").locator("li").first().waitFor({ timeout: 10_000 });
    expect(await other.getByTestId("created-combinations").locator("li").allTextContents()).toEqual([
      "Quiet Hours",
    ]);
    expect(await other.getByTestId("created-text").textContent()).toContain(
      "Your combination playlist has been created",
    );
    expect(errors).toEqual([]);
  }, 90_000);

  test("the used-name error goes once the name is changed", async () => {
    const page = await browser.newPage(viewports.phone);
    await signIn(page);
    await draft(page, "Morning Set");
    // a second playlist of the same name: the server answers that the name is used
    await page.getByTestId("add-playlist").click();
    const second = page.getByTestId("playlist-draft").nth(1);
    await second.getByTestId("playlist-name").fill("morning set");
    await second.getByTestId("criterion").first().getByTestId("decade-select").selectOption("1990");
    await page.getByTestId("create-combinations").click();
    const error = page.getByTestId("error-text");
    await expect(error.textContent()).resolves.toBe(textForErrorCode(ErrorCode.DuplicateName));
    await second.getByTestId("playlist-name").fill("Evening Set");
    await error.waitFor({ state: "detached", timeout: 2_000 });
    // a change to the criteria leaves the answer about the drafts behind as well
    await second.getByTestId("playlist-name").fill("Morning Set");
    await page.getByTestId("create-combinations").click();
    await error.waitFor();
    await second.getByTestId("criterion").first().getByTestId("mood-select").selectOption("Chill");
    await error.waitFor({ state: "detached", timeout: 2_000 });
  }, 60_000);
});
