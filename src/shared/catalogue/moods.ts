/**
 * Moods: ONE table of thresholds over Spotify's audio features (each 0..1). A track has a mood when
 * every condition of that mood holds; a track may have several moods or none. Without audio
 * features a track has no mood.
 *
 * | mood        | conditions                                                                  | idea                          |
 * |-------------|-----------------------------------------------------------------------------|-------------------------------|
 * | Beats       | instrumentalness ≥ 0.5, danceability ≥ 0.6, speechiness ≤ 0.33             | instrumental, rhythm-driven   |
 * | Chill       | energy ≤ 0.5, valence ≥ 0.25, speechiness ≤ 0.33                            | calm, not gloomy, little talk |
 * | High Energy | energy ≥ 0.8, acousticness ≤ 0.4                                            | loud, fast, electric          |
 * | Moody       | valence ≤ 0.3, energy ≤ 0.7                                                 | dark or sad, not aggressive   |
 * | Party       | danceability ≥ 0.7, energy ≥ 0.65, valence ≥ 0.4, speechiness ≤ 0.66        | danceable, lively, not spoken |
 * | Upbeat      | valence ≥ 0.7, energy ≥ 0.5                                                 | happy and lively              |
 */
import { type ClassifiedFeatureName, classifiedFeatureNames } from "../audio-features.ts";

export const moodNames = ["Beats", "Chill", "High Energy", "Moody", "Party", "Upbeat"] as const;
export type MoodName = (typeof moodNames)[number];

/** Every classified feature but the tempo, which has its own bands (tempo.ts). */
export const moodFeatures = classifiedFeatureNames.filter(
  (name): name is Exclude<ClassifiedFeatureName, "tempo"> => name !== "tempo",
);
export type MoodFeature = (typeof moodFeatures)[number];

export interface MoodCondition {
  feature: MoodFeature;
  min?: number;
  max?: number;
}

export interface MoodRule {
  mood: MoodName;
  conditions: readonly MoodCondition[];
}

export const moodRules: readonly MoodRule[] = [
  {
    mood: "Beats",
    conditions: [
      { feature: "instrumentalness", min: 0.5 },
      { feature: "danceability", min: 0.6 },
      { feature: "speechiness", max: 0.33 },
    ],
  },
  {
    mood: "Chill",
    conditions: [
      { feature: "energy", max: 0.5 },
      { feature: "valence", min: 0.25 },
      { feature: "speechiness", max: 0.33 },
    ],
  },
  {
    mood: "High Energy",
    conditions: [
      { feature: "energy", min: 0.8 },
      { feature: "acousticness", max: 0.4 },
    ],
  },
  {
    mood: "Moody",
    conditions: [
      { feature: "valence", max: 0.3 },
      { feature: "energy", max: 0.7 },
    ],
  },
  {
    mood: "Party",
    conditions: [
      { feature: "danceability", min: 0.7 },
      { feature: "energy", min: 0.65 },
      { feature: "valence", min: 0.4 },
      { feature: "speechiness", max: 0.66 },
    ],
  },
  {
    mood: "Upbeat",
    conditions: [
      { feature: "valence", min: 0.7 },
      { feature: "energy", min: 0.5 },
    ],
  },
];
