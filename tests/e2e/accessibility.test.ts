import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { cataloguePages } from "../../src/client/pages/public/catalogueSlugs.ts";
import { demoCredentials } from "../../src/shared/demo-credentials.ts";
import { createListener } from "../integration/account/signin.ts";
import { seriousAxeViolations } from "../support/axe.ts";
import { appTakesOver, navigateInApp, networkQuiet, viewports } from "../support/browser.ts";
import { setUpBrowserSuite } from "../support/e2e.ts";

// axe-core on every route, signed out and signed in (as a listener and as the admin): no serious or critical
// violation anywhere. Content Security Policy violations fail the file too (tests/support/browser.ts).

// about 35 routes with axe each: a few minutes on a busy 2-core machine
const TIMEOUT = 600_000;
const suite = setUpBrowserSuite();

const signedOutRoutes = [
  "/",
  "/login",
  "/no-capacity",
  "/faq",
  "/plans",
  "/plans/login",
  "/feedback/policy",
  "/policies",
  "/policies/terms",
  "/policies/privacy-policy",
  "/policies/refund-policy",
  "/policies/cancellation-policy",
  "/policies/licenses",
  "/no/such/page",
  ...cataloguePages.map((page) => `/playlists/${page.slug}`),
];
const listenerRoutes = [
  "/",
  "/playlists",
  "/playlists/combinations",
  "/plans",
  "/settings",
  "/settings/my-data",
  "/feedback",
  "/faq",
];
const adminRoutes = ["/admin", "/admin/users"];

/** Waits until the route's page (not the frame's placeholder or the chunk spinner) is shown. */
async function pageShown(page: Page): Promise<void> {
  await page.locator('[data-testid="app-placeholder"], [aria-label="Loading page"]').first().waitFor({
    state: "detached",
  });
  await page.locator("#root h1, #root h2").first().waitFor();
}

/**
 * Shows a route: the first of a page's routes as a visitor arriving there gets it (a signed-out visitor's page as
 * the server rendered it), the others from inside the app, as its links open them: a new document for each would
 * load the app and axe again, most of the audit's time. Returns once the page's own queries have answered (a
 * page that polls is never quiet: then a bounded wait is enough).
 */
async function show(page: Page, path: string, first: boolean): Promise<void> {
  if (first) {
    await page.goto(`${suite.server.url}${path}`);
    await pageShown(page);
    await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => undefined);
    return;
  }
  await appTakesOver(page);
  const quiet = networkQuiet(page);
  await navigateInApp(page, path);
  await pageShown(page);
  await quiet;
}

/** Through /api/authorize and the emulator's consent page, choosing the listener there. */
async function signIn(page: Page, listener: string): Promise<void> {
  await page.goto(`${suite.server.url}/api/authorize`);
  await page.waitForURL(/\/emulator\/spotify\/accounts\/authorize\?/);
  await page.locator(`button[name="emulator_user"][value="${listener}"]`).click();
  await page.waitForURL(`${suite.server.url}/`);
}

async function audit(page: Page, routes: string[]): Promise<string[]> {
  // mid-fade text has a lower contrast than at rest: audit the pages as they rest, motion reduced
  await page.emulateMedia({ reducedMotion: "reduce" });
  const found: string[] = [];
  for (const [index, path] of routes.entries()) {
    await show(page, path, index === 0);
    let violations = await seriousAxeViolations(page);
    // a busy machine can catch a page between a query's answer and its paint: a violation must still be
    // there a moment later to count
    if (violations.length > 0) {
      await page.waitForTimeout(1_500);
      violations = await seriousAxeViolations(page);
    }
    found.push(...violations);
  }
  return found;
}

/**
 * Audits on several pages at once, each its own list of routes: most of a route's time is spent waiting for
 * its network to go quiet, which the other pages use.
 */
async function auditAtOnce(audits: [Page, string[]][]): Promise<string[]> {
  return (await Promise.all(audits.map(([page, routes]) => audit(page, routes)))).flat();
}

/** The routes taken in turns by `n` pages. */
const shared = (routes: string[], n: number): string[][] =>
  Array.from({ length: n }, (_, k) => routes.filter((_, i) => i % n === k));

describe("accessibility (axe-core)", () => {
  test(
    "every route signed out (and the landing page and plans on a phone): no serious or critical violation",
    async () => {
      const audits: [Page, string[]][] = [];
      for (const routes of shared(signedOutRoutes, 2))
        audits.push([await suite.browser.newPage(viewports.desktop), routes]);
      audits.push([await suite.browser.newPage(viewports.phone), ["/", "/plans"]]);
      expect(await auditAtOnce(audits)).toEqual([]);
    },
    TIMEOUT,
  );

  test(
    "every route signed in, as a listener and as the admin: no serious or critical violation",
    async () => {
      await createListener(suite.server.url, "a11y-listener", 30);
      const listener = await suite.browser.newPage();
      await signIn(listener, "a11y-listener");
      const admin = await suite.browser.newPage();
      await signIn(admin, demoCredentials.adminSpotifyId);
      const audits: [Page, string[]][] = [
        [listener, listenerRoutes],
        [admin, adminRoutes],
      ];
      expect(await auditAtOnce(audits)).toEqual([]);
    },
    TIMEOUT,
  );
});
