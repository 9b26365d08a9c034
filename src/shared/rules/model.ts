/**
 * The rule model: every playlist Crate keeps is a rule. A rule is a filter over the listener's considered liked
 * songs (criteria joined by "or", the parts inside a criterion by "and also", criteria that exclude) and an
 * arrangement of the songs that pass it (an order, a limit, a sample per day or week, a split into parts or by
 * liked-at period). The catalogue declares each entry as a rule (src/shared/catalogue), a combination playlist is
 * a rule the listener writes (listener-rule.ts), and one evaluator (evaluate.ts, order.ts, arrangement.ts) serves
 * classification, planning, counting and explaining.
 */
import type { FactName, LoadedField } from "./facts.ts";

/** What the evaluator knows of one song: its like, its classification, and the facts the rules it meets read. */
export interface SongFacts {
  trackId: string;
  /** when the listener liked it (epoch ms) */
  likedAt: number;
  /** its index in like order among the songs evaluated together (0 = the oldest) */
  rank: number;
  /** the recording's ISRC; null or absent when Spotify sent none */
  isrc?: string | null;
  /** the catalogue entry names of the classified groups it belongs to (Mood, Genre, Subgenre, Decade, …) */
  categories: readonly string[];
  /** the album's release date (`YYYY`, `YYYY-MM` or `YYYY-MM-DD`); absent when not loaded */
  releaseDate?: string | null;
  /** the known tempo in BPM, unrounded; null when no source knows it */
  tempo?: number | null;
  artistIds?: readonly string[];
  /** the first artist's name (the `artist` order) */
  artistName?: string | null;
  /** the listener's own Spotify playlists (ids) that hold it */
  playlists?: ReadonlySet<string>;
}

/** When and where a rule is judged: `liked` parts and shuffles depend on it. */
export interface RuleMoment {
  now: number;
  /** the listener's IANA time zone (UTC when unknown) */
  timeZone: string;
}

/** One condition of a criterion over one fact of a song. */
export interface Part {
  readonly fact: FactName;
  /** how it reads inside a rule's sentence: `Rock or Rap`, `released 1994-1999`, `128 BPM or faster` */
  readonly text: string;
  /** how a reason opens: `Genre Rock`, `Decade 1990s`, `Fast (111-160 BPM)` */
  readonly label: string;
  /**
   * a part over the classification: a song matches exactly when it holds one of these categories (songs are then
   * looked up by them instead of judged one by one)
   */
  readonly categories?: readonly string[];
  /** judged against the time of the update (liked within N days): songs leave as time passes */
  readonly rolling?: boolean;
  /** the song field it reads beyond the like and the classification, loaded for the rules that need it */
  readonly needs?: LoadedField;
  /** reads right after the part before it, without a comma: `Rock from the 2000s` */
  readonly qualifies?: boolean;
  /** a part that is one of several (a criterion's genres): each option is explained on its own */
  readonly options?: readonly Part[];
  matches(song: SongFacts, moment: RuleMoment): boolean;
}

/** Parts joined by "and also"; a criterion without parts matches nothing. */
export interface Criterion {
  /** 1-based, as the listener numbered them */
  readonly number: number;
  readonly parts: readonly Part[];
}

export const songOrders = [
  "liked",
  "likedNewestFirst",
  "released",
  "releasedNewestFirst",
  "tempo",
  "tempoFastestFirst",
  "artist",
  "shuffleDaily",
  "shuffleWeekly",
] as const;
export type SongOrder = (typeof songOrders)[number];

export type SamplePeriod = "day" | "week";

/** One of a rule's Spotify playlists: what it holds, named for it. */
export interface Bucket {
  /** sortable and unique per period (`2025-03`); "" for a rule with one playlist */
  key: string;
  /** the Spotify playlist's name without spill number or postfix (`Liked in March 2025`) */
  name: string;
}

/** One Spotify playlist per period of the like (a month, a season, a year in the listener's zone). */
export interface PeriodSplit {
  by: "period";
  /** what the playlists are named after: two splits of the same naming make playlists of the same names */
  naming: string;
  bucketOf(likedAt: number, timeZone: string): Bucket;
  /** only likes from the period it was selected in on (`Starting From Current Month`); absent: every like */
  admits?(likedAt: number, selectedAt: number, timeZone: string): boolean;
}

/** One Spotify playlist per period of the like, or the songs in like order cut into parts of `size`. */
export type Split = PeriodSplit | { by: "parts"; size: number };

export const unlikedChoices = ["keep", "remove"] as const;
export type UnlikedChoice = (typeof unlikedChoices)[number];

export interface Rule {
  /** alternatives joined by "or"; null: every considered song */
  readonly criteria: readonly Criterion[] | null;
  /** a song matching any of these is left out */
  readonly except: readonly Criterion[];
  readonly order: SongOrder;
  /** at most this many songs, the first ones in the rule's order; songs pushed past it leave */
  readonly limit: number | null;
  /** a fresh random sample of this many songs each UTC day or ISO week, replacing the last one whole */
  readonly sample: { readonly size: number; readonly period: SamplePeriod } | null;
  readonly split: Split | null;
  /** whether a song the listener unlikes stays in the playlist */
  readonly unliked: UnlikedChoice;
}

/** The arrangement of a rule that keeps every song that passes, oldest like first (today's regular playlist). */
export const plainArrangement = {
  except: [],
  order: "liked",
  limit: null,
  sample: null,
  split: null,
  unliked: "keep",
} as const satisfies Omit<Rule, "criteria">;

/** A rule of one criterion made of these parts, arranged as a regular playlist. */
export const ruleOf = (...parts: Part[]): Rule => ({
  ...plainArrangement,
  criteria: [{ number: 1, parts }],
});

/** A rule over every considered song with the given arrangement. */
export const everySong = (arrangement: Partial<Omit<Rule, "criteria">> = {}): Rule => ({
  ...plainArrangement,
  ...arrangement,
  criteria: null,
});
