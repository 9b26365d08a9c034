// A combination's criterion in the listener's shape (spec §3 'Criterion', and the contract's further parts).

/** One criterion, as stored and as listed by GET /api/playlist-preferences. */
export interface Criterion {
  /** 1-based, in the order the user defined them */
  criterionNumber: number;
  genres: string[];
  /** the decade's first year: 1990 for the 1990s */
  decade: number | null;
  mood: string | null;
  nationality: string | null;
}

/** A criterion as drafted in the wizard or sent by a client: every part optional. */
export interface CriterionDraft {
  criterionNumber?: number;
  genres?: readonly string[] | null;
  decade?: number | null;
  mood?: string | null;
  nationality?: string | null;
}
