// UTC calendar periods: a random sample and a shuffle are drawn per UTC day or ISO week (Liked At periods are in the
// listener's zone: liked-at.ts).

const pad = (n: number) => String(n).padStart(2, "0");

/** "2026-01-15": the UTC day a daily random playlist is sampled for. */
export function utcDayKey(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** "2026-W03": the ISO 8601 week (Monday first; week 1 holds the year's first Thursday), in UTC. */
export function isoWeekKey(ms: number): string {
  const d = new Date(ms);
  const day = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  const weekday = day.getUTCDay() === 0 ? 7 : day.getUTCDay();
  // The Thursday of this week decides the ISO year.
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const isoYear = day.getUTCFullYear();
  const firstOfYear = Date.UTC(isoYear, 0, 1);
  const week = Math.ceil(((day.getTime() - firstOfYear) / 86_400_000 + 1) / 7);
  return `${isoYear}-W${pad(week)}`;
}
