/**
 * A like's Liked At periods: the month, year and seasons of its `added_at` on the listener's calendar, in
 * their time zone (an IANA name; UTC until Crate knows it). A like at 09:00 on 1 April in Auckland is in
 * April there, though it is still 31 March in UTC. Pure.
 */

import type { PeriodSplit } from "../rules/model.ts";
import { DEFAULT_TIME_ZONE } from "../time-zone.ts";
import {
  type Hemisphere,
  likedInMonthName,
  likedInSeasonName,
  likedInYearName,
  type SeasonName,
} from "./naming.ts";
import type { LikedAtPeriod } from "./types.ts";

export interface LikedAtBucket {
  /** sortable, unique per period: `2025-03` (month), `2025` (year), `2024-12` (season's first month) */
  key: string;
  /** the Spotify playlist name without postfix: `Liked in March 2025` */
  name: string;
}

/** A bucket for every period of the catalogue's one `LikedAtPeriod` (its month twin uses `month`'s): a new period
 * does not type-check until `likedAtBuckets` computes its bucket. */
export type LikedAtBuckets = Record<Exclude<LikedAtPeriod, "monthFromSelection">, LikedAtBucket>;

export interface CalendarMonth {
  year: number;
  /** 0-based, as in Date */
  month: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "numeric" });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The year and month a moment falls in on the wall calendar of `timeZone` (daylight saving included). */
export function calendarMonth(ms: number, timeZone: string = DEFAULT_TIME_ZONE): CalendarMonth {
  if (timeZone === DEFAULT_TIME_ZONE) {
    const d = new Date(ms);
    return { year: d.getUTCFullYear(), month: d.getUTCMonth() };
  }
  let year = 0;
  let month = 0;
  for (const part of formatterFor(timeZone).formatToParts(ms)) {
    if (part.type === "year") year = Number(part.value);
    else if (part.type === "month") month = Number(part.value) - 1;
  }
  return { year, month };
}

const pad2 = (value: number): string => String(value).padStart(2, "0");

/** "2025-03": the month of a moment in `timeZone`, sortable. */
export function monthKeyIn(ms: number, timeZone: string = DEFAULT_TIME_ZONE): string {
  const { year, month } = calendarMonth(ms, timeZone);
  return `${year}-${pad2(month + 1)}`;
}

/** Seasons by their first month (0-based): meteorological seasons, southern ones opposite. */
const seasonsByStartMonth: Record<number, Record<Hemisphere, SeasonName>> = {
  11: { Northern: "Winter", Southern: "Summer" },
  2: { Northern: "Spring", Southern: "Autumn" },
  5: { Northern: "Summer", Southern: "Winter" },
  8: { Northern: "Autumn", Southern: "Spring" },
};

const seasonBucket = (year: number, month: number, hemisphere: Hemisphere): LikedAtBucket => {
  const startMonth = month === 11 || month <= 1 ? 11 : Math.floor((month - 2) / 3) * 3 + 2;
  const startYear = month <= 1 ? year - 1 : year;
  const season = seasonsByStartMonth[startMonth]?.[hemisphere] ?? "Winter";
  return {
    key: `${startYear}-${pad2(startMonth + 1)}`,
    name: likedInSeasonName(season, startYear, startMonth === 11, hemisphere),
  };
};

/** The month, year and seasons of a like's `added_at` (epoch milliseconds) in the listener's time zone. */
export const likedAtBuckets = (likedAt: number, timeZone: string = DEFAULT_TIME_ZONE): LikedAtBuckets => {
  const { year, month } = calendarMonth(likedAt, timeZone);
  return {
    month: { key: `${year}-${pad2(month + 1)}`, name: likedInMonthName(year, month) },
    year: { key: String(year), name: likedInYearName(year) },
    seasonNorth: seasonBucket(year, month, "Northern"),
    seasonSouth: seasonBucket(year, month, "Southern"),
  };
};

/** The bucket of a like for one Liked At entry; `monthFromSelection` uses month buckets. */
export const likedAtBucketFor = (
  period: LikedAtPeriod,
  likedAt: number,
  timeZone: string = DEFAULT_TIME_ZONE,
): LikedAtBucket => {
  const buckets = likedAtBuckets(likedAt, timeZone);
  return period === "monthFromSelection" ? buckets.month : buckets[period];
};

/**
 * The split of a Liked At entry: one playlist per period of the like in the listener's zone, named for it.
 * `Starting From Current Month` takes only likes from the month it was selected in on, and names its playlists
 * as `Liked in Month` does.
 */
export function likedAtSplit(period: LikedAtPeriod): PeriodSplit {
  const bucketOf = (likedAt: number, timeZone: string) => likedAtBucketFor(period, likedAt, timeZone);
  if (period !== "monthFromSelection") return { by: "period", naming: `likedAt-${period}`, bucketOf };
  return {
    by: "period",
    naming: "likedAt-month",
    bucketOf,
    admits: (likedAt, selectedAt, timeZone) =>
      monthKeyIn(likedAt, timeZone) >= monthKeyIn(selectedAt, timeZone),
  };
}
