// On a throttled phone (390×844, touch, the CPU ×4 slower than the reference host and calibrated to this one,
// 150 ms, 1.6 Mbps, empty cache): the landing demo plays from the first paint without the app, the first tap on a
// rendered page answers within 200 ms, and a signed-in listener's Playlists page can be ticked within 2 s of being
// opened, a tick showing within 200 ms. Times are measured in the page (tests/support/phone.ts); each figure is
// the median of seven fresh page loads, so three runs disturbed by the shared machine do not decide.
import { beforeAll, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { createEmulatedListener, listenerSettled, saveChoices, setUpBrowserSuite } from "../support/e2e.ts";
import {
  median,
  newThrottledPhone,
  recordFirstShown,
  shownAt,
  signedInCookies,
  slowdownOf,
  tapToChange,
  type VisibleChange,
} from "../support/phone.ts";

const TIMEOUT = 120_000;
const FIRST_TAP_MS = 200;
/** fresh pages a figure is the median of (as `scripts/phone-taps.ts` measures the figures in PERFORMANCE.md) */
const PAGES = 7;
const suite = setUpBrowserSuite();

/** The demo's song a visitor sees now (the one title not hidden). */
const shownSong = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll("[data-testid=demo] [data-testid=demo-song-title]")]
      .filter((title) => title.checkVisibility({ visibilityProperty: true, opacityProperty: true }))
      .map((title) => title.textContent),
  );

const appScripts = (page: Page) =>
  page.evaluate(() => performance.getEntriesByType("resource").filter((r) => r.name.endsWith(".js")).length);

/** The sum of the page's layout shifts since `since` (a time of the page's clock). */
const layoutShiftSince = (page: Page, since: number) =>
  page.evaluate(
    (from) =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const shifts = list.getEntries().filter((entry) => entry.startTime >= from);
          resolve(shifts.reduce((sum, entry) => sum + (entry as unknown as { value: number }).value, 0));
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve(0), 200);
      }),
    since,
  );

/** The CPU slowdowns of a figure's pages (each page's when opened, then before each tap), for its log line. */
const slowed = (rates: string[]) => `CPU slowed ×${rates.join(", ×")}`;

async function firstTaps(path: string, target: string, change: VisibleChange): Promise<number[]> {
  const times: number[] = [];
  const rates: string[] = [];
  for (let run = 0; run < PAGES; run++) {
    const page = await newThrottledPhone(suite.browser.browser);
    await page.goto(`${suite.server.url}${path}`, { waitUntil: "load" });
    times.push(await tapToChange(page, page.locator(target).first(), change));
    rates.push(slowdownOf(page));
    await page.context().close();
  }
  console.log(`${path}: ${slowed(rates)}`);
  return times;
}

type Cookies = Awaited<ReturnType<typeof signedInCookies>>;
/** the two signed-in listeners the Playlists figures are measured with: one new, one with saved choices */
let listeners: Promise<{ fresh: Cookies; withChoices: Cookies }>;
beforeAll(async () => {
  const signIn = async (id: string) => {
    await createEmulatedListener(suite.server.url, id, 60);
    return signedInCookies(suite.browser.browser, suite.server.url, id);
  };
  const [fresh, withChoices] = await Promise.all([
    signIn(`phone-speed-${Date.now()}`),
    signIn(`phone-choices-${Date.now()}`),
  ]);
  // Their first runs go on while the landing demo is watched (its tests mostly wait), not waited for here; the
  // timed figures below start only once both have settled, so no listener's work runs beside them.
  listeners = (async () => {
    await Promise.all([listenerSettled(suite.server, fresh), listenerSettled(suite.server, withChoices)]);
    // saved choices, through the same call as "Load choices"; the pages are measured once their run has ended
    await saveChoices(suite.server, withChoices, ["Chill", "1990s"]);
    return { fresh, withChoices };
  })();
  // a failure is reported by the tests that use them
  listeners.catch(() => undefined);
}, TIMEOUT);

describe("the landing demo", () => {
  // The two motion settings watch the demo at once: each test is mostly its 5.5 s of watching.
  for (const reducedMotion of ["no-preference", "reduce"] as const) {
    test.concurrent(
      `changes song within 3 s and again within 6 s with no interaction and no app (motion: ${reducedMotion})`,
      async () => {
        const page = await newThrottledPhone(suite.browser.browser);
        await page.emulateMedia({ reducedMotion });
        await page.goto(`${suite.server.url}/`, { waitUntil: "load" });
        // from when the font has been swapped in (a shift of its own, not the demo's)
        const since = await page.evaluate(() => document.fonts.ready.then(() => performance.now()));
        const first = await shownSong(page);
        expect(first).toHaveLength(1);
        await page.waitForTimeout(3_000);
        const second = await shownSong(page);
        await page.waitForTimeout(2_500);
        const third = await shownSong(page);
        expect(second).toHaveLength(1);
        expect(third).toHaveLength(1);
        expect(new Set([...first, ...second, ...third]).size).toBe(3);
        // nothing but the entry script ran, and the songs changed without moving anything
        expect(await appScripts(page)).toBe(1);
        expect(await layoutShiftSince(page, since)).toBe(0);
        await page.context().close();
      },
      TIMEOUT,
    );
  }
});

