// The page's own Core Web Vitals, sent to Crate once the page is first hidden or left (the last moments a page
// surely has): the
// Largest Contentful Paint, the slowest interaction, the layout shift (its largest session window) and the first
// input's delay. No third party, no identifier: the page's path and the numbers. The operator's sample rate is in
// a meta element (absent: every page view reports).
import { WEB_VITALS_META, WEB_VITALS_PATH } from "../shared/web-vitals.ts";

type Values = { lcp?: number; inp?: number; cls?: number; fid?: number };
type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean };
type Timing = PerformanceEntry & { processingStart: number; interactionId?: number };

function observe(type: string, take: (entry: PerformanceEntry) => void, extra: object = {}) {
  try {
    new PerformanceObserver((list) => list.getEntries().forEach(take)).observe({
      type,
      buffered: true,
      ...extra,
    });
  } catch {
    // a browser without this entry type reports the others
  }
}

export function reportWebVitals(): void {
  const rate = Number(
    document.querySelector<HTMLMetaElement>(`meta[name="${WEB_VITALS_META}"]`)?.content ?? 1,
  );
  if (!(Math.random() < rate)) return;
  const path = location.pathname;
  const values: Values = {};
  observe("largest-contentful-paint", (e) => {
    values.lcp = e.startTime;
  });
  observe("first-input", (e) => {
    values.fid = (e as Timing).processingStart - e.startTime;
  });
  observe(
    "event",
    (e) => {
      if ((e as Timing).interactionId) values.inp = Math.max(values.inp ?? 0, e.duration);
    },
    { durationThreshold: 16 },
  );
  // shifts within 1 s of each other and 5 s in all make a window; the largest window counts
  let window = 0;
  let first = 0;
  let last = 0;
  observe("layout-shift", (e) => {
    const shift = e as Shift;
    if (shift.hadRecentInput) return;
    if (e.startTime - last > 1000 || e.startTime - first > 5000) {
      window = 0;
      first = e.startTime;
    }
    last = e.startTime;
    window += shift.value;
    values.cls = Math.max(values.cls ?? 0, window);
  });
  // hidden: the tab was left or the screen turned off; pagehide: the page is being left (hidden may not come)
  let sent = false;
  const send = (event: Event) => {
    if (sent || (event.type === "visibilitychange" && document.visibilityState !== "hidden")) return;
    if (Object.keys(values).length === 0) return;
    sent = true;
    const rounded = Object.fromEntries(
      Object.entries(values).map(([k, v]) => [k, k === "cls" ? Math.round(v * 1e4) / 1e4 : Math.round(v)]),
    );
    const body = JSON.stringify({ path, ...rounded });
    navigator.sendBeacon(WEB_VITALS_PATH, new Blob([body], { type: "application/json" }));
  };
  addEventListener("visibilitychange", send);
  addEventListener("pagehide", send);
}
