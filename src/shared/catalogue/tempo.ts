/**
 * Tempo bands over the audio features' `tempo` (BPM), rounded to the nearest whole BPM first:
 * 50.4 → 50 (Very Slow), 50.6 → 51 (Slow). A tempo that rounds to 0 (or is missing) has no band.
 */

export const tempoNames = [
  "Very Slow (1-50 BPM)",
  "Slow (51-70 BPM)",
  "Midtempo (71-110 BPM)",
  "Fast (111-160 BPM)",
  "Very Fast (161+ BPM)",
] as const;
export type TempoName = (typeof tempoNames)[number];

export interface TempoBand {
  name: TempoName;
  /** inclusive bounds in whole BPM */
  min: number;
  max: number;
}

export const tempoBands: readonly TempoBand[] = [
  { name: "Very Slow (1-50 BPM)", min: 1, max: 50 },
  { name: "Slow (51-70 BPM)", min: 51, max: 70 },
  { name: "Midtempo (71-110 BPM)", min: 71, max: 110 },
  { name: "Fast (111-160 BPM)", min: 111, max: 160 },
  { name: "Very Fast (161+ BPM)", min: 161, max: Number.POSITIVE_INFINITY },
];
