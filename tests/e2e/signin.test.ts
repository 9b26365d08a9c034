// In the browser, demo mode: landing → sign in on the emulator's consent page → back in Crate signed in → logout.
import { describe, expect, test } from "bun:test";
import { loginErrorMessages } from "../../src/shared/auth.ts";
import { collectPageErrors } from "../support/browser.ts";
import { setUpBrowserSuite } from "../support/e2e.ts";

const TIMEOUT = 60_000;
const suite = setUpBrowserSuite();

describe("sign-in in the browser", () => {
  test(
    "from the landing page through the consent page and back, signed in; logout signs out",
    async () => {
      const page = await suite.browser.newPage();
      const errors = collectPageErrors(page);
      await page.goto(`${suite.server.url}/`);
      await page.getByTestId("hero-sign-in").click();

      await page.waitForURL(/\/emulator\/spotify\/accounts\/authorize\?/);
      const consent = new URL(page.url());
      expect(consent.searchParams.get("redirect_uri")).toBe(
        `${suite.server.deps.config.publicUrl}/api/authorize/callback`,
      );
      await page.locator('button[name="emulator_user"][value="crate-free"]').click();

      await page.waitForURL(`${suite.server.url}/`);
      const logoutButton = page.getByRole("button", { name: "Logout" }).first();
      await logoutButton.waitFor();
      const session = (await page.context().cookies()).find((c) => c.name === "crate_session");
      expect(session?.httpOnly).toBe(true);
      expect(session?.sameSite).toBe("Lax");
      const loggedIn = await page.evaluate(() => fetch("/api/authorize/logged-in").then((r) => r.json()));
      expect(loggedIn).toEqual({ loggedIn: true });

      await logoutButton.click();
      await page.getByTestId("hero-sign-in").waitFor();
      expect((await page.context().cookies()).some((c) => c.name === "crate_session")).toBe(false);
      const after = await page.evaluate(() => fetch("/api/authorize/logged-in").then((r) => r.json()));
      expect(after).toEqual({ loggedIn: false });
      expect(errors).toEqual([]);
    },
    TIMEOUT,
  );

  test(
    "declining on the consent page lands on /login with a clear message",
    async () => {
      const page = await suite.browser.newPage();
      await page.goto(`${suite.server.url}/login`);
      await page.getByTestId("authorize-button").click();
      await page.waitForURL(/\/emulator\/spotify\/accounts\/authorize\?/);
      await page.locator('button[name="emulator_deny"]').click();
      await page.waitForURL(`${suite.server.url}/login?error=access_denied`);
      await page.getByText(loginErrorMessages.access_denied).waitFor();
      expect(await page.getByTestId("authorize-button").isVisible()).toBe(true);
    },
    TIMEOUT,
  );
});