describe("the first tap on a rendered page, on a throttled phone", () => {
  beforeAll(async () => {
    await listeners.catch(() => undefined);
  }, TIMEOUT);

  test(
    "opens the phone menu within 200 ms",
    async () => {
      const times = await firstTaps("/", "[data-testid=menu-button]", {
        selector: "[data-testid=mobile-menu]",
      });
      console.log(`first tap, menu on /: ${times.map(Math.round).join(", ")} ms`);
      expect(median(times)).toBeLessThanOrEqual(FIRST_TAP_MS);
    },
    TIMEOUT,
  );

  test(
    "shows the sign-in of the upgrade control on /plans within 200 ms",
    async () => {
      const times = await firstTaps("/plans", "[data-testid=upgrade-button]", {
        selector: "[data-testid=plans-login-early], [data-testid=plans-authorize-button]",
      });
      console.log(`first tap, upgrade on /plans: ${times.map(Math.round).join(", ")} ms`);
      expect(median(times)).toBeLessThanOrEqual(FIRST_TAP_MS);
    },
    TIMEOUT,
  );

  test(
    "expands an FAQ answer within 200 ms",
    async () => {
      const times = await firstTaps("/faq", "main button[aria-expanded]", {
        selector: "main [data-part=item-content]",
      });
      console.log(`first tap, FAQ answer: ${times.map(Math.round).join(", ")} ms`);
      expect(median(times)).toBeLessThanOrEqual(FIRST_TAP_MS);
    },
    TIMEOUT,
  );
});

describe("the signed-in Playlists page on a throttled phone, with an empty cache", () => {
  // The targets: a playlist can be ticked within 2 s of the navigation, and a tick shows within 200 ms
  // (medians of seven fresh pages). The page arrives rendered with the listener's data and ticks before the app
  // has loaded (ADR 0033).
  const TICKABLE_MS = 2_000;
  const TICK_MS = 200;
  const OPTION = "[data-testid=group-Mood] [data-testid=playlist-option] label";

  test(
    "shows a playlist that can be ticked within 2 s, and the tick shows within 200 ms",
    async () => {
      const cookies = (await listeners).fresh;
      const tickable: number[] = [];
      const ticks: number[] = [];
      const rates: string[] = [];
      for (let run = 0; run < PAGES; run++) {
        const page = await newThrottledPhone(suite.browser.browser, cookies);
        await recordFirstShown(page, OPTION);
        await page.goto(`${suite.server.url}/playlists`);
        tickable.push(await shownAt(page));
        ticks.push(
          await tapToChange(page, page.locator(OPTION).first(), {
            selector: "[data-testid=group-Mood] [data-testid=playlist-option][data-checked=true]",
          }),
        );
        rates.push(slowdownOf(page));
        await page.context().close();
      }
      const list = (times: number[]) => times.map(Math.round).join(", ");
      console.log(
        `Playlists page (${slowed(rates)}): tickable after ${list(tickable)} ms, a tick shown in ${list(ticks)} ms`,
      );
      expect(median(tickable)).toBeLessThanOrEqual(TICKABLE_MS);
      expect(median(ticks)).toBeLessThanOrEqual(TICK_MS);
    },
    TIMEOUT,
  );

  test(
    "with saved choices (every group closed) a group opens and a playlist of it is ticked within 2 s, each tap within 200 ms",
    async () => {
      const GROUP = "[data-testid=group-Genre]";
      const TRIGGER = `${GROUP} [data-testid=group-trigger]`;
      const GROUP_OPTION = `${GROUP} [data-testid=playlist-option]`;
      const cookies = (await listeners).withChoices;
      const shown: number[] = [];
      const opens: number[] = [];
      const ticks: number[] = [];
      const ticked: number[] = [];
      const rates: string[] = [];
      for (let run = 0; run < PAGES; run++) {
        const page = await newThrottledPhone(suite.browser.browser, cookies);
        await recordFirstShown(page, TRIGGER);
        await page.goto(`${suite.server.url}/playlists`);
        shown.push(await shownAt(page));
        expect(await page.locator(TRIGGER).getAttribute("aria-expanded")).toBe("false");
        opens.push(await tapToChange(page, page.locator(TRIGGER), { selector: GROUP_OPTION }));
        ticks.push(
          await tapToChange(page, page.locator(`${GROUP_OPTION} label`).first(), {
            selector: `${GROUP_OPTION}[data-checked=true]`,
          }),
        );
        // from the navigation to a ticked playlist, without the test's own time between the taps
        ticked.push((shown[run] ?? 0) + (opens[run] ?? 0) + (ticks[run] ?? 0));
        rates.push(slowdownOf(page));
        await page.context().close();
      }
      const list = (times: number[]) => times.map(Math.round).join(", ");
      console.log(
        `Playlists page with saved choices (${slowed(rates)}): a group's header after ${list(shown)} ms, opened in ${list(opens)} ms, a tick in ${list(ticks)} ms; ticked after ${list(ticked)} ms`,
      );
      expect(median(ticked)).toBeLessThanOrEqual(TICKABLE_MS);
      expect(median(opens)).toBeLessThanOrEqual(TICK_MS);
      expect(median(ticks)).toBeLessThanOrEqual(TICK_MS);
    },
    TIMEOUT,
  );
});
