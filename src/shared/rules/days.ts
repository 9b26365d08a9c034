// Calendar days in the listener's time zone as ranges of moments: a `liked` part judges tens of thousands of
// likes against two numbers, with no calendar arithmetic per like. Pure.
import { DEFAULT_TIME_ZONE } from "../time-zone.ts";

const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** How far the wall clock of `timeZone` is ahead of UTC at a moment, in ms (daylight saving included). */
function zoneOffset(ms: number, timeZone: string): number {
  if (timeZone === DEFAULT_TIME_ZONE) return 0;
  let clock = wallClocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    wallClocks.set(timeZone, clock);
  }
  const at: Record<string, number> = {};
  for (const part of clock.formatToParts(ms)) at[part.type] = Number(part.value);
  const wall = Date.UTC(
    at.year ?? 0,
    (at.month ?? 1) - 1,
    at.day ?? 1,
    at.hour ?? 0,
    at.minute ?? 0,
    at.second ?? 0,
  );
  return wall - Math.floor(ms / 1000) * 1000;
}

/**
 * The first moment of a calendar day (`2025-03-14`) in `timeZone`, as epoch ms: the range of a day is then two
 * numbers, so judging tens of thousands of likes against it costs no calendar arithmetic per like.
 */
export function startOfDayIn(day: string, timeZone: string = DEFAULT_TIME_ZONE): number {
  const [year, month, date] = day.split("-").map(Number);
  const wall = Date.UTC(year ?? 1970, (month ?? 1) - 1, date ?? 1);
  let start = wall - zoneOffset(wall, timeZone);
  // Across a change of offset the first guess is an hour off; the offset at the guess settles it.
  start = wall - zoneOffset(start, timeZone);
  return start;
}

/** The calendar day after `day` (`2025-03-14` → `2025-03-15`). */
export function nextDay(day: string): string {
  const [year, month, date] = day.split("-").map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, (date ?? 1) + 1)).toISOString().slice(0, 10);
}
