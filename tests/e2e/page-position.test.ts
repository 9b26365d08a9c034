// Where a page opens, at 390 and 1440 wide: a new page starts at its top (after "Update playlists", the admin's user
// page), and what a tap makes appear shows where the listener looks ("Let's go!"'s wizard, the error of "Update
// playlists" with nothing chosen).
import { beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { setMembershipLevel } from "../../src/server/billing/membership.ts";
import { users } from "../../src/server/db/schema/index.ts";
import { messages } from "../../src/shared/errors.ts";
import { appTakesOver, collectPageProblems, viewports } from "../support/browser.ts";
import { listenerSettled, settledListener, setUpBrowserSuite } from "../support/e2e.ts";
import { signedInCookies } from "../support/phone.ts";

const TIMEOUT = 120_000;
const suite = setUpBrowserSuite();
type Cookies = Awaited<ReturnType<typeof signedInCookies>>;

const widths = [
  ["390", viewports.phone],
  ["1440", viewports.desktop],
] as const;

async function pageAs(cookies: Cookies, viewport: { width: number; height: number }, path: string) {
  const page = await suite.browser.newPage(viewport);
  const problems = collectPageProblems(page);
  await page.context().addCookies(cookies);
  await page.goto(`${suite.server.url}${path}`);
  await appTakesOver(page);
  return { page, problems };
}

/** The element's box against the window: where a listener sees it without scrolling. */
const inView = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const box = element.getBoundingClientRect();
      return { top: Math.round(box.top), bottom: Math.round(box.bottom), height: window.innerHeight };
    });

const toBottom = (page: Page) =>
  page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));

const userIdOf = (spotifyId: string) =>
  suite.server.deps.db.select({ id: users.id }).from(users).where(eq(users.spotifyId, spotifyId)).get()?.id ??
  "";

const listeners = new Map<string, Cookies>();
beforeAll(async () => {
  for (const [width] of widths) {
    listeners.set(
      `update-${width}`,
      await settledListener(suite, `position-update-${width}-${Date.now()}`, 40),
    );
    listeners.set(
      `empty-${width}`,
      await settledListener(suite, `position-empty-${width}-${Date.now()}`, 40),
    );
    const id = `position-wizard-${width}-${Date.now()}`;
    listeners.set(`wizard-${width}`, await settledListener(suite, id, 40));
    await setMembershipLevel(suite.server.deps, userIdOf(id), "PremiumYearly", "admin");
  }
  const admin = await signedInCookies(suite.browser.browser, suite.server.url, "crate-admin");
  await listenerSettled(suite.server, admin);
  listeners.set("admin", admin);
}, TIMEOUT);

describe.each(widths)("at %s px wide", (width, viewport) => {
  test(
    "after Update playlists pressed at the bottom of the page, the success page opens at its top",
    async () => {
      const { page, problems } = await pageAs(listeners.get(`update-${width}`) ?? [], viewport, "/playlists");
      await page.locator("[data-testid=group-Mood] [data-testid=playlist-option] label").first().click();
      await toBottom(page);
      await page.getByTestId("submit-selection").click();
      await page.waitForURL(/\/playlists\/distribution-success\?/);
      await page.locator("main h1").first().waitFor();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      const heading = await inView(page, "main h1");
      expect(heading.top).toBeGreaterThanOrEqual(0);
      expect(heading.bottom).toBeLessThanOrEqual(heading.height);
      expect(problems).toEqual([]);
    },
    TIMEOUT,
  );

  test(
    "Update playlists with nothing chosen shows its error on screen, under the button",
    async () => {
      const { page, problems } = await pageAs(listeners.get(`empty-${width}`) ?? [], viewport, "/playlists");
      await page.getByTestId("submit-selection").click();
      const error = page.getByTestId("selection-problem");
      await error.waitFor();
      expect(await error.textContent()).toBe(messages.mustChooseOne);
      // a smooth scroll may still be under way
      await page.waitForFunction(() => {
        const box = document.querySelector("[data-testid=selection-problem]")?.getBoundingClientRect();
        return box !== undefined && box.top >= 0 && box.bottom <= window.innerHeight;
      });
      const button = await inView(page, "[data-testid=submit-selection]");
      expect(button.top).toBeGreaterThanOrEqual(0);
      expect(problems).toEqual([]);
    },
    TIMEOUT,
  );

  test(
    "Let's go! opens the wizard with its top on screen",
    async () => {
      const { page, problems } = await pageAs(
        listeners.get(`wizard-${width}`) ?? [],
        viewport,
        "/playlists/combinations",
      );
      await page.getByTestId("combinations-start").click();
      await page.getByTestId("combination-wizard").waitFor();
      await page.waitForFunction(() => {
        const box = document.querySelector("[data-testid=combination-wizard]")?.getBoundingClientRect();
        return box !== undefined && box.top >= 0 && box.top < window.innerHeight / 2;
      });
      expect(problems).toEqual([]);
    },
    TIMEOUT,
  );

  test(
    "the admin's user page, opened from the bottom of the dashboard, starts at its top",
    async () => {
      const { page, problems } = await pageAs(listeners.get("admin") ?? [], viewport, "/admin");
      await page.getByTestId("find-member-id").fill("crate-admin");
      await toBottom(page);
      await page.getByTestId("find-member-submit").click();
      await page.waitForURL(/\/admin\/users\?spotifyId=crate-admin/);
      await page.getByTestId("user-summary").waitFor();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      expect(problems).toEqual([]);
    },
    TIMEOUT,
  );
});
