// The first tap on the public pages, on the throttled phone (390×844, touch, CPU ×4, 150 ms, 1.6 Mbps, empty cache):
// milliseconds from the touch to the frame that shows the menu, an FAQ answer or the demo's next song, measured in
// the page. Each page is opened fresh for every run; prints every run and the median.
// The signed-in Playlists page (a new emulated listener with 60 likes): when its first playlist is shown after
// the navigation began, and a tick's time to show. Needs the demo (the Spotify emulator).
//   bun scripts/phone-taps.ts <base-url> [runs] [taps|playlists]
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/support/browser.ts";
import {
  median,
  newThrottledPhone,
  recordFirstShown,
  shownAt,
  signedInCookies,
  tapToChange,
  type VisibleChange,
} from "../tests/support/phone.ts";

const base = process.argv[2];
const runs = Number(process.argv[3] ?? 5);
/** `taps` or `playlists` to measure only that part */
const only = process.argv[4];
if (!base) {
  console.error("usage: bun scripts/phone-taps.ts <base-url> [runs]");
  process.exit(2);
}

const menu: VisibleChange = { selector: "[data-testid=mobile-menu]" };
const answer: VisibleChange = { selector: "main [data-part=item-content]" };
const cases: { name: string; path: string; target: string; change: VisibleChange }[] = [
  { name: "menu on /", path: "/", target: "[data-testid=menu-button]", change: menu },
  {
    name: "menu on /playlists/mood",
    path: "/playlists/mood",
    target: "[data-testid=menu-button]",
    change: menu,
  },
  { name: "menu on /plans", path: "/plans", target: "[data-testid=menu-button]", change: menu },
  { name: "FAQ answer on /faq", path: "/faq", target: "main button[aria-expanded]", change: answer },
];

const PLAYLIST_OPTION = "[data-testid=group-Mood] [data-testid=playlist-option] label";
const CHECKED: VisibleChange = {
  selector: "[data-testid=group-Mood] [data-testid=playlist-option][data-checked=true]",
};

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  for (const { name, path, target, change } of only === "playlists" ? [] : cases) {
    const times: number[] = [];
    const lcps: number[] = [];
    for (let run = 0; run < runs; run++) {
      const page = await newThrottledPhone(browser);
      await page.goto(`${base}${path}`, { waitUntil: "load" });
      lcps.push(await largestContentfulPaint(page));
      times.push(await tapToChange(page, page.locator(target).first(), change));
      await page.context().close();
    }
    const shown = times.map((t) => Math.round(t)).join(", ");
    console.log(
      `${name.padEnd(26)} median ${Math.round(median(times))} ms (${shown}); LCP median ${Math.round(median(lcps))} ms`,
    );
  }
  // the signed-in Playlists page with an empty cache: when its first playlist is shown, and a tick
  if (only === "taps") process.exit(0);
  const listener = `phone-${Date.now()}`;
  await fetch(`${base}/emulator/spotify/control/listeners`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ id: listener, likes: 60 }),
  });
  const cookies = await signedInCookies(browser, base, listener);
  const usable: number[] = [];
  const ticks: number[] = [];
  for (let run = 0; run < runs; run++) {
    const page = await newThrottledPhone(browser, cookies);
    await recordFirstShown(page, PLAYLIST_OPTION);
    await page.goto(`${base}/playlists`);
    usable.push(await shownAt(page));
    ticks.push(await tapToChange(page, page.locator(PLAYLIST_OPTION).first(), CHECKED));
    await page.context().close();
  }
  const list = (times: number[]) => times.map((t) => Math.round(t)).join(", ");
  console.log(
    `Playlists page, first playlist shown: median ${Math.round(median(usable))} ms (${list(usable)})`,
  );
  console.log(`Playlists page, a tick: median ${Math.round(median(ticks))} ms (${list(ticks)})`);
} finally {
  await browser.close();
}

function largestContentfulPaint(page: import("playwright-core").Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1]?.startTime ?? 0);
        }).observe({ type: "largest-contentful-paint", buffered: true });
      }),
  );
}
