import { describe, expect, test } from "bun:test";
import type { Page, Route } from "playwright-core";
import { seriousAxeViolations } from "../support/axe.ts";
import { collectPageProblems, scriptsLoaded, viewports } from "../support/browser.ts";
import { saveChoices, settledListener, setUpBrowserSuite } from "../support/e2e.ts";
import { expectShiftsBelow, recordLayoutShifts } from "../support/layout-shifts.ts";

// A signed-in listener's Playlists page arrives rendered with their data (ADR 0033). Before the app has taken it
// over a playlist ticks at once; the app then keeps every tick, with nothing moving, and "Update playlists" sends
// what the listener sees.

const TIMEOUT = 90_000;
const suite = setUpBrowserSuite();

async function openAs(listener: string): Promise<{ page: Page; errors: string[] }> {
  const cookies = await settledListener(suite, listener, 20);
  const context = await suite.browser.browser.newContext({
    viewport: viewports.phone,
    hasTouch: true,
    isMobile: true,
  });
  await context.addCookies(cookies);
  const page = await context.newPage();
  const errors = collectPageProblems(page);
  // every layout shift from the start, the app's taking over included
  await recordLayoutShifts(page);
  return { page, errors };
}

/** Saves `selection` as the page's listener's choices, once the distribution it starts has ended. */
const saveSelection = async (page: Page, selection: string[]) =>
  saveChoices(suite.server, await page.context().cookies(), selection);

const row = (page: Page, name: string) => page.locator(`[data-testid=playlist-option][data-name="${name}"]`);
/** Waits until the app's own selection (which it renders on the groups) holds `count` playlists. */
const appSelected = (page: Page, count: number) =>
  page.waitForFunction(
    (wanted) =>
      document.querySelector("[data-testid=group-modules]")?.getAttribute("data-selected") === wanted,
    String(count),
  );
/** The Mood rows shown ticked, whoever ticked them. */
const rowsTicked = (page: Page) =>
  page.evaluate(() =>
    [
      ...document.querySelectorAll(
        "[data-testid=group-Mood] [data-testid=playlist-option][data-checked=true]",
      ),
    ].map((option) => option.getAttribute("data-name")),
  );
const appRuns = (page: Page) => page.evaluate(() => document.documentElement.dataset.app ?? null);

