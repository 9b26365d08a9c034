// What a catalogue entry makes on Spotify, derived from its group and name (one place for the rules).

export type LikedAtPeriod = "month" | "year" | "seasonNorth" | "seasonSouth";

export type PreferenceKind =
  /** Mood, Genre, Subgenre, Decade, Nationality, Tempo: the songs whose classification holds the entry's name */
  | { type: "classified" }
  | { type: "everything" }
  | { type: "partition"; size: number }
  | { type: "latest"; size: number }
  | { type: "random"; size: number; period: "day" | "week" }
  | { type: "likedAt"; period: LikedAtPeriod; fromSelectionMonth: boolean };

const classifiedGroups = new Set(["Mood", "Genre", "Subgenre", "Decade", "Nationality", "Tempo"]);

const likedAtByName: Record<string, { period: LikedAtPeriod; fromSelectionMonth: boolean }> = {
  "Liked in Month": { period: "month", fromSelectionMonth: false },
  "Liked in Month - Starting From Current Month": { period: "month", fromSelectionMonth: true },
  "Liked in Season - Northern Hemisphere": { period: "seasonNorth", fromSelectionMonth: false },
  "Liked in Season - Southern Hemisphere": { period: "seasonSouth", fromSelectionMonth: false },
  "Liked in Year": { period: "year", fromSelectionMonth: false },
};

/** The kind of a catalogue entry; null for an entry this module does not know how to fill. */
export function preferenceKind(group: string, name: string): PreferenceKind | null {
  if (classifiedGroups.has(group)) return { type: "classified" };
  if (group === "LikedAt") {
    const likedAt = likedAtByName[name];
    return likedAt ? { type: "likedAt", ...likedAt } : null;
  }
  if (group === "LatestLikedSongs") {
    const match = /^Latest (\d+) Liked Songs$/.exec(name);
    return match ? { type: "latest", size: Number(match[1]) } : null;
  }
  if (group === "Randomized") {
    const match = /^(\d+) Random Songs - Updated (Daily|Weekly)$/.exec(name);
    if (!match) return null;
    return { type: "random", size: Number(match[1]), period: match[2] === "Daily" ? "day" : "week" };
  }
  if (group === "Miscellaneous") {
    if (name === "Everything") return { type: "everything" };
    const match = /^Partitions of (\d+) Songs$/.exec(name);
    return match ? { type: "partition", size: Number(match[1]) } : null;
  }
  return null;
}

/** Kinds whose playlists Crate empties and refills (the only ones it ever removes songs from). */
export const isRollingKind = (kind: PreferenceKind) => kind.type === "latest" || kind.type === "random";
