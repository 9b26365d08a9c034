import { worldGenres } from "./world-genres.ts";

export interface GenrePool {
  /** strings that must each belong to at least one artist (the shared catalogue's facts) */
  required: readonly string[];
  /** every genre string an artist may carry */
  all: readonly string[];
  /** strings sharing a word with `genre` (`kiwi rock` → `rock`, `kiwi pop`, `indie rock`…), itself included */
  related(genre: string): readonly string[];
}

const wordsOf = (genre: string) => genre.split(/[ -]/).filter((w) => w.length > 1);

/** The catalogue's required strings first (deduplicated, lower case as Spotify writes them), then the world's. */
export function buildGenrePool(required: readonly string[]): GenrePool {
  const requiredSet = new Set(required.map((g) => g.trim().toLowerCase()).filter(Boolean));
  const all = [...new Set([...requiredSet, ...worldGenres])];
  const byWord = new Map<string, string[]>();
  for (const genre of all) {
    for (const word of wordsOf(genre)) {
      const list = byWord.get(word) ?? [];
      list.push(genre);
      byWord.set(word, list);
    }
  }
  const related = new Map<string, readonly string[]>();
  return {
    required: [...requiredSet],
    all,
    related(genre) {
      let list = related.get(genre);
      if (!list) {
        list = [...new Set([genre, ...wordsOf(genre).flatMap((w) => byWord.get(w) ?? [])])];
        related.set(genre, list);
      }
      return list;
    },
  };
}
