// The genre strings the shared catalogue classifies by; the emulated world must carry every one of them.
import { genreRules } from "../../../shared/catalogue/genres.ts";
import { nationalityRules } from "../../../shared/catalogue/nationalities.ts";
import { subgenres } from "../../../shared/catalogue/subgenres.ts";

/** Whole-word match as the catalogue's rules use it (bounded by the ends, a space or a hyphen). */
function containsWord(text: string, word: string): boolean {
  let from = 0;
  for (;;) {
    const at = text.indexOf(word, from);
    if (at < 0) return false;
    const before = at === 0 ? " " : text[at - 1];
    const after = at + word.length === text.length ? " " : text[at + word.length];
    const prefixMarker = word.endsWith("-");
    if ((before === " " || before === "-") && (prefixMarker || after === " " || after === "-")) return true;
    from = at + 1;
  }
}

/**
 * Every subgenre, plus a string for each genre keyword and nationality marker that no subgenre already
 * carries (the keyword itself; a marker as a local scene, `<marker> indie`, or a prefix marker as `<x>pop`).
 */
export function catalogueGenreStrings(): string[] {
  const strings = [...subgenres];
  const covered = (word: string) => strings.some((s) => containsWord(s, word));
  for (const rule of genreRules) {
    for (const keyword of rule.keywords) if (!covered(keyword)) strings.push(keyword);
  }
  for (const rule of nationalityRules) {
    for (const marker of rule.markers) {
      if (covered(marker)) continue;
      strings.push(marker.endsWith("-") ? `${marker}pop` : `${marker} indie`);
    }
  }
  return strings;
}
