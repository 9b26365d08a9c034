// A visitor's page reports its own Core Web Vitals to Crate once it is hidden, and the admin sees the weekly
// figures. The report goes through the real CSRF guard (sendBeacon's JSON from the page's own origin).
import { describe, expect, test } from "bun:test";
import { webVitalWeeks } from "../../src/server/db/schema/index.ts";
import { demoCredentials } from "../../src/shared/demo-credentials.ts";
import { webVitalBucket } from "../../src/shared/web-vitals.ts";
import { signInThroughConsentPage, viewports } from "../support/browser.ts";
import { setUpBrowserSuite } from "../support/e2e.ts";

const TIMEOUT = 60_000;
const suite = setUpBrowserSuite();

const counted = () =>
  suite.server.deps.db
    .select()
    .from(webVitalWeeks)
    .all()
    .reduce((sum, row) => sum + row.reports, 0);

describe("web vitals", () => {
  test(
    "a page sends its vitals when it is left, and not before",
    async () => {
      const before = counted();
      const page = await suite.browser.newPage(viewports.phone);
      await page.goto(`${suite.server.url}/faq`);
      await page.locator("main button[aria-expanded]").first().click();
      await page.waitForTimeout(1_000);
      expect(counted()).toBe(before);
      // leaving the page hides it (a beacon is not among the page's own requests: the server's count tells)
      await page.goto(`${suite.server.url}/plans`);
      for (let i = 0; i < 50 && counted() === before; i++) await Bun.sleep(100);
      const rows = suite.server.deps.db.select().from(webVitalWeeks).all();
      const metrics = new Set(rows.filter((row) => row.route === "/faq").map((row) => row.metric));
      // the tap gave the first input delay and an interaction; every page has its largest paint
      expect([...metrics].sort()).toEqual(expect.arrayContaining(["fid", "inp", "lcp"]));
      // the answer opened before the app and handed over to it moved nothing below it
      const shift = rows.find((row) => row.route === "/faq" && row.metric === "cls");
      expect(shift === undefined || shift.bucket <= webVitalBucket("cls", 0.01)).toBe(true);
    },
    TIMEOUT,
  );

  test(
    "the admin dashboard charts the weekly 75th percentile",
    async () => {
      const { page, errors } = await signInThroughConsentPage(
        suite.browser,
        suite.server.url,
        demoCredentials.adminSpotifyId,
      );
      await page.goto(`${suite.server.url}/admin`);
      await page.getByTestId("chart-web-vitals-timing").waitFor();
      await page.getByTestId("chart-web-vitals-cls").waitFor();
      expect(errors).toEqual([]);
    },
    TIMEOUT,
  );
});
