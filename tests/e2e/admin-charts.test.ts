// In the browser, demo mode: the demo admin sees the operator's charts on the dashboard (titled, summarised for
// screen readers, their figures as tables), by day and by hour, and on a 390 px phone without sideways scrolling.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { recordWebVitals } from "../../src/server/web-vitals/service.ts";
import { demoCredentials } from "../../src/shared/demo-credentials.ts";
import { makeUser } from "../integration/admin/support.ts";
import { seriousAxeViolations } from "../support/axe.ts";
import {
  collectPageProblems,
  launchBrowser,
  signInThroughConsentPage,
  type TestBrowser,
  viewports,
} from "../support/browser.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

let server: TestServer;
let browser: TestBrowser;
const TIMEOUT = 90_000;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  makeUser(server.deps);
  makeUser(server.deps);
  await fetch(`${server.url}/`).then((response) => response.text());
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

/** The demo admin signs in through Crate's authorize and the emulator's consent page. */
async function adminPage(): Promise<{ page: Page; errors: Error[] }> {
  return signInThroughConsentPage(browser, server.url, demoCredentials.adminSpotifyId);
}

describe("operator charts", () => {
  const charts = [
    "ops-signups",
    "ops-active",
    "ops-hourly-job",
    "ops-provider-calls",
    "ops-rate-limited",
    "ops-conversions",
  ];

  test(
    "an admin sees the six charts with titles and tables, by day and by hour, on a 390 px phone too",
    async () => {
      const { page, errors } = await adminPage();
      await page.goto(`${server.url}/admin`);
      for (const chart of charts) {
        const svg = page.getByTestId(chart).locator("svg").first();
        await svg.waitFor();
        expect((await svg.boundingBox())?.height).toBe(200);
        expect(await page.getByTestId(chart).getByRole("img").getAttribute("aria-label")).toContain(":");
      }
      // the sign-ups as a table: today's row counts the two accounts made here and the admin
      const signups = page.getByTestId("ops-signups");
      await signups.locator("summary").click();
      const today = new Date().toISOString().slice(0, 10);
      const row = signups.getByRole("row", { name: new RegExp(`^${today}`) });
      expect(Number((await row.getByRole("cell").nth(1).textContent()) ?? "")).toBe(3);
      // one column per provider (its table folded away: read as text)
      const providers = page.getByTestId("ops-provider-calls-table").locator("th");
      expect(await providers.allTextContents()).toEqual([
        "Day",
        "Spotify",
        "Paddle",
        "ReccoBeats",
        "MusicBrainz",
        "Deezer",
      ]);

      await page.getByTestId("charts-range-48h").click();
      await page
        .getByTestId("ops-provider-calls-table")
        .locator("th", { hasText: "Hour" })
        .waitFor({ state: "attached" });
      const labels = await page.getByTestId("ops-signups").locator("svg text").allTextContents();
      expect(labels.some((label) => /^\d{2}:\d{2}$/.test(label))).toBe(true);
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);

      // a phone: every chart fits the width, nothing scrolls sideways
      const phone = await browser.newPage(viewports.phone);
      await phone.context().addCookies(await page.context().cookies());
      await phone.goto(`${server.url}/admin`);
      for (const chart of charts) {
        const box = await phone.getByTestId(chart).locator("svg").first().boundingBox();
        expect(box?.width ?? 0).toBeGreaterThan(200);
        expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(viewports.phone.width);
      }
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewports.phone.width,
      );
    },
    TIMEOUT,
  );

  test(
    "at 390 and 1440 px the dashboard logs no error (a series with nothing measured draws no line), and no chart's date labels overlap",
    async () => {
      // the week's page speed has a Largest Contentful Paint, and no interaction or input delay measured yet
      recordWebVitals(server.deps, { path: "/", lcp: 1800 });
      const { page } = await adminPage();
      for (const viewport of [viewports.phone, viewports.desktop]) {
        const view = await browser.newPage(viewport);
        const problems = collectPageProblems(view);
        await view.context().addCookies(await page.context().cookies());
        await view.goto(`${server.url}/admin`);
        await view.getByTestId("chart-web-vitals-timing").locator("svg").first().waitFor();
        for (const chart of [...charts, "chart-users-per-day"])
          await view.getByTestId(chart).locator("svg").first().waitFor();
        const overlapping = await view.evaluate(() =>
          [...document.querySelectorAll("[data-testid^=chart-], [data-testid^=ops-]")].flatMap((chart) => {
            const labels = [...chart.querySelectorAll("svg text")]
              .filter((text) => /^(\d{4}-\d{2}-\d{2}|\d{2}:\d{2})$/.test(text.textContent ?? ""))
              .map((text) => text.getBoundingClientRect())
              .sort((a, b) => a.left - b.left);
            return labels.some((box, i) => i > 0 && box.left < (labels[i - 1]?.right ?? 0))
              ? [chart.getAttribute("data-testid")]
              : [];
          }),
        );
        expect(overlapping, `${viewport.width} px`).toEqual([]);
        expect(problems, `${viewport.width} px`).toEqual([]);
      }
    },
    TIMEOUT,
  );
});
