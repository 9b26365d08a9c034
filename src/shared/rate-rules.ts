// Every rate limit Crate puts on a listener or a client address, in one place. The server's one limiter
// (server/platform/rate-limits.ts) applies them: `deps.rateLimits.take(rateRules.<rule>, <listener or address>)`
// throws the rule's error past its allowance. A new limit is one entry here and one `take` where the action is.
import { ErrorCode, type ErrorCodeValue } from "./errors.ts";
import { limits } from "./limits.ts";
import { workLimits } from "./work-limits.ts";

export interface RateRule {
  /** what is limited; each rule counts apart */
  key: string;
  /** how long an admitted action counts against the allowance (ms) */
  windowMs: number;
  /** actions admitted within any window (a sliding one: the oldest admitted leaves it first) */
  allowance: number;
  /** the refusal's code; its HTTP status (429) and text come from errors.ts */
  errorCode: ErrorCodeValue;
  /** a text of its own instead of the code's */
  message?: string;
}

const HOUR = 3_600_000;
const WEB_VITALS_REFUSED = "Too many page speed reports. Try again later.";

export const rateRules = {
  /** a whole-library distribution (a new selection, a choices document that changes it), per listener */
  distribution: {
    key: "distribution",
    windowMs: limits.distributionThrottleMs,
    allowance: 1,
    errorCode: ErrorCode.DistributionNotYetPermitted,
  },
  /** new combinations and their distribution, per listener */
  combinationDistribution: {
    key: "combination-distribution",
    windowMs: limits.distributionThrottleMs,
    allowance: 1,
    errorCode: ErrorCode.CombinationDistributionNotYetPermitted,
  },
  /** a rule's live preview while the listener edits it (the wizard asks as they type), per listener */
  rulePreview: {
    key: "rule-preview",
    windowMs: 10_000,
    allowance: limits.rules.previewsPer10s,
    errorCode: ErrorCode.RateLimited,
    message: "Too many previews. Try again in a few seconds.",
  },
  /**
   * a playlist of the listener's that a previewed rule names, read from Spotify (one call, its items when it
   * moved), per listener; skipped when refused, the preview counting its songs as Crate last read them
   */
  previewPlaylistCheck: {
    key: "preview-playlist-check",
    windowMs: 60_000,
    allowance: 10,
    errorCode: ErrorCode.RateLimited,
  },
  /** the listing of the listener's own Spotify playlists for the rule wizard (Spotify calls), per listener */
  ownPlaylists: {
    key: "own-playlists",
    windowMs: 60_000,
    allowance: 6,
    errorCode: ErrorCode.RateLimited,
    message: "You asked for your playlists very often. Wait a moment and try again.",
  },
  /** 'Analyse songs per playlist', per listener */
  analysis: {
    key: "analysis",
    windowMs: limits.analysisThrottleMs,
    allowance: 1,
    errorCode: ErrorCode.AnalysisStartedTooRecently,
  },
  /** a download of the listener's personal data (it reads every row Crate keeps about them) */
  personalData: {
    key: "personal-data",
    windowMs: HOUR,
    allowance: workLimits.personalDataPerHour,
    errorCode: ErrorCode.PersonalDataTooOften,
  },
  /** a change of the playlist settings (each may queue a sync of the listener's playlists on Spotify) */
  settingsChange: {
    key: "settings",
    windowMs: 10_000,
    allowance: workLimits.settingsChangesPer10s,
    errorCode: ErrorCode.ChangesTooOften,
  },
  /**
   * an exclusion, a correction, their undo or a loaded choices document, per listener: each starts or joins an
   * update of their playlists on Spotify (one pending at most), so a listener flipping one back and forth cannot
   * spend the Spotify calls every listener's hourly update waits on
   */
  choices: {
    key: "choices",
    windowMs: workLimits.choicesWindowMinutes * 60_000,
    allowance: workLimits.choicesPerWindow,
    errorCode: ErrorCode.ChoicesTooOften,
  },
  /**
   * a read of the listener's whole library (the expensive queries of work-limits.ts, REST and tRPC alike), per
   * listener: one per batched request, and this many in a minute
   */
  libraryRead: {
    key: "library-read",
    windowMs: 60_000,
    allowance: workLimits.libraryReadsPerMinute,
    errorCode: ErrorCode.RateLimited,
    message: "You are reading your whole library very often. Wait a moment and try again.",
  },
  /**
   * a playlist's page opened: its snapshot read for the listener's own edits (one Spotify call, the items only
   * when it moved), per listener; skipped when refused, the page answering from Crate's record
   */
  playlistPageCheck: {
    key: "playlist-page-check",
    windowMs: 10 * 60_000,
    allowance: 60,
    errorCode: ErrorCode.RateLimited,
  },
  /**
   * the Playlists page loaded: the listener's library asked which of Crate's playlists they deleted in Spotify
   * (one call per 40), per listener; skipped when refused, the page answering from Crate's record
   */
  playlistsDeletionCheck: {
    key: "playlists-deletion-check",
    windowMs: 10 * 60_000,
    allowance: 1,
    errorCode: ErrorCode.RateLimited,
  },
  /** anonymous Core Web Vitals reports, per client address (each is a write) */
  webVitalsPerAddress: {
    key: "web-vitals-address",
    windowMs: HOUR,
    allowance: limits.webVitalsPerAddressPerHour,
    errorCode: ErrorCode.RateLimited,
    message: WEB_VITALS_REFUSED,
  },
  /** the same from every address together (`who` is "all") */
  webVitalsInAll: {
    key: "web-vitals",
    windowMs: 60_000,
    allowance: limits.webVitalsPerMinute,
    errorCode: ErrorCode.RateLimited,
    message: WEB_VITALS_REFUSED,
  },
} as const satisfies Record<string, RateRule>;

/** Sign-in starts, and callbacks, per client address (`SIGN_IN_RATE_LIMIT` a minute; 0: no limit). */
export function signInRule(step: "start" | "callback", perMinute: number): RateRule {
  return {
    key: `sign-in-${step}`,
    windowMs: 60_000,
    allowance: perMinute,
    errorCode: ErrorCode.RateLimited,
    message: "Too many sign-in attempts from this address. Try again in a minute.",
  };
}
