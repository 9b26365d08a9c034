// The criterion parts of the classified groups: each catalogue entry of Mood, Genre, Subgenre, Decade,
// Nationality and Tempo is one of them, and a listener's rule names them the same way.

import type { Part } from "../rules/model.ts";
import { category } from "../rules/parts.ts";
import { decadeName } from "./decades.ts";

export const moodPart = (mood: string): Part => category("mood", mood, mood);
export const genrePart = (genre: string): Part => category("genre", genre, `Genre ${genre}`);
/** A Spotify genre string of the Subgenre list: an artist genre string equals it. */
export const subgenrePart = (subgenre: string): Part => category("genre", subgenre, `Subgenre ${subgenre}`);
export const nationalityPart = (nationality: string): Part =>
  category("nationality", nationality, `Nationality ${nationality}`);
/** The decade of the album's release year, by its first year (1990 for the 1990s). */
export const decadePart = (startYear: number): Part => {
  const name = decadeName(startYear);
  return category("released", name, `Decade ${name}`, `from the ${name}`, true);
};
export const tempoBandPart = (band: string): Part => category("tempo", band, band);
