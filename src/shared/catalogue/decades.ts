/** Decades by the album's release year: 1940s … 2020s. Years before 1940 (or after 2029) have none. */

export const decadeStartYears = [1940, 1950, 1960, 1970, 1980, 1990, 2000, 2010, 2020] as const;
export type DecadeStartYear = (typeof decadeStartYears)[number];

export const decadeName = (startYear: number): string => `${startYear}s`;

export const decadeNames: readonly string[] = decadeStartYears.map(decadeName);
