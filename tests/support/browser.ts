import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";

/** Debian's Chromium, never a downloaded build. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
} as const;

export interface TestBrowser {
  browser: Browser;
  /** a page in a fresh context (own cookies and storage) with this viewport */
  newPage(viewport?: { width: number; height: number }): Promise<Page>;
  close(): Promise<void>;
}

/**
 * Every page of every context reports Content-Security-Policy violations (Chromium logs each one to the
 * console); `close()` fails with the list when there was any, so a CSP violation fails the test file.
 */
export async function launchBrowser(): Promise<TestBrowser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const contexts: BrowserContext[] = [];
  const violations: string[] = [];
  return {
    browser,
    async newPage(viewport = viewports.desktop) {
      const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
      contexts.push(context);
      context.on("console", (message) => {
        if (isCspViolation(message.text())) violations.push(`${message.page()?.url()}: ${message.text()}`);
      });
      return context.newPage();
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => undefined);
      await browser.close();
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
