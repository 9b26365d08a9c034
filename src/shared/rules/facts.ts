/**
 * The kinds of fact a rule can ask about a song. Each is declared here once; the server gives each its source
 * (how it is read and how it states where it came from: src/server/library/fact-sources.ts and
 * src/server/playlists/reasons.ts). A new kind of fact is a line here plus its source.
 */

export interface FactDeclaration {
  /** what "Why not?" says no source has yet, when a song lacks it; null when every liked song has it */
  unknown: string | null;
}

export const facts = {
  genre: { unknown: "artists' genres" },
  mood: { unknown: "audio features" },
  nationality: { unknown: "artists' country or genres" },
  tempo: { unknown: "tempo" },
  released: { unknown: "release date" },
  liked: { unknown: null },
  artist: { unknown: null },
  playlist: { unknown: null },
} as const satisfies Record<string, FactDeclaration>;

export type FactName = keyof typeof facts;

/**
 * The song fields loaded only for the rules that read them (every song has its like and its classification):
 * the album's release date, the tempo, the artists, the first artist's name, the listener's playlists holding it.
 */
export const loadedFields = ["releaseDate", "tempo", "artistIds", "artistName", "playlists"] as const;
export type LoadedField = (typeof loadedFields)[number];
