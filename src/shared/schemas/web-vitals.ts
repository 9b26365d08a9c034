import { z } from "zod";
import { webVitalMax } from "../web-vitals.ts";

const value = (max: number) => z.number().finite().min(0).max(max).optional();

/** A page's report of its Core Web Vitals: its path and the values it measured (at least one). */
export const WebVitalsReportSchema = z
  .strictObject({
    path: z.string().min(1).max(200).startsWith("/"),
    lcp: value(webVitalMax.lcp),
    inp: value(webVitalMax.inp),
    cls: value(webVitalMax.cls),
    fid: value(webVitalMax.fid),
  })
  .refine((r) => r.lcp !== undefined || r.inp !== undefined || r.cls !== undefined || r.fid !== undefined, {
    message: "a report needs at least one measured value",
  });
export type WebVitalsReport = z.infer<typeof WebVitalsReportSchema>;

/** The weekly figure of one metric (all routes): the 75th percentile, as its bucket's upper bound. */
export interface WebVitalWeek {
  /** Monday of the UTC week, YYYY-MM-DD */
  week: string;
  p75: number | null;
  reports: number;
}

export type WebVitalsWeekly = Record<"lcp" | "inp" | "cls" | "fid", WebVitalWeek[]>;
