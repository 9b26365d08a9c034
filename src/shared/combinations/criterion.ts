// A combination's criterion in the listener's shape: the spec's parts (§3 'Criterion') and the contract's further
// ones ("Rules"). A part left out is not there at all, so a criterion of the spec's shape reads as it always did.
import type { SongOrder, UnlikedChoice } from "../rules/model.ts";

/** An inclusive range; either end may be open (null), not both. */
export interface Range {
  from: number | null;
  to: number | null;
}

/** Liked within the last N days of the update, or on a day from..to (`YYYY-MM-DD`) in the listener's zone. */
export type LikedWindow = { withinDays: number } | { from: string | null; to: string | null };

/** One criterion, as stored and as listed by GET /api/playlist-preferences. */
export interface Criterion {
  /** 1-based, in the order the user defined them */
  criterionNumber: number;
  genres: string[];
  /** the decade's first year: 1990 for the 1990s */
  decade: number | null;
  mood: string | null;
  nationality: string | null;
  /** Spotify genre strings of the subgenre list: an artist genre string equals one of them */
  subgenres?: string[];
  /** the release year, inclusive */
  years?: Range;
  /** the known tempo in whole BPM, inclusive */
  tempo?: Range;
  liked?: LikedWindow;
  /** Spotify artist ids: one of the song's artists is one of them */
  artists?: string[];
  /** the Spotify id of one of the listener's own playlists (owned or collaborative) */
  inPlaylist?: string;
}

/** A criterion as drafted in the wizard or sent by a client: every part optional. */
export interface CriterionDraft {
  criterionNumber?: number;
  genres?: readonly string[] | null;
  decade?: number | null;
  mood?: string | null;
  nationality?: string | null;
  subgenres?: readonly string[] | null;
  years?: Range | null;
  tempo?: Range | null;
  liked?: LikedWindow | null;
  artists?: readonly string[] | null;
  inPlaylist?: string | null;
}

/** A combination's whole rule in the listener's shape, as stored and listed (defaults filled in). */
export interface RuleDefinition {
  criteria: Criterion[];
  /** criteria that exclude: a song matching any of them is left out */
  except: Criterion[];
  order: SongOrder;
  /** at most this many songs; null: no limit */
  limit: number | null;
  unliked: UnlikedChoice;
}

/** A rule as drafted: the criteria, and each other part optional (null or absent: its default). */
export interface RuleDraft {
  criteria: readonly CriterionDraft[];
  except?: readonly CriterionDraft[] | null;
  order?: SongOrder | null;
  limit?: number | null;
  unliked?: UnlikedChoice | null;
}
