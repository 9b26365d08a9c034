// Real visitors' Core Web Vitals: each report counted in the weekly buckets and the /metrics histograms of its
// route, never kept as it came (no path beyond its route, no time beyond its week, nothing about the visitor).
import type { WebVitalsReport, WebVitalsWeekly, WebVitalWeek } from "../../shared/schemas/web-vitals.ts";
import {
  type WebVitalMetric,
  webVitalBounds,
  webVitalBucket,
  webVitalMetrics,
  webVitalRoute,
} from "../../shared/web-vitals.ts";
import type { Db } from "../db/client.ts";
import type { Metrics } from "../metrics/registry.ts";
import type { Clock } from "../platform/clock.ts";
import { countWebVitals, type WebVitalCount, webVitalCounts } from "./repository.ts";

export interface WebVitalsDeps {
  db: Db;
  clock: Clock;
  metrics: Pick<Metrics, "webVital">;
}

const DAY_MS = 86_400_000;
/** weeks the admin chart shows */
export const WEB_VITAL_WEEKS = 12;

/** Monday of the UTC week of `ms`, YYYY-MM-DD. */
export function utcWeek(ms: number): string {
  const day = Math.floor(ms / DAY_MS);
  // 1970-01-01 was a Thursday: days since the Monday before it, modulo 7
  const monday = day - ((day + 3) % 7);
  return new Date(monday * DAY_MS).toISOString().slice(0, 10);
}

/** Counts a page's report: its route's histograms and this week's buckets. */
export function recordWebVitals(deps: WebVitalsDeps, report: WebVitalsReport): void {
  const route = webVitalRoute(report.path);
  const week = utcWeek(deps.clock.now());
  const rows: WebVitalCount[] = [];
  for (const metric of webVitalMetrics) {
    const value = report[metric];
    if (value === undefined) continue;
    rows.push({ week, route, metric, bucket: webVitalBucket(metric, value) });
    deps.metrics.webVital(metric, route, value);
  }
  countWebVitals(deps.db, rows);
}

/** The 75th percentile of counts per bucket, as the upper bound of the bucket that holds it (null: none). */
export function p75(metric: WebVitalMetric, counts: readonly number[]): number | null {
  const total = counts.reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  let seen = 0;
  for (const [bucket, n] of counts.entries()) {
    seen += n;
    if (seen >= total * 0.75) return webVitalBounds[metric][bucket] ?? null;
  }
  return null;
}

/** Each metric's 75th percentile per week over the last `WEB_VITAL_WEEKS` weeks, oldest first (all routes). */
export function weeklyWebVitals(deps: Pick<WebVitalsDeps, "db" | "clock">): WebVitalsWeekly {
  const now = deps.clock.now();
  const weeks = Array.from({ length: WEB_VITAL_WEEKS }, (_, i) =>
    utcWeek(now - (WEB_VITAL_WEEKS - 1 - i) * 7 * DAY_MS),
  );
  const perMetric = (metric: WebVitalMetric): WebVitalWeek[] => {
    const byWeek = new Map<string, number[]>();
    for (const row of webVitalCounts(deps.db, metric, weeks[0] ?? "")) {
      const counts = byWeek.get(row.week) ?? webVitalBounds[metric].map(() => 0);
      counts[row.bucket] = (counts[row.bucket] ?? 0) + row.reports;
      byWeek.set(row.week, counts);
    }
    return weeks.map((week) => {
      const counts = byWeek.get(week) ?? [];
      return { week, p75: p75(metric, counts), reports: counts.reduce((sum, n) => sum + n, 0) };
    });
  };
  return { lcp: perMetric("lcp"), inp: perMetric("inp"), cls: perMetric("cls"), fid: perMetric("fid") };
}
