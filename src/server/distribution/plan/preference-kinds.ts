// What a catalogue entry makes on Spotify, derived from the catalogue's entry kind (one place for the rules).
import { type CatalogueEntry, entryByName, type LikedAtPeriod } from "../../../shared/catalogue/index.ts";

export type PreferenceKind =
  /** Mood, Genre, Subgenre, Decade, Nationality, Tempo: the songs whose classification holds the entry's name */
  | { type: "classified" }
  | { type: "everything" }
  | { type: "partition"; size: number }
  | { type: "latest"; size: number }
  | { type: "random"; size: number; period: "day" | "week" }
  | { type: "likedAt"; period: LikedAtPeriod };

export function kindOfEntry(entry: CatalogueEntry): PreferenceKind {
  const kind = entry.kind;
  switch (kind.type) {
    case "mood":
    case "genre":
    case "subgenre":
    case "decade":
    case "nationality":
    case "tempo":
      return { type: "classified" };
    case "likedAt":
      return { type: "likedAt", period: kind.period };
    case "random":
      return { type: "random", size: kind.size, period: kind.period };
    case "latest":
      return { type: "latest", size: kind.size };
    case "everything":
      return { type: "everything" };
    case "partition":
      return { type: "partition", size: kind.size };
  }
}

/** The kind of a catalogue entry by its exact name; null for a name that is not in the catalogue. */
export function preferenceKindByName(name: string): PreferenceKind | null {
  const entry = entryByName(name);
  return entry && entry.name === name ? kindOfEntry(entry) : null;
}

/** Kinds whose playlists Crate empties and refills (the only ones it ever removes songs from). */
export const isRollingKind = (kind: PreferenceKind) => kind.type === "latest" || kind.type === "random";
