// The first tap on the public pages, on the throttled phone (390×844, touch, CPU ×4, 150 ms, 1.6 Mbps, empty cache):
// milliseconds from the touch to the frame that shows the menu, an FAQ answer or the demo's next song, measured in
// the page. Each page is opened fresh for every run; prints every run and the median.
//   bun scripts/phone-taps.ts <base-url> [runs]
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/support/browser.ts";
import { median, newThrottledPhone, tapToChange, type VisibleChange } from "../tests/support/phone.ts";

const base = process.argv[2];
const runs = Number(process.argv[3] ?? 5);
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

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  for (const { name, path, target, change } of cases) {
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
