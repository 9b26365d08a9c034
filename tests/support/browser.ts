import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";

/** Debian's Chromium, never a downloaded build. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** The features Playwright itself disables (its own --disable-features, which a later one replaces). */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  "msForceBrowserSignIn",
  "msEdgeUpdateLaunchServicesPreferredVersion",
];

/**
 * Chromium's own omnibox popups, which headless Chromium starts as two WebUI pages (renderer processes) with every
 * new context: about a third of a context's CPU on a 2-core machine, for a browser window no test has.
 */
const UNUSED_BROWSER_UI = ["WebUIOmniboxPopup", "WebUIOmniboxFullPopup", "WebUIOmniboxAimPopup"];

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  // the last --disable-features is the one Chromium reads: Playwright's list goes on in it
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNUSED_BROWSER_UI].join(",")}`,
];

export const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
} as const;

type Motion = "reduce" | "no-preference";

export interface TestBrowser {
  browser: Browser;
  /**
   * A page in a fresh context (own cookies and storage) with this viewport. It asks for reduced motion unless
   * `motion` says otherwise: headless Chromium composites every frame of an animation in software, and a landing
   * page left open took 40% of a core while its demo played, so the suites' open pages slowed every other file.
   * Animations still start and end under reduced motion (they last 0.01 ms), so what waits for them is still run;
   * the journeys that play them in full pass `"no-preference"`.
   */
  newPage(viewport?: { width: number; height: number }, motion?: Motion): Promise<Page>;
  /** closes the contexts open in this process's Chromium but those in `keep` (a test's pages, when it ends) */
  closeContexts(keep?: ReadonlySet<BrowserContext>): Promise<void>;
  /** closes the file's contexts (Chromium stays for the next file); fails on a CSP violation seen */
  close(): Promise<void>;
}

const SHARED = Symbol.for("crate.tests.chromium");
const holder = globalThis as { [SHARED]?: Promise<Browser> };

/**
 * One Chromium for every test file this process runs (a launch costs about a second of CPU): each file gets its
 * own contexts in it, and a Chromium that went away is launched again for the next file.
 */
function sharedChromium(): Promise<Browser> {
  holder[SHARED] ??= chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS }).then(
    (browser) => {
      browser.on("disconnected", () => {
        holder[SHARED] = undefined;
      });
      return browser;
    },
    (error) => {
      holder[SHARED] = undefined;
      throw error;
    },
  );
  return holder[SHARED];
}

/**
 * Every page of every context reports Content-Security-Policy violations (Chromium logs each one to the
 * console); `close()` closes the file's contexts and fails with the list when there was any, so a CSP violation
 * fails the test file. It closes the contexts the file made itself through `browser` too.
 */
export async function launchBrowser(): Promise<TestBrowser> {
  const browser = await sharedChromium();
  const violations: string[] = [];
  const closeContexts = async (keep: ReadonlySet<BrowserContext> = new Set()) => {
    for (const context of browser.contexts())
      if (!keep.has(context)) await context.close().catch(() => undefined);
  };
  return {
    browser,
    async newPage(viewport = viewports.desktop, motion = "reduce") {
      const context = await browser.newContext({ viewport, deviceScaleFactor: 1, reducedMotion: motion });
      context.on("console", (message) => {
        if (isCspViolation(message.text())) violations.push(`${message.page()?.url()}: ${message.text()}`);
      });
      return context.newPage();
    },
    closeContexts,
    async close() {
      // files run one after another in a process: every context still open is this file's
      await closeContexts();
      if (violations.length > 0) {
        throw new Error(`Content-Security-Policy violations:\n${violations.join("\n")}`);
      }
    },
  };
}

/** Chromium's console message for a blocked load or inline script/style under the page's CSP. */
export function isCspViolation(text: string): boolean {
  return /violates the following Content Security Policy directive/.test(text);
}

/** Collects uncaught page errors so a test can assert that none happened. */
export function collectPageErrors(page: Page): Error[] {
  const errors: Error[] = [];
  page.on("pageerror", (error) => errors.push(error));
  return errors;
}

/** Page errors and console errors (React reports a failed hydration there), as the page runs. */
export function collectPageProblems(page: Page): string[] {
  const found: string[] = [];
  page.on("pageerror", (error) => found.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") found.push(message.text());
  });
  return found;
}

/** How many scripts the page has loaded so far. */
export const scriptsLoaded = (page: Page) =>
  page.evaluate(() => performance.getEntriesByType("resource").filter((r) => r.name.endsWith(".js")).length);

/** Signs in as `spotifyId` in a fresh page: Crate's authorize, then the emulator's consent page; errors collected. */
export async function signInThroughConsentPage(
  browser: TestBrowser,
  baseUrl: string,
  spotifyId: string,
): Promise<{ page: Page; errors: Error[] }> {
  const page = await browser.newPage();
  const errors = collectPageErrors(page);
  await page.goto(`${baseUrl}/api/authorize`);
  await page.waitForURL(/\/emulator\/spotify\/accounts\/authorize\?/);
  await page.locator(`button[name="emulator_user"][value="${spotifyId}"]`).click();
  await page.waitForURL(`${baseUrl}/`);
  await page.getByRole("button", { name: "Logout" }).first().waitFor();
  return { page, errors };
}

/**
 * Waits until the app runs the page. A public page a signed-out visitor opens arrives rendered, and the app takes
 * it over at the visitor's first interaction: this moves the pointer, as a visitor would, and waits for that.
 */
export async function appTakesOver(page: Page): Promise<void> {
  await page.mouse.move(2, 2);
  await page.waitForFunction(() => document.documentElement.dataset.app === "ready");
}

/**
 * Resolves once no request of the page has been under way for `quietMs` (as Playwright's "networkidle", which
 * only a new document waits for), or after `timeoutMs` (a page that polls may never be quiet that long).
 */
export async function networkQuiet(page: Page, quietMs = 500, timeoutMs = 5_000): Promise<void> {
  const open = new Set<unknown>();
  let lastChange = performance.now();
  const started = (request: unknown) => {
    open.add(request);
    lastChange = performance.now();
  };
  const ended = (request: unknown) => {
    open.delete(request);
    lastChange = performance.now();
  };
  page.on("request", started);
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  try {
    const deadline = performance.now() + timeoutMs;
    while (performance.now() < deadline) {
      if (open.size === 0 && performance.now() - lastChange >= quietMs) return;
      await Bun.sleep(50);
    }
  } finally {
    page.off("request", started);
    page.off("requestfinished", ended);
    page.off("requestfailed", ended);
  }
}

/**
 * Opens `path` inside the running app, as its own links do (history and a popstate for the router): no new
 * document, so the app's script, and whatever a test put in the page, stay loaded. Waits for the next frames.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, "", to);
    dispatchEvent(new PopStateEvent("popstate", { state: null }));
  }, path);
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(null)))),
  );
}
