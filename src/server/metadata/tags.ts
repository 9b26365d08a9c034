// MusicBrainz genre and tag names → genre strings the catalogue's rules read. Tags are folksonomy: the same genre
// comes spelled "hip-hop", "Hip Hop" or "hiphop", "synth-pop" or "synthpop". Each tag (and each of its words) is
// compared without case, spaces and hyphens against the catalogue's own vocabulary and takes its spelling.
import { genreRules } from "../../shared/catalogue/genres.ts";
import { nationalityRules } from "../../shared/catalogue/nationalities.ts";
import { subgenres } from "../../shared/catalogue/subgenres.ts";

const squash = (text: string) => text.toLowerCase().replace(/[\s\-_.]+/g, "");

const vocabulary: ReadonlyMap<string, string> = (() => {
  const phrases = [
    ...subgenres,
    ...genreRules.flatMap((rule) => [...rule.keywords, ...(rule.exclude ?? [])]),
    ...nationalityRules.flatMap((rule) => rule.markers.filter((m) => !m.endsWith("-"))),
  ];
  const map = new Map<string, string>();
  for (const phrase of phrases) {
    const key = squash(phrase);
    if (key !== "" && !map.has(key)) map.set(key, phrase.toLowerCase());
  }
  return map;
})();

/** One tag in the catalogue's spelling: the whole tag if the catalogue knows it, else word by word. */
export function tagToGenreString(tag: string): string {
  const clean = tag.trim().toLowerCase().replace(/\s+/g, " ");
  const whole = vocabulary.get(squash(clean));
  if (whole) return whole;
  return clean
    .split(" ")
    .map((word) => vocabulary.get(squash(word)) ?? word)
    .join(" ");
}

/** The genre strings of an artist's MusicBrainz genres and tags (duplicates removed). */
export const tagsToGenreStrings = (tags: readonly string[]): string[] => [
  ...new Set(tags.map(tagToGenreString)),
];
