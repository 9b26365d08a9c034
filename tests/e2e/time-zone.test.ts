// In the browser: the sign-in sends the browser's time zone, Settings changes it, and /login explains an
// account a development-mode Spotify app has not registered.

import { expect, test } from "bun:test";
import { loginErrorMessages } from "../../src/shared/auth.ts";
import { createListener } from "../integration/account/signin.ts";
import { collectPageErrors } from "../support/browser.ts";
import { setUpBrowserSuite } from "../support/e2e.ts";

const suite = setUpBrowserSuite();

const zoneOf = (spotifyId: string) =>
  suite.server.deps.db.$client
    .query<{ time_zone: string | null }, [string]>("SELECT time_zone FROM users WHERE spotify_id = ?")
    .get(spotifyId)?.time_zone;

test("a browser in Auckland signs in with its zone, and Settings changes it", async () => {
  const listener = `e2e-kiwi-${Date.now()}`;
  await createListener(suite.server.url, listener, 3);
  const context = await suite.browser.browser.newContext({ timezoneId: "Pacific/Auckland" });
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  try {
    await page.goto(`${suite.server.url}/login`);
    const start = page.waitForRequest((request) => request.url().includes("/api/authorize"));
    await page.getByTestId("authorize-button").click();
    expect(new URL((await start).url()).searchParams.get("timeZone")).toBe("Pacific/Auckland");
    await page.getByLabel("Listener id").fill(listener);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    expect(zoneOf(listener)).toBe("Pacific/Auckland");

    await page.goto(`${suite.server.url}/settings`);
    const select = page.getByTestId("time-zone-select");
    // The picker shows the stored zone once the settings have loaded.
    await page.waitForFunction(
      () =>
        (document.querySelector("[data-testid=time-zone-select]") as HTMLSelectElement | null)?.value ===
        "Pacific/Auckland",
    );
    await select.selectOption("Europe/Berlin");
    await page.getByRole("status").filter({ hasText: "Saved." }).waitFor();
    expect(zoneOf(listener)).toBe("Europe/Berlin");
    // The browser's own zone is one click away.
    await page.getByTestId("time-zone-use-browser").click();
    await page.getByTestId("time-zone-use-browser").waitFor({ state: "detached" });
    expect(zoneOf(listener)).toBe("Pacific/Auckland");
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 60_000);

test("/login says what happened to an unregistered account and what the operator does", async () => {
  const page = await suite.browser.newPage();
  await page.goto(`${suite.server.url}/login?error=not_registered`);
  await page.getByText(loginErrorMessages.not_registered).waitFor();
  expect(await page.getByText("at most 5 users", { exact: false }).count()).toBe(1);
}, 30_000);
