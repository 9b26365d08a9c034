// Per-track facts: audio features and ISRC codes, drawn from the track's own random stream.
import type { AudioFeatureValues } from "../../../shared/audio-features.ts";
import type { Rng } from "./random.ts";

/** Tempos on the edges of the tempo bands (rounded to whole BPM before banding). */
const edgeTempos = [40, 50.4, 50.5, 50.6, 51.2, 70.4, 70.6, 110.4, 110.6, 160.4, 160.6, 199.9, 200];
const NO_FEATURES_SHARE = 0.03;

const registrants = ["US", "GB", "SE", "DE", "FR", "JP", "KR", "BR"];
const letter = (rng: Rng) => String.fromCharCode(rng.int(65, 90));

export function isrcOf(rng: Rng, year: number): string {
  const registrant = `${letter(rng)}${letter(rng)}${letter(rng)}`;
  const serial = String(rng.int(0, 99_999)).padStart(5, "0");
  return `${rng.pick(registrants)}${registrant}${String(year % 100).padStart(2, "0")}${serial}`;
}

const round = (value: number, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits;
const clamp01 = (value: number) => Math.min(1, Math.max(0, value));
const near = (rng: Rng, centre: number, spread: number) => clamp01(centre + (rng.next() - 0.5) * 2 * spread);

/**
 * Audio features, or null for the few tracks Spotify has none for. Profiles make moods recognisable; the
 * rest are drawn uniformly so every mood rule is met.
 */
export function featuresOf(rng: Rng, index: number): AudioFeatureValues | null {
  if (rng.chance(NO_FEATURES_SHARE)) return null;
  const profile = rng.int(0, 7);
  let energy = rng.next();
  let valence = rng.next();
  let danceability = rng.next();
  let acousticness = rng.next();
  let instrumentalness = rng.next() ** 3;
  let speechiness = rng.next() ** 2.5;
  if (profile === 0)
    [energy, acousticness, danceability] = [near(rng, 0.25, 0.2), near(rng, 0.75, 0.25), near(rng, 0.4, 0.2)];
  if (profile === 1)
    [energy, danceability, valence] = [near(rng, 0.85, 0.15), near(rng, 0.8, 0.2), near(rng, 0.75, 0.25)];
  if (profile === 2)
    [energy, valence, acousticness] = [near(rng, 0.45, 0.25), near(rng, 0.15, 0.15), near(rng, 0.4, 0.35)];
  if (profile === 3)
    [danceability, speechiness, instrumentalness] = [
      near(rng, 0.8, 0.15),
      near(rng, 0.25, 0.2),
      near(rng, 0.6, 0.4),
    ];
  if (profile === 4)
    [energy, valence, danceability] = [near(rng, 0.7, 0.2), near(rng, 0.8, 0.2), near(rng, 0.65, 0.2)];
  if (profile === 5) [energy, acousticness] = [near(rng, 0.93, 0.07), near(rng, 0.05, 0.05)];
  const tempo =
    index % 211 === 0 ? (edgeTempos[(index / 211) % edgeTempos.length] ?? 120) : 40 + rng.next() * 160;
  return {
    acousticness: round(acousticness, 4),
    danceability: round(danceability),
    energy: round(energy),
    instrumentalness: round(instrumentalness, 5),
    liveness: round(0.03 + rng.next() ** 2 * 0.9, 4),
    loudness: round(-28 + energy * 25 + (rng.next() - 0.5) * 4),
    speechiness: round(0.022 + speechiness * 0.9, 4),
    valence: round(valence),
    tempo: round(tempo),
    key: rng.int(-1, 11),
    mode: rng.int(0, 1),
    time_signature: rng.chance(0.85) ? 4 : rng.pick([3, 5, 7]),
  };
}