describe("the signed-in Playlists page rendered on the server", () => {
  test(
    "arriving over a slow network, nothing moves while the page is drawn, on a phone or a wide screen",
    async () => {
      const cookies = await settledListener(suite, `rendered-slow-${Date.now()}`, 20);
      for (const viewport of [viewports.phone, viewports.desktop]) {
        const context = await suite.browser.browser.newContext({ viewport, deviceScaleFactor: 1 });
        await context.addCookies(cookies);
        const page = await context.newPage();
        await recordLayoutShifts(page);
        // slow enough that the browser draws the page before it has all of it (as a phone on a weak signal)
        const cdp = await context.newCDPSession(page);
        await cdp.send("Network.enable");
        await cdp.send("Network.emulateNetworkConditions", {
          offline: false,
          latency: 20,
          downloadThroughput: (200 * 1024) / 8,
          uploadThroughput: (200 * 1024) / 8,
        });
        await page.goto(`${suite.server.url}/playlists`, { waitUntil: "load" });
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        await expectShiftsBelow(page, 0.01);
        await context.close();
      }
    },
    TIMEOUT,
  );

  test(
    "ticks before the app runs show at once, the app keeps them without a shift, and they are what is sent",
    async () => {
      const { page, errors } = await openAs(`rendered-ticks-${Date.now()}`);
      await page.goto(`${suite.server.url}/playlists`, { waitUntil: "load" });
      await row(page, "Beats").waitFor();
      // the page's entry script and its early ticks only: the app's chunks wait for the listener
      expect(await scriptsLoaded(page)).toBe(2);
      expect(await appRuns(page)).toBeNull();
      // the app's chunks are held back until every tap below has been made, as on a slow network
      const held: Route[] = [];
      let released = false;
      await page.route(/\.js$/, (route) => (released ? route.continue() : void held.push(route)));

      await row(page, "Beats").locator("label").tap();
      // shown by the page before the app has run
      expect(await appRuns(page)).toBeNull();
      expect(await row(page, "Beats").getAttribute("data-checked")).toBe("true");
      expect(await row(page, "Beats").locator("[data-part=control]").getAttribute("data-state")).toBe(
        "checked",
      );
      await row(page, "Chill").locator("label").tap();
      await row(page, "Chill").locator("label").tap();
      await row(page, "Party").locator("label").tap();
      expect(await appRuns(page)).toBeNull();
      expect(await rowsTicked(page)).toEqual(["Beats", "Party"]);

      released = true;
      await Promise.all(held.map((route) => route.continue()));
      await page.waitForFunction(() => document.documentElement.dataset.app === "ready");
      await appSelected(page, 2);
      const ticked = await page.evaluate(() =>
        [...document.querySelectorAll("[data-testid=group-Mood] [data-testid=playlist-option]")].map(
          (option) => ({
            name: option.getAttribute("data-name"),
            checked: option.getAttribute("data-checked"),
            // the app's own mark, once, and none drawn by the page
            marks: option.querySelectorAll("polyline").length,
            drawn:
              (option.querySelector("[data-part=control] svg") as SVGElement | null)?.style.backgroundImage ??
              "",
          }),
        ),
      );
      expect(ticked.filter((option) => option.checked === "true").map((option) => option.name)).toEqual([
        "Beats",
        "Party",
      ]);
      for (const option of ticked) {
        expect(option.marks).toBe(option.checked === "true" ? 1 : 0);
        expect(option.drawn).toBe("");
      }
      await expectShiftsBelow(page, 0.01);

      // the app now answers the ticks itself (rows away from the bar it shows at the bottom)
      await row(page, "Party").evaluate((element) => element.scrollIntoView({ block: "center" }));
      await row(page, "Party").locator("label").tap();
      await appSelected(page, 1);
      expect(await row(page, "Party").locator("polyline").count()).toBe(0);
      await row(page, "Upbeat").evaluate((element) => element.scrollIntoView({ block: "center" }));
      await row(page, "Upbeat").locator("label").tap();
      await page.getByTestId("submit-selection").first().click();
      await page.waitForURL(/\/playlists\/distribution-success/);
      const saved = await page.evaluate(async () => {
        const response = await fetch("/api/trpc/distribution.listenerPreferences");
        const body = (await response.json()) as {
          result: { data: { usersSimplePlaylistPreferences: { name: string }[] } };
        };
        return body.result.data.usersSimplePlaylistPreferences.map((preference) => preference.name).sort();
      });
      expect(saved).toEqual(["Beats", "Upbeat"]);
      expect(errors).toEqual([]);
      await page.context().close();
    },
    TIMEOUT,
  );

  test(
    "a tick the page cannot judge (past the cap it knows) waits for the app and is not lost; axe passes before and after",
    async () => {
      const { page, errors } = await openAs(`rendered-axe-${Date.now()}`);
      await page.goto(`${suite.server.url}/playlists`);
      await row(page, "Beats").waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      // a full selection: the page leaves the tick to the app, which refuses it as it always has
      await page
        .getByTestId("group-modules")
        .evaluate((groups) => groups.setAttribute("data-selected", "15"));
      await row(page, "Moody").locator("label").tap();
      expect(await row(page, "Moody").getAttribute("data-checked")).toBe("false");
      await page.waitForFunction(() => document.documentElement.dataset.app === "ready");
      await page.waitForTimeout(500);
      // the app, with the listener's real selection (none), ticks the held tap
      expect(await row(page, "Moody").getAttribute("data-checked")).toBe("true");
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await page.context().close();
    },
    TIMEOUT,
  );

  test(
    "with saved choices (every group closed) a group opens and its rows tick before the app, and the app keeps both",
    async () => {
      const { page, errors } = await openAs(`rendered-choices-${Date.now()}`);
      await saveSelection(page, ["Chill"]);
      await page.goto(`${suite.server.url}/playlists`, { waitUntil: "load" });
      const genre = page.getByTestId("group-Genre");
      const trigger = genre.getByTestId("group-trigger");
      await trigger.waitFor();
      expect(await scriptsLoaded(page)).toBe(2);
      // the spec: Mood opens only without a preference, so every group is closed, its rows in the page but hidden
      const expanded = await page
        .getByTestId("group-trigger")
        .evaluateAll((triggers) => triggers.map((element) => element.getAttribute("aria-expanded")));
      expect(new Set(expanded)).toEqual(new Set(["false"]));
      expect(await row(page, "Rock").count()).toBe(1);
      expect(await row(page, "Rock").isVisible()).toBe(false);
      const held: Route[] = [];
      let released = false;
      await page.route(/\.js$/, (route) => (released ? route.continue() : void held.push(route)));

      await trigger.tap();
      expect(await appRuns(page)).toBeNull();
      expect(await trigger.getAttribute("aria-expanded")).toBe("true");
      expect(await genre.getAttribute("data-state")).toBe("open");
      // the rows past a phone's screen are drawn a frame later: every one of the group's rows is shown
      const rows = genre.getByTestId("playlist-option");
      expect(await rows.count()).toBeGreaterThan(12);
      await page.waitForFunction(
        () =>
          [...document.querySelectorAll("[data-testid=group-Genre] [data-testid=playlist-option]")].every(
            (option) => option.checkVisibility(),
          ),
        undefined,
        { timeout: 5_000 },
      );
      expect(await row(page, "Rock").isVisible()).toBe(true);
      await row(page, "Rock").locator("label").tap();
      expect(await appRuns(page)).toBeNull();
      expect(await row(page, "Rock").getAttribute("data-checked")).toBe("true");
      expect(await seriousAxeViolations(page)).toEqual([]);
      // Subgenre's long list is mounted by the app when it opens: it is not in the page yet
      expect(
        await page
          .getByTestId("group-Subgenre")
          .locator("[data-part=item-content], [data-testid=subgenre-list]")
          .count(),
      ).toBe(0);

      released = true;
      await Promise.all(held.map((route) => route.continue()));
      await page.waitForFunction(() => document.documentElement.dataset.app === "ready");
      // the saved Chill and the early Rock
      await appSelected(page, 2);
      expect(await trigger.getAttribute("aria-expanded")).toBe("true");
      expect(await genre.getAttribute("data-state")).toBe("open");
      expect(await row(page, "Rock").getAttribute("data-checked")).toBe("true");
      expect(await row(page, "Rock").locator("polyline").count()).toBe(1);
      // the hand-over moved nothing (the group's opening was the listener's own tap)
      await expectShiftsBelow(page, 0.01, { unprompted: true });

      // the app now answers the group and its rows itself
      await row(page, "Rock").evaluate((element) => element.scrollIntoView({ block: "center" }));
      await row(page, "Rock").locator("label").tap();
      await appSelected(page, 1);
      await trigger.evaluate((element) => element.scrollIntoView({ block: "center" }));
      await trigger.tap();
      await page.waitForFunction(
        () =>
          document
            .querySelector("[data-testid=group-Genre] [data-testid=group-trigger]")
            ?.getAttribute("aria-expanded") === "false",
      );
      expect(errors).toEqual([]);
      await page.context().close();
    },
    TIMEOUT,
  );

  test(
    "a group tapped open before the app runs opens once the app has taken over, not before its rows exist",
    async () => {
      const { page, errors } = await openAs(`rendered-group-${Date.now()}`);
      await page.goto(`${suite.server.url}/playlists`, { waitUntil: "load" });
      const held: Route[] = [];
      let released = false;
      await page.route(/\.js$/, (route) => (released ? route.continue() : void held.push(route)));
      const genre = page.getByTestId("group-Genre");
      await genre.getByTestId("group-trigger").tap();
      // its rows are mounted by the app when it opens: until then it does not claim to be open
      expect(await genre.getByTestId("group-trigger").getAttribute("aria-expanded")).toBe("false");
      released = true;
      await Promise.all(held.map((route) => route.continue()));
      await page.waitForFunction(() => document.documentElement.dataset.app === "ready");
      await genre.locator("[data-testid=playlist-option]").first().waitFor();
      expect(await genre.getAttribute("data-state")).toBe("open");
      expect(errors).toEqual([]);
      await page.context().close();
    },
    TIMEOUT,
  );
});
