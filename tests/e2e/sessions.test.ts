import { describe, expect, test } from "bun:test";
import { sessionTexts } from "../../src/shared/sessions.ts";
import { createListener, signInAs } from "../integration/account/signin.ts";
import { collectPageErrors } from "../support/browser.ts";
import { setUpBrowserSuite } from "../support/e2e.ts";

// Settings lists where the listener is signed in; one session can be ended, or all of them.

const suite = setUpBrowserSuite();

const signedIn = async (cookie: string) =>
  (await fetch(`${suite.server.url}/api/user/id`, { headers: { cookie } })).status === 200;

/** Waits until `read` answers `expected` (what the page shows after a click). */
async function until<T>(read: () => Promise<T>, expected: T, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value === expected) return;
    if (Date.now() > end) throw new Error(`still ${String(value)}, expected ${String(expected)}`);
    await Bun.sleep(50);
  }
}

async function pageWith(cookie: string) {
  const page = await suite.browser.newPage();
  await page
    .context()
    .addCookies([
      { name: "crate_session", value: cookie.split("=")[1] ?? "", url: suite.server.url, httpOnly: true },
    ]);
  return page;
}

describe("sessions in settings", () => {
  test("lists this browser and the others; Sign out ends one, Sign out everywhere ends all", async () => {
    const listener = `e2e-sessions-${Date.now()}`;
    await createListener(suite.server.url, listener, 3);
    const elsewhere = await signInAs(suite.server.url, listener);
    const other = await signInAs(suite.server.url, listener);
    const here = await signInAs(suite.server.url, listener);
    const page = await pageWith(here.cookie);
    const errors = collectPageErrors(page);

    await page.goto(`${suite.server.url}/settings`);
    const section = page.getByTestId("sessions-section");
    await section.getByText(sessionTexts.title).waitFor();
    const rows = section.getByTestId("session-row");
    await until(() => rows.count(), 3);
    expect(await section.locator('[data-testid="session-row"][data-current="true"]').count()).toBe(1);
    await section.getByText(sessionTexts.thisBrowser).waitFor();

    // End one of the other sessions.
    await section
      .locator('[data-testid="session-row"][data-current="false"]')
      .first()
      .getByTestId("session-sign-out")
      .click();
    await until(() => rows.count(), 2);
    const stillIn = [await signedIn(elsewhere.cookie), await signedIn(other.cookie)];
    expect(stillIn.filter(Boolean)).toHaveLength(1);
    expect(await signedIn(here.cookie)).toBe(true);

    await section.getByTestId("sign-out-everywhere").click();
    await page.waitForURL(`${suite.server.url}/`);
    expect(await signedIn(here.cookie)).toBe(false);
    expect(await signedIn(elsewhere.cookie)).toBe(false);
    expect(await signedIn(other.cookie)).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});
