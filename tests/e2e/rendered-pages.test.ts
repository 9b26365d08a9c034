import { describe, expect, test } from "bun:test";
import { seriousAxeViolations } from "../support/axe.ts";
import { appTakesOver, collectPageProblems, scriptsLoaded, viewports } from "../support/browser.ts";
import { setUpBrowserSuite } from "../support/e2e.ts";
import { expectShiftsBelow, recordLayoutShifts } from "../support/layout-shifts.ts";

// A public page reaches a signed-out visitor rendered by the server; the app takes it over at the first
// interaction. Until then the page reads and looks the same; a tap made meanwhile is not lost.

const TIMEOUT = 60_000;
const suite = setUpBrowserSuite();

describe("a page rendered on the server", () => {
  test(
    "reads complete before any app script runs, and the app takes it over without a mismatch",
    async () => {
      const page = await suite.browser.newPage(viewports.phone);
      const errors = collectPageProblems(page);
      await page.goto(`${suite.server.url}/faq`);
      expect(await page.locator("main h1").textContent()).toBe("Frequently asked questions");
      expect(await page.getByRole("button", { expanded: false }).count()).toBeGreaterThan(10);
      await page.waitForTimeout(300);
      // the entry script only: the app's chunks wait for the visitor
      expect(await scriptsLoaded(page)).toBe(1);
      const before = await page.locator("main").innerHTML();

      await appTakesOver(page);
      expect(await scriptsLoaded(page)).toBeGreaterThan(1);
      expect(await page.locator("main").innerHTML()).toBe(before);
      expect(await page.title()).toBe("Crate | FAQ");
      expect(errors).toEqual([]);
    },
    TIMEOUT,
  );

  test(
    "a tap on a question before the app runs opens it once the app has taken over",
    async () => {
      const page = await suite.browser.newPage(viewports.phone);
      const errors = collectPageProblems(page);
      await page.goto(`${suite.server.url}/faq`);
      const question = page.locator("main button[aria-expanded]").first();
      expect(await question.getAttribute("aria-expanded")).toBe("false");
      expect(await page.evaluate(() => document.documentElement.dataset.app ?? null)).toBeNull();

      await question.tap().catch(() => question.click());
      await page.waitForFunction(() => document.documentElement.dataset.app === "ready");
      await page.waitForFunction(
        () => document.querySelector("main button[aria-expanded]")?.getAttribute("aria-expanded") === "true",
      );
      expect(errors).toEqual([]);
    },
    TIMEOUT,
  );

  test(
    "an answer opened before the app stays open as the app takes over on a slow phone: nothing moves, and it closes on the next tap",
    async () => {
      const page = await suite.browser.newPage(viewports.phone);
      const errors = collectPageProblems(page);
      // a slow phone: the app takes over well after the tap, so a shift then counts against the page
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
      await recordLayoutShifts(page);
      await page.goto(`${suite.server.url}/faq`);
      const question = page.locator("main button[aria-expanded]").first();
      await question.click();
      expect(await question.getAttribute("aria-expanded")).toBe("true");
      await page.waitForFunction(() => document.documentElement.dataset.app === "ready");
      await page.waitForTimeout(1_000);
      await expectShiftsBelow(page, 0.01, { unprompted: true });
      expect(await question.getAttribute("aria-expanded")).toBe("true");
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
      // the app holds it open: its next tap closes it
      await question.click();
      await page.waitForFunction(
        () => document.querySelector("main button[aria-expanded]")?.getAttribute("aria-expanded") === "false",
      );
      expect(errors).toEqual([]);
    },
    TIMEOUT,
  );

  test(
    "the first tap is answered and drawn before the app's chunks are asked for",
    async () => {
      const context = await suite.browser.browser.newContext({
        viewport: viewports.phone,
        hasTouch: true,
        isMobile: true,
      });
      const page = await context.newPage();
      const errors = collectPageProblems(page);
      await page.goto(`${suite.server.url}/faq`);
      // when the tap's click arrived, and when the frame after it began
      await page.evaluate(() => {
        const times = {} as { clicked?: number; drawn?: number };
        Object.assign(window, { tapTimes: times });
        window.addEventListener(
          "click",
          () => {
            times.clicked ??= performance.now();
            requestAnimationFrame(() => {
              times.drawn ??= performance.now();
            });
          },
          { capture: true },
        );
      });
      const question = page.locator("main button[aria-expanded]").first();
      await question.tap();
      expect(await question.getAttribute("aria-expanded")).toBe("true");
      await page.waitForFunction(() => document.documentElement.dataset.app === "ready");
      const { clicked, drawn, asked } = await page.evaluate(() => {
        const times = (window as unknown as { tapTimes: { clicked?: number; drawn?: number } }).tapTimes;
        // every script after the entry script is the app's
        const [, ...chunks] = performance
          .getEntriesByType("resource")
          .filter((entry) => entry.name.endsWith(".js"))
          .sort((a, b) => a.startTime - b.startTime);
        return { ...times, asked: chunks[0]?.startTime };
      });
      expect(clicked).toBeDefined();
      expect(drawn).toBeDefined();
      expect(asked).toBeDefined();
      expect(asked ?? 0).toBeGreaterThan(drawn ?? Number.POSITIVE_INFINITY);
      expect(await question.getAttribute("aria-expanded")).toBe("true");
      expect(errors).toEqual([]);
      await context.close();
    },
    TIMEOUT,
  );

  test(
    "the phone menu's button, tapped before the app runs, opens the menu",
    async () => {
      const page = await suite.browser.newPage(viewports.phone);
      const errors = collectPageProblems(page);
      await page.goto(`${suite.server.url}/playlists/mood`);
      await page.getByTestId("menu-button").click();
      await page.getByTestId("mobile-menu").waitFor();
      expect(errors).toEqual([]);
    },
    TIMEOUT,
  );

  test(
    "Sign in with Spotify, tapped before the app runs, goes to the sign-in with the referrer and the time zone",
    async () => {
      const page = await suite.browser.newPage(viewports.phone);
      const errors = collectPageProblems(page);
      await page.goto(`${suite.server.url}/`, { referer: "https://news.example.net/story" });
      const authorize = page.waitForRequest((request) => request.url().includes("/api/authorize"));
      await page.route("**/api/authorize**", (route) => route.fulfill({ status: 204, body: "" }));
      await page.getByTestId("hero-sign-in").click();
      const url = new URL((await authorize).url());
      expect(url.pathname).toBe("/api/authorize");
      expect(url.searchParams.get("referrer")).toBe("https://news.example.net/story");
      expect(url.searchParams.get("timeZone")).toBeTruthy();
      expect(errors).toEqual([]);
    },
    TIMEOUT,
  );

  test(
    "the menu opened before the app holds the header's links, closes with Escape, and passes axe",
    async () => {
      const context = await suite.browser.browser.newContext({ viewport: viewports.phone, hasTouch: true });
      const page = await context.newPage();
      const errors = collectPageProblems(page);
      await page.goto(`${suite.server.url}/faq`);
      await page.getByTestId("menu-button").tap();
      const menu = page.getByTestId("mobile-menu");
      await menu.waitFor();
      expect(
        await menu.locator("a").evaluateAll((links) => links.map((a) => a.getAttribute("href"))),
      ).toEqual(["/playlists", "/plans", "/feedback", "/faq", "/login"]);
      expect(await menu.locator('a[aria-current="page"]').textContent()).toBe("FAQ");
      expect(await page.getByTestId("menu-button").getAttribute("aria-expanded")).toBe("true");
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.keyboard.press("Escape");
      await menu.waitFor({ state: "detached" });
      expect(await page.getByTestId("menu-button").getAttribute("aria-expanded")).toBe("false");
      // a link in it is followed by the browser
      await page.getByTestId("menu-button").tap();
      await menu.getByRole("link", { name: "Plans" }).tap();
      await page.waitForURL(`${suite.server.url}/plans`);
      expect(errors).toEqual([]);
      await context.close();
    },
    TIMEOUT,
  );
});
