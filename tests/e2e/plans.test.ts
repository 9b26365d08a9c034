import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import * as schema from "../../src/server/db/schema/index.ts";
import { messages } from "../../src/shared/errors.ts";
import { plansLoginTexts } from "../../src/shared/plans-login.ts";
import { PRERENDER_STATE_ID } from "../../src/shared/prerender.ts";
import { collectPageErrors } from "../support/browser.ts";
import { createEmulatedListener, setUpBrowserSuite } from "../support/e2e.ts";
import { startTestServer } from "../support/server.ts";

const TIMEOUT = 90_000;
const suite = setUpBrowserSuite();

const createListener = (id: string) => createEmulatedListener(suite.server.url, id, 5);

/** Sign-in in the browser: /api/authorize/plans, then the Spotify emulator approves at once for emulator_user. */
async function signInFromPlans(page: Page, listener: string) {
  await page.goto(`${suite.server.url}/api/authorize/plans`, { waitUntil: "commit" });
  const consent = new URL(page.url());
  expect(consent.pathname).toContain("/emulator/spotify/accounts/authorize");
  consent.searchParams.set("emulator_user", listener);
  await page.goto(consent.toString());
  await page.waitForURL(`${suite.server.url}/plans`);
}

const levelOf = (spotifyId: string) =>
  suite.server.deps.db
    .select({ level: schema.users.membershipLevel })
    .from(schema.users)
    .where(eq(schema.users.spotifyId, spotifyId))
    .get()?.level;

describe("plans in demo mode", () => {
  test(
    "a visitor sees both plans with the server's price; upgrading asks to sign in first",
    async () => {
      const page = await suite.browser.newPage();
      const errors = collectPageErrors(page);
      // rendered once on the server (the first rendering may outlast a request's wait on a busy machine)
      while (!(await (await fetch(`${suite.server.url}/plans`)).text()).includes(PRERENDER_STATE_ID))
        await Bun.sleep(500);
      await page.goto(`${suite.server.url}/plans`);
      await page.getByTestId("premium-price").waitFor();
      expect(await page.getByTestId("premium-price").textContent()).toContain("49.00");
      expect(await page.getByTestId("feature-table").isVisible()).toBe(true);
      expect(await page.getByTestId("subscription-panel").count()).toBe(0);
      // tapped before the app has loaded: its sign-in is shown at once in the page (a plain link)
      expect(await page.evaluate(() => document.documentElement.dataset.app ?? null)).toBeNull();
      await page.getByTestId("upgrade-button").click();
      const early = page.getByTestId("plans-login-early");
      expect(await early.getByRole("heading").textContent()).toBe(plansLoginTexts.title);
      const signIn = early.getByRole("link", { name: plansLoginTexts.signIn });
      expect(new URL((await signIn.getAttribute("href")) ?? "", suite.server.url).pathname).toBe(
        "/api/authorize/plans",
      );
      // once the app runs it opens /plans/login, whose own sign-in replaces the panel
      await page.waitForURL(`${suite.server.url}/plans/login`);
      await page.getByTestId("plans-authorize-button").waitFor();
      await early.waitFor({ state: "detached" });
      expect(errors).toEqual([]);
    },
    TIMEOUT,
  );

  test(
    "upgrade from /plans through the checkout to /plans/success, then cancel and re-activate",
    async () => {
      const listener = `e2e-plans-${Date.now()}`;
      await createListener(listener);
      const page = await suite.browser.newPage();
      const errors = collectPageErrors(page);
      await signInFromPlans(page, listener);

      await page.getByTestId("upgrade-button").click();
      await page.waitForURL((url) => url.pathname === "/emulator/paddle/checkout");
      expect(await page.getByTestId("checkout-price").textContent()).toContain("49.00 USD");
      await page.getByLabel("Email").fill("listener@example.com");
      await page.getByLabel("Card number").fill("4242 4242 4242 4242");
      await page.getByLabel("Expiry").fill("12/39");
      await page.getByLabel("CVC").fill("123");
      await page.getByRole("button", { name: /^Pay / }).click();

      await page.waitForURL(`${suite.server.url}/plans/success`);
      await page.getByTestId("upgrade-confirmed").waitFor({ timeout: 15_000 });
      expect(await page.getByTestId("upgrade-confirmed").textContent()).toContain("Welcome to Premium");
      expect(levelOf(listener)).toBe("PremiumYearly");

      expect(await page.getByTestId("go-to-playlists").getAttribute("href")).toBe("/playlists");
      // client-side navigation (wouter follows pushState): no second load of the bundle
      await page.evaluate(() => window.history.pushState(null, "", "/plans"));
      await page.getByTestId("subscription-panel").waitFor();
      expect(await page.getByTestId("subscription-status-text").textContent()).toBe(
        messages.subscriptionActive,
      );

      await page.getByTestId("cancel-subscription").click();
      const dialog = page.getByTestId("confirm-dialog");
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain(messages.cancelConfirm);
      await dialog.getByRole("button", { name: "Cancel subscription" }).click();
      await page.getByText(messages.subscriptionBeingCancelled).waitFor({ timeout: 15_000 });
      expect(levelOf(listener)).toBe("PremiumYearly");

      await page.getByTestId("reactivate-subscription").click();
      await page.getByText(messages.subscriptionActive).waitFor({ timeout: 15_000 });
      expect(errors).toEqual([]);
    },
    TIMEOUT,
  );
});

describe("plans with premium switched off (PREMIUM=off)", () => {
  test(
    "the plans page says premium is not offered here and offers no upgrade",
    async () => {
      const off = await startTestServer({ PREMIUM: "off" });
      try {
        const page = await suite.browser.newPage();
        const errors = collectPageErrors(page);
        await page.goto(`${off.url}/plans`);
        await page.getByTestId("premium-not-offered").waitFor();
        expect(await page.getByTestId("premium-not-offered").textContent()).toContain(
          messages.premiumNotOffered,
        );
        expect(await page.getByTestId("upgrade-button").count()).toBe(0);
        expect(errors).toEqual([]);
        await page.close();
      } finally {
        await off.dispose();
      }
    },
    TIMEOUT,
  );
});
