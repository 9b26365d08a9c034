import type { Browser, BrowserContext, CDPSession, Locator, Page } from "playwright-core";

// The throttled phone of the performance targets: 390×844 with touch, a CPU a quarter as fast as the reference
// host, a 150 ms round trip and 1.6 Mbps down (Lighthouse's mobile figures), applied through the DevTools protocol
// to a fresh context (so the cache starts empty).
//
// Chromium's CPU throttling slows the page relative to the machine it runs on, and a shared CI machine is slower
// while other work runs beside the test. So the slowdown is calibrated, as DevTools' CPU calibration and
// Lighthouse's benchmarkIndex advise: a fixed workload is timed in the page just before, and the rate is what
// makes this machine, at that moment, as fast as the phone. A busy host is slowed less (it is not judged twice); a
// host already slower than the phone runs unthrottled (and the targets then judge it as it is). A host is never
// slowed more than the ×4 the targets name: the workload is script alone, and a host faster at it can be slower at
// what a tap costs (style, layout, paint): one such measured ×5-5.8 and then drew the pages slower than the
// reference host at ×4 (ADR 0043).

export const THROTTLED_PHONE = {
  viewport: { width: 390, height: 844 },
  /**
   * the slowdown on the reference host (the CI machine at rest, where the workload below takes `referenceMs`), and
   * the most any host is slowed: the ×4 of the targets (Lighthouse's mobile preset)
   */
  cpuSlowdown: 4,
  /** the workload's median time on the reference host (the 2-core CI machine, nothing else running) */
  referenceMs: 14,
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSecond: (750 * 1024) / 8,
} as const;

type Cookies = Parameters<BrowserContext["addCookies"]>[0];

/** The median time of a fixed workload (strings and a sort, as Lighthouse's benchmark) in `page`, unthrottled. */
async function workloadMs(page: Page): Promise<number> {
  const times = await page.evaluate(() => {
    const once = () => {
      const began = performance.now();
      let text = "";
      const numbers: number[] = [];
      for (let i = 0; i < 60_000; i++) {
        text += String.fromCharCode(97 + (i % 26));
        if (text.length > 500) text = "";
        numbers.push((i * 7919) % 1009);
      }
      numbers.sort((a, b) => a - b);
      // the results are used, so the engine cannot leave the work out
      return performance.now() - began + (text.length + (numbers[0] ?? 0)) * 0;
    };
    once();
    once();
    return Array.from({ length: 7 }, once);
  });
  return median(times);
}

/** The slowdown that makes this host, now, as fast as the phone (at least 1: a slower host is left as it is). */
export function calibratedSlowdown(hostMs: number): number {
  const rate = (THROTTLED_PHONE.cpuSlowdown * THROTTLED_PHONE.referenceMs) / Math.max(hostMs, 0.001);
  return Math.min(THROTTLED_PHONE.cpuSlowdown, Math.max(1, Math.round(rate * 100) / 100));
}

/** each throttled page's DevTools session and the slowdowns it was given, the latest last */
const phones = new WeakMap<Page, { cdp: CDPSession; slowdowns: number[] }>();

/** The CPU slowdowns this page was given: when it was opened, then before each tap (`tapToChange`). */
export const slowdownOf = (page: Page): string => phones.get(page)?.slowdowns.join("/") ?? "none";

/** Slows `page`'s CPU to make this host, as busy as it is now, as fast as the phone. */
async function calibrate(page: Page): Promise<void> {
  const phone = phones.get(page);
  if (!phone) return;
  await phone.cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  const rate = calibratedSlowdown(await workloadMs(page));
  phone.slowdowns.push(rate);
  await phone.cdp.send("Emulation.setCPUThrottlingRate", { rate });
}

/** A page in a fresh context (with `cookies`, else none), emulating the throttled phone. */
export async function newThrottledPhone(browser: Browser, cookies: Cookies = []): Promise<Page> {
  const context = await browser.newContext({
    viewport: THROTTLED_PHONE.viewport,
    deviceScaleFactor: 1,
    hasTouch: true,
    isMobile: true,
  });
  await context.addCookies(cookies);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  phones.set(page, { cdp, slowdowns: [] });
  await calibrate(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: THROTTLED_PHONE.latencyMs,
    downloadThroughput: THROTTLED_PHONE.downloadBytesPerSecond,
    uploadThroughput: THROTTLED_PHONE.uploadBytesPerSecond,
  });
  return page;
}

/** The visible change a tap should make: the first element matching `selector` shown (with `attribute` set). */
export interface VisibleChange {
  selector: string;
  attribute?: { name: string; value: string };
}

/**
 * Taps `target` and returns the milliseconds from the touch (the event's own time stamp, so a busy main thread
 * counts) to the frame after `changed` first holds, measured in the page itself (wall time across the protocol
 * would add the test runner's own delays). The change is checked after every DOM mutation. A throttled phone is
 * calibrated again just before: a shared host busy for seconds since the page was opened is not judged twice.
 */
export async function tapToChange(page: Page, target: Locator, changed: VisibleChange): Promise<number> {
  await calibrate(page);
  await page.evaluate(({ selector, attribute }) => {
    const holds = () => {
      const element = document.querySelector(selector);
      if (!element?.checkVisibility()) return false;
      return !attribute || element.getAttribute(attribute.name) === attribute.value;
    };
    const w = window as unknown as { tapToChange?: Promise<number> };
    w.tapToChange = new Promise<number>((resolve) => {
      let start: number | undefined;
      const check = () => {
        if (start === undefined || !holds()) return;
        const began = start;
        start = undefined;
        observer.disconnect();
        // the frame that shows the change: after the next animation frame has been painted
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - began), 0));
      };
      const observer = new MutationObserver(check);
      observer.observe(document, { subtree: true, childList: true, attributes: true });
      for (const type of ["touchstart", "pointerdown"]) {
        window.addEventListener(
          type,
          (event) => {
            start ??= event.timeStamp;
            check();
          },
          { capture: true, once: true },
        );
      }
    });
  }, changed);
  await target.tap();
  return page.evaluate(() => (window as unknown as { tapToChange: Promise<number> }).tapToChange);
}

/** The median of a list of figures. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * Records, in every page `page` opens from now on, when an element matching `selector` is first shown, as
 * milliseconds since the navigation began; read it with `shownAt`.
 */
export async function recordFirstShown(page: Page, selector: string): Promise<void> {
  await page.addInitScript((wanted) => {
    const w = window as unknown as { firstShown?: Promise<number> };
    w.firstShown = new Promise<number>((resolve) => {
      const observer = new MutationObserver(() => {
        if (!document.querySelector(wanted)?.checkVisibility()) return;
        observer.disconnect();
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0));
      });
      observer.observe(document, { subtree: true, childList: true, attributes: true });
    });
  }, selector);
}

/** When the element of `recordFirstShown` was first shown (waits for it). */
export function shownAt(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { firstShown: Promise<number> }).firstShown);
}

/** Signs `listener` in through Crate's authorize and the emulator's consent page; the session's cookies. */
export async function signedInCookies(browser: Browser, baseUrl: string, listener: string): Promise<Cookies> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${baseUrl}/api/authorize`);
  await page.getByLabel("Listener id").fill(listener);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${baseUrl}/`);
  const cookies = await context.cookies();
  await context.close();
  return cookies;
}
