import { and, eq, gte, sql } from "drizzle-orm";
import type { WebVitalMetric } from "../../shared/web-vitals.ts";
import type { Db } from "../db/client.ts";
import { webVitalWeeks } from "../db/schema/index.ts";
import { transaction } from "../db/transaction.ts";

export interface WebVitalCount {
  week: string;
  route: string;
  metric: WebVitalMetric;
  bucket: number;
}

/** Counts one value in each row's week, route, metric and bucket, in one transaction. */
export function countWebVitals(db: Db, rows: readonly WebVitalCount[]): void {
  transaction(db, (tx) => {
    for (const row of rows) {
      tx.insert(webVitalWeeks)
        .values({ ...row, reports: 1 })
        .onConflictDoUpdate({
          target: [webVitalWeeks.week, webVitalWeeks.route, webVitalWeeks.metric, webVitalWeeks.bucket],
          set: { reports: sql`${webVitalWeeks.reports} + 1` },
        })
        .run();
    }
  });
}

/** The bucket counts of one metric per week since `fromWeek` (all routes together). */
export function webVitalCounts(
  db: Db,
  metric: WebVitalMetric,
  fromWeek: string,
): { week: string; bucket: number; reports: number }[] {
  return db
    .select({
      week: webVitalWeeks.week,
      bucket: webVitalWeeks.bucket,
      reports: sql<number>`sum(${webVitalWeeks.reports})`.mapWith(Number),
    })
    .from(webVitalWeeks)
    .where(and(eq(webVitalWeeks.metric, metric), gte(webVitalWeeks.week, fromWeek)))
    .groupBy(webVitalWeeks.week, webVitalWeeks.bucket)
    .all();
}
