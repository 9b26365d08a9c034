// Core Web Vitals that real visitors' pages report to Crate (issue "Instant on a phone", item 5): what is
// measured, where it is sent, how large a report may be, and how values are bucketed for the weekly figures.

/** Where a page sends its report (`navigator.sendBeacon`, JSON, once the page is hidden). */
export const WEB_VITALS_PATH = "/api/web-vitals";
/** The page's meta element that carries the operator's sample rate (absent: every page view reports). */
export const WEB_VITALS_META = "crate-web-vitals-sample-rate";
/** A report is a few hundred bytes; anything larger is refused unread. */
export const WEB_VITALS_MAX_BYTES = 512;

/**
 * lcp: Largest Contentful Paint, inp: the slowest interaction (Interaction to Next Paint, ms), cls: Cumulative
 * Layout Shift (its largest session window, unitless), fid: the first tap's or key's input delay (ms).
 */
export const webVitalMetrics = ["lcp", "inp", "cls", "fid"] as const;
export type WebVitalMetric = (typeof webVitalMetrics)[number];

const MS_BOUNDS = [
  25, 50, 75, 100, 150, 200, 250, 300, 400, 500, 600, 800, 1000, 1200, 1500, 1800, 2000, 2500, 3000, 3500,
  4000, 5000, 6000, 8000, 10000, 15000, 20000, 30000, 60000,
];
const CLS_BOUNDS = [0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.75, 1, 2.5, 5, 10];

/** Upper bounds of the buckets a metric's values are counted in (the weekly figures keep only these counts). */
export const webVitalBounds: Record<WebVitalMetric, readonly number[]> = {
  lcp: MS_BOUNDS,
  inp: MS_BOUNDS,
  fid: MS_BOUNDS,
  cls: CLS_BOUNDS,
};

/** The largest value a report may carry per metric (a minute; a layout shift of 10 is already absurd). */
export const webVitalMax: Record<WebVitalMetric, number> = { lcp: 60000, inp: 60000, fid: 60000, cls: 10 };

/** Index of the bucket that counts `value` (its bound is the first one at or above it). */
export function webVitalBucket(metric: WebVitalMetric, value: number): number {
  const bounds = webVitalBounds[metric];
  const index = bounds.findIndex((bound) => value <= bound);
  return index === -1 ? bounds.length - 1 : index;
}

/** The first path segments that are pages of their own; any other path counts as "other" (a bounded label). */
const SECTIONS = new Set([
  "playlists",
  "plans",
  "faq",
  "policies",
  "feedback",
  "settings",
  "admin",
  "login",
  "my-data",
  "no-capacity",
]);

/** The route a page's path belongs to, as a metrics label: "/", "/faq", "/playlists/*" or "other". */
export function webVitalRoute(path: string): string {
  const segments = path.split("?")[0]?.split("/").filter(Boolean) ?? [];
  const first = segments[0];
  if (first === undefined) return "/";
  if (!SECTIONS.has(first)) return "other";
  return segments.length === 1 ? `/${first}` : `/${first}/*`;
}
