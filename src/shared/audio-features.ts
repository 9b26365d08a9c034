// Spotify's audio features, named as `GET /audio-features` reports them: the one list Crate's readers, its
// classification and the emulators derive their fields from.

/** The features Crate stores and classifies by; ReccoBeats reports them under the same names. */
export const classifiedFeatureNames = [
  "tempo",
  "energy",
  "valence",
  "danceability",
  "acousticness",
  "instrumentalness",
  "speechiness",
] as const;

export type ClassifiedFeatureName = (typeof classifiedFeatureNames)[number];

/** The features Spotify reports besides, which Crate does not use. */
export const otherFeatureNames = ["liveness", "loudness", "key", "mode", "time_signature"] as const;

export type AudioFeatureName = ClassifiedFeatureName | (typeof otherFeatureNames)[number];

/** Every audio feature of a track, as Spotify reports it. */
export type AudioFeatureValues = Record<AudioFeatureName, number>;

/** The classified features as Crate knows them: each null while no source gave a value. */
export type FeatureFacts = Record<ClassifiedFeatureName, number | null>;

/** The classified features, each read by its name (or its place in `classifiedFeatureNames`). */
export function featureFacts(
  read: (name: ClassifiedFeatureName, index: number) => number | null,
): FeatureFacts {
  const facts = {} as FeatureFacts;
  classifiedFeatureNames.forEach((name, index) => {
    facts[name] = read(name, index);
  });
  return facts;
}
