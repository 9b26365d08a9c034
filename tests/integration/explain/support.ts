// The explain suites' view of the emulator's catalogue: a liked song's facts and the playlists they put it in.
import { classifyTrack } from "../../../src/server/library/classify.ts";
import type { Harness } from "../distribution/support.ts";

/** The emulator's facts of a track (its artists' genres, release date, audio features). */
export function factsOf(h: Harness, trackId: string) {
  const facts = h.spotify.control.track(trackId);
  if (!facts) throw new Error(`unknown track ${trackId}`);
  return facts;
}

/** The catalogue entries a track belongs to with all its facts known. */
export function categoriesOf(h: Harness, trackId: string): string[] {
  const f = factsOf(h, trackId);
  return classifyTrack({ artistGenres: f.artistGenres, releaseDate: f.releaseDate, features: f.features });
}
