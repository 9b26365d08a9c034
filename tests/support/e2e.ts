import { afterAll, afterEach, beforeAll, beforeEach } from "bun:test";
import type { BrowserContext, Locator, Page } from "playwright-core";
import type { Clock } from "../../src/server/platform/clock.ts";
import { launchBrowser, type TestBrowser } from "./browser.ts";
import { startTestServer, type TestServer } from "./server.ts";

export interface BrowserSuite {
  readonly server: TestServer;
  readonly browser: TestBrowser;
}

/**
 * Starts the test server and Chromium once for the calling test file and closes both after it. The returned
 * getters are only valid inside tests (after `beforeAll` has run).
 */
export function setUpBrowserSuite(
  options: { env?: Record<string, string>; clock?: Clock } = {},
): BrowserSuite {
  let server: TestServer | undefined;
  let browser: TestBrowser | undefined;

  beforeAll(async () => {
    server = await startTestServer(options.env, options.clock);
    browser = await launchBrowser();
    // the first request bundles the client; do it once here rather than inside a test's time
    await fetch(`${server.url}/`).then((response) => response.text());
  }, 60_000);

  // A test's pages are closed when it ends (a page left open goes on polling and rendering beside the next tests);
  // those a describe block's beforeAll opened for several tests stay until the file ends. Concurrent tests
  // (test.concurrent) share one count: their pages are closed when the last of them ends.
  let openBefore = new Set<BrowserContext>();
  let running = 0;
  beforeEach(() => {
    if (running++ === 0) openBefore = new Set(browser?.browser.contexts());
  });
  afterEach(async () => {
    if (--running === 0) await browser?.closeContexts(openBefore);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  return {
    get server() {
      if (!server) throw new Error("the test server is not started yet (use it inside a test)");
      return server;
    },
    get browser() {
      if (!browser) throw new Error("the browser is not launched yet (use it inside a test)");
      return browser;
    },
  };
}

/** Creates a listener of the Spotify emulator with `likes` liked songs, for a test that signs in as them. */
export async function createEmulatedListener(serverUrl: string, id: string, likes: number): Promise<void> {
  const response = await fetch(`${serverUrl}/emulator/spotify/control/listeners`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ id, likes }),
  });
  if (!response.ok) throw new Error(`creating the emulator's listener ${id}: ${response.status}`);
}

/**
 * Starts a distribution of `playlists` from the signed-in page, as its button does, opens its success page and
 * waits for the progress to say it is paused: that block.
 */
export async function distributeUntilPaused(
  page: Page,
  serverUrl: string,
  playlists: string[],
): Promise<Locator> {
  const id = await page.evaluate(async (playlistPreferences) => {
    const res = await fetch("/api/distributor/distribute-historically", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ playlistPreferences }),
    });
    return ((await res.json()) as { distributionProgressId: string }).distributionProgressId;
  }, playlists);
  await page.goto(`${serverUrl}/playlists/distribution-success?distributionProgressId=${id}`);
  const paused = page.getByTestId("progress-paused");
  await paused.waitFor({ timeout: 30_000 });
  return paused;
}
