// How the admin pages show dates and durations: UTC, year-month-day first, so values line up in tables.

/** "2026-01-15 12:34:56 UTC" for an ISO 8601 time; "—" when absent. */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return "—";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 19).replace("T", " ")} UTC`;
}

/** "2026-01-15" for an ISO 8601 time. */
export function formatDay(iso: string): string {
  return iso.slice(0, 10);
}

/** A batch run's length: "850 ms", "42 s", "3 min 5 s", "1 h 2 min"; "running" while it has no end. */
export function formatDuration(startIso: string, endIso: string | undefined): string {
  if (!endIso) return "running";
  const ms = new Date(endIso).getTime() - new Date(startIso).getTime();
  if (!Number.isFinite(ms) || ms < 0) return "—";
  if (ms < 1000) return `${ms} ms`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

export const adminUserPath = (lookup: { userId: string } | { spotifyId: string }) =>
  "userId" in lookup
    ? `/admin/users?userId=${encodeURIComponent(lookup.userId)}`
    : `/admin/users?spotifyId=${encodeURIComponent(lookup.spotifyId)}`;
