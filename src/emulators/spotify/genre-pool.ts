import { worldGenres } from "./world-genres.ts";

export interface GenrePool {
  /** strings that must each belong to at least one artist (the shared catalogue's facts) */
  required: readonly string[];
  /** every genre string an artist may carry */
  all: readonly string[];
}

/** The catalogue's required strings first (deduplicated, lower case as Spotify writes them), then the world's. */
export function buildGenrePool(required: readonly string[]): GenrePool {
  const requiredSet = new Set(required.map((g) => g.trim().toLowerCase()).filter(Boolean));
  const all = new Set([...requiredSet, ...worldGenres]);
  return { required: [...requiredSet], all: [...all] };
}
