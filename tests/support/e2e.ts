import { afterAll, afterEach, beforeAll, beforeEach } from "bun:test";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { signInSyncSettled } from "../../src/server/library/service.ts";
import type { Clock } from "../../src/server/platform/clock.ts";
import { launchBrowser, type TestBrowser } from "./browser.ts";
import { signedInCookies } from "./phone.ts";
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

/** The cookie header of cookies a browser context holds. */
const cookieHeader = (cookies: readonly { name: string; value: string }[]) =>
  cookies.map(({ name, value }) => `${name}=${value}`).join("; ");

/**
 * Waits until the work the listener's sign-in and choices started in Crate has ended (the library read, a
 * distribution): a page opened afterwards shows their data as it stays, not data changing under a measurement.
 */
export async function listenerSettled(
  server: TestServer,
  cookies: readonly { name: string; value: string }[],
) {
  const me = await fetch(`${server.url}/api/user/id`, { headers: { cookie: cookieHeader(cookies) } });
  const { userId } = (await me.json()) as { userId: string };
  await signInSyncSettled(server.deps, userId);
  await server.deps.work.idle(userId);
}

/**
 * Saves `selection` as the signed-in listener's choices, through the same call as "Load choices", and waits for
 * the distribution it starts to end.
 */
export async function saveChoices(
  server: TestServer,
  cookies: readonly { name: string; value: string }[],
  selection: string[],
): Promise<void> {
  const headers = { cookie: cookieHeader(cookies), origin: server.url, "content-type": "application/json" };
  const current = await (await fetch(`${server.url}/api/user/choices`, { headers })).json();
  const saved = await fetch(`${server.url}/api/user/choices`, {
    method: "POST",
    headers,
    body: JSON.stringify({ ...current, selection }),
  });
  if (saved.status !== 200) throw new Error(`saving the choices: ${saved.status} ${await saved.text()}`);
  await listenerSettled(server, cookies);
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
 * A new listener of the Spotify emulator with `likes` liked songs, signed in through the consent page, once the read
 * of their sign-in has ended: their cookies.
 */
export async function settledListener(
  suite: BrowserSuite,
  id: string,
  likes: number,
): Promise<Awaited<ReturnType<typeof signedInCookies>>> {
  await createEmulatedListener(suite.server.url, id, likes);
  const cookies = await signedInCookies(suite.browser.browser, suite.server.url, id);
  await listenerSettled(suite.server, cookies);
  return cookies;
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
