import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { viewports } from "../support/browser.ts";
import { createEmulatedListener, setUpBrowserSuite } from "../support/e2e.ts";

const TIMEOUT = 60_000;
const suite = setUpBrowserSuite();

const createListener = (id: string) => createEmulatedListener(suite.server.url, id, 5);

/** Signs in the way a visitor does: the landing page's button, then the emulator's consent page. */
async function signInThroughLanding(page: Page, listenerId: string) {
  await page.goto(`${suite.server.url}/`);
  await page.getByTestId("hero-sign-in").click();
  await page.getByLabel("Listener id").fill(listenerId);
  await Promise.all([
    page.waitForURL(`${suite.server.url}/`),
    page.getByRole("button", { name: "Sign in" }).click(),
  ]);
  await page.locator("header").getByRole("button", { name: "Logout" }).waitFor();
}

describe("header for a signed-in listener", () => {
  test(
    "shows Settings and Logout instead of 'Get started', no Admin link, and / is not the landing page",
    async () => {
      await createListener("shell-listener");
      const page = await suite.browser.newPage(viewports.desktop);
      await signInThroughLanding(page, "shell-listener");
      const header = page.locator("header");
      expect(await header.getByRole("link", { name: "Settings" }).getAttribute("href")).toBe("/settings");
      expect(await header.getByRole("link", { name: "Get started" }).count()).toBe(0);
      expect(await header.getByRole("link", { name: "Admin" }).count()).toBe(0);
      expect(await page.getByTestId("hero-sign-in").count()).toBe(0);

      await Promise.all([
        page.waitForURL(`${suite.server.url}/`),
        header.getByRole("button", { name: "Logout" }).click(),
      ]);
      await page.getByTestId("hero-sign-in").waitFor();
      expect(await header.getByRole("link", { name: "Get started" }).isVisible()).toBe(true);
    },
    TIMEOUT,
  );

  test(
    "an admin also sees the Admin link, in the mobile menu too",
    async () => {
      const page = await suite.browser.newPage(viewports.phone);
      await page.goto(`${suite.server.url}/`);
      await page.evaluate(() => window.location.assign("/api/authorize"));
      await Promise.all([
        page.waitForURL(`${suite.server.url}/`),
        page.locator('[data-listener="crate-admin"]').click(),
      ]);
      await page.getByTestId("menu-button").click();
      const menu = page.getByTestId("mobile-menu");
      expect(await menu.getByRole("link", { name: "Admin" }).getAttribute("href")).toBe("/admin");
      expect(await menu.getByRole("button", { name: "Logout" }).isVisible()).toBe(true);
      expect(await menu.getByRole("link", { name: "Get started" }).count()).toBe(0);
    },
    TIMEOUT,
  );
});
