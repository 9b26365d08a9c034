// Calendar periods in UTC: the random playlists' refresh periods and the Liked At buckets.

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

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

/** "2025-03": the UTC month of a like. */
export function monthKey(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;
}

/** "2025": the UTC year of a like. */
export function yearKey(ms: number): string {
  return String(new Date(ms).getUTCFullYear());
}

export type Hemisphere = "north" | "south";
export type Season = "winter" | "spring" | "summer" | "autumn";

const northernSeasonByMonth: Season[] = [
  "winter",
  "winter",
  "spring",
  "spring",
  "spring",
  "summer",
  "summer",
  "summer",
  "autumn",
  "autumn",
  "autumn",
  "winter",
];
const opposite: Record<Season, Season> = {
  winter: "summer",
  spring: "autumn",
  summer: "winter",
  autumn: "spring",
};

/**
 * The season of a like and the year it belongs to. December starts the season that runs into the next year
 * (northern winter Dec 2024 – Feb 2025), so it takes the year of its January: "2025".
 */
export function seasonOf(ms: number, hemisphere: Hemisphere): { season: Season; year: number } {
  const d = new Date(ms);
  const month = d.getUTCMonth();
  const northern = northernSeasonByMonth[month] ?? "winter";
  const season = hemisphere === "north" ? northern : opposite[northern];
  const year = month === 11 ? d.getUTCFullYear() + 1 : d.getUTCFullYear();
  return { season, year };
}

/** "north-2025-winter": the bucket of a like in a Liked in Season playlist. */
export function seasonKey(ms: number, hemisphere: Hemisphere): string {
  const { season, year } = seasonOf(ms, hemisphere);
  return `${hemisphere}-${year}-${season}`;
}
