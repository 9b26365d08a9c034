// How a song's raw facts read for rules: the release year and day of an album, a tempo in whole BPM. Pure.

/** The release year of `YYYY`, `YYYY-MM` or `YYYY-MM-DD`; null when missing or malformed. */
export const releaseYearOf = (releaseDate: string | null | undefined): number | null => {
  const match = releaseDate ? /^(\d{4})(?:-\d{2}){0,2}$/.exec(releaseDate.trim()) : null;
  return match?.[1] ? Number(match[1]) : null;
};

/** A release date as a sortable day: a year alone or a year and month counts as its first day. */
export const releaseDayOf = (releaseDate: string | null | undefined): string | null => {
  if (releaseYearOf(releaseDate) === null) return null;
  const [year, month = "01", day = "01"] = (releaseDate ?? "").trim().split("-");
  return `${year}-${month}-${day}`;
};

/** The tempo rounded to the nearest whole BPM, as the Tempo group and tempo ranges judge it; null when unknown. */
export const wholeBpm = (tempo: number | null | undefined): number | null =>
  tempo === null || tempo === undefined || !Number.isFinite(tempo) ? null : Math.round(tempo);
