// The calendar as Crate counts and writes it: month arithmetic in UTC (a Spotify grant's six months, billing
// records kept 14 months) and the month names (English) of the catalogue's "Liked in March 2025" and of the access
// reminder's dates. Imports nothing: shared/catalogue and the files beside it both import it.

export const monthNames = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/**
 * `at` plus `months` calendar months in UTC, the day clamped to the target month's last day
 * (31 August + 6 months is 28 or 29 February), the time of day kept.
 */
export function addCalendarMonths(at: number, months: number): number {
  const d = new Date(at);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  target.setUTCHours(d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds());
  return target.getTime();
}
