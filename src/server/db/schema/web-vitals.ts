import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Real visitors' Core Web Vitals, kept only as counts per week, route, metric and bucket (the buckets of
 * shared/web-vitals.ts): enough for the weekly 75th percentile, and no report is stored as it came.
 */
export const webVitalWeeks = sqliteTable(
  "web_vital_weeks",
  {
    /** Monday of the UTC week, YYYY-MM-DD */
    week: text().notNull(),
    route: text().notNull(),
    metric: text().notNull(),
    bucket: integer().notNull(),
    reports: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.week, t.route, t.metric, t.bucket] })],
);
