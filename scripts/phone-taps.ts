// The first tap on the public pages, on the throttled phone of tests/support/phone.ts (390×844, touch, CPU ×4 of the
// reference host, calibrated to this one; 150 ms, 1.6 Mbps, empty cache):
// milliseconds from the touch to the frame that shows the menu, an FAQ answer or the demo's next song, measured in
// the page. Each page is opened fresh for every run; prints every run and the median.
// The signed-in Playlists page (a new emulated listener with 60 likes): when its first playlist is shown after
// the navigation began, and a tick's time to show; then for such a listener with saved choices (every group
// closed): when a group's header is shown, the tap that opens it, the tap that ticks its first playlist, and the
// sum of the three (navigation to a ticked playlist, without the time between taps). Needs the demo (the Spotify
// emulator).
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
const runs = Number(process.argv[3] ?? 7);
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

const GROUP_TRIGGER = "[data-testid=group-Genre] [data-testid=group-trigger]";
const GROUP_OPTION = "[data-testid=group-Genre] [data-testid=playlist-option]";
const GROUP_CHECKED: VisibleChange = { selector: `${GROUP_OPTION}[data-checked=true]` };

/** Saves `selection` as the signed-in listener's choices (the same call as "Load choices"). */
async function saveSelection(cookies: readonly { name: string; value: string }[], selection: string[]) {
  if (!base) throw new Error("no base URL");
  const headers = {
    cookie: cookies.map(({ name, value }) => `${name}=${value}`).join("; "),
    origin: base,
    "content-type": "application/json",
  };
  const current = await (await fetch(`${base}/api/user/choices`, { headers })).json();
  const saved = await fetch(`${base}/api/user/choices`, {
    method: "POST",
    headers,
    body: JSON.stringify({ ...current, selection }),
  });
  if (!saved.ok) throw new Error(`saving the choices failed: ${saved.status} ${await saved.text()}`);
}

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
  const takeovers: number[] = [];
  for (let run = 0; run < runs; run++) {
    const page = await newThrottledPhone(browser, cookies);
    await recordFirstShown(page, PLAYLIST_OPTION);
    await page.goto(`${base}/playlists`);
    usable.push(await shownAt(page));
    ticks.push(await tapToChange(page, page.locator(PLAYLIST_OPTION).first(), CHECKED));
    takeovers.push(await appTakeover(page));
    await page.context().close();
  }
  const list = (times: number[]) => times.map((t) => Math.round(t)).join(", ");
  const report = (name: string, times: number[]) =>
    console.log(`${name}: median ${Math.round(median(times))} ms (${list(times)})`);
  report("Playlists page, first playlist shown", usable);
  report("Playlists page, a tick", ticks);
  report("Playlists page, the app running after the first tap", takeovers);

  // a listener with saved choices: every group closed, one opened and a playlist of it ticked
  const chooser = `phone-choices-${Date.now()}`;
  await fetch(`${base}/emulator/spotify/control/listeners`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ id: chooser, likes: 60 }),
  });
  const chooserCookies = await signedInCookies(browser, base, chooser);
  await saveSelection(chooserCookies, ["Chill", "1990s"]);
  const headerShown: number[] = [];
  const opens: number[] = [];
  const groupTicks: number[] = [];
  const groupTakeovers: number[] = [];
  for (let run = 0; run < runs; run++) {
    const page = await newThrottledPhone(browser, chooserCookies);
    await recordFirstShown(page, GROUP_TRIGGER);
    await page.goto(`${base}/playlists`);
    headerShown.push(await shownAt(page));
    opens.push(await tapToChange(page, page.locator(GROUP_TRIGGER), { selector: GROUP_OPTION }));
    groupTicks.push(await tapToChange(page, page.locator(`${GROUP_OPTION} label`).first(), GROUP_CHECKED));
    groupTakeovers.push(await appTakeover(page));
    await page.context().close();
  }
  report("With saved choices, a group's header shown", headerShown);
  report("With saved choices, the group opened", opens);
  report("With saved choices, a tick", groupTicks);
  report("With saved choices, the app running after the first tap", groupTakeovers);
  report(
    "With saved choices, to a ticked playlist",
    headerShown.map((shown, run) => shown + (opens[run] ?? 0) + (groupTicks[run] ?? 0)),
  );
} finally {
  await browser.close();
}

/** Milliseconds from the page's first tap until the app has taken it over (hydrated, early taps replayed). */
function appTakeover(page: import("playwright-core").Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const done = () => {
          if (document.documentElement.dataset.app !== "ready") return false;
          const firstTap = performance.getEntriesByType("first-input")[0]?.startTime ?? 0;
          resolve(performance.now() - firstTap);
          return true;
        };
        if (done()) return;
        const observer = new MutationObserver(() => done() && observer.disconnect());
        observer.observe(document.documentElement, { attributes: true });
      }),
  );
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
