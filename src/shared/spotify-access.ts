// Spotify's 2026 rules as Crate shows them: a sign-in (grant) lasts six calendar months from the authorization,
// and a development-mode app's request quota can run out. One place for the dates, states and texts.
import { addCalendarMonths, monthNames } from "./calendar.ts";

/** A refresh token lives this many calendar months from the listener's authorization (refreshing never extends it). */
export const GRANT_MONTHS = 6;
/** From this many days before the end a listener is reminded (banner, playlist descriptions). */
export const REMINDER_DAYS = 14;
const DAY_MS = 86_400_000;

export type SpotifyAccessState = "active" | "ending" | "ended";

export interface SpotifyAccess {
  /** ISO time of the listener's last completed authorization on Spotify */
  authorizedAt: string;
  /** ISO time the grant ends (authorizedAt + 6 calendar months) */
  endsAt: string;
  state: SpotifyAccessState;
}

/** When a grant given at `authorizedAt` (epoch ms) ends. */
export const grantEndsAt = (authorizedAt: number): number => addCalendarMonths(authorizedAt, GRANT_MONTHS);

/** When the reminders start for a grant ending at `endsAt`. */
export const reminderStartsAt = (endsAt: number): number => endsAt - REMINDER_DAYS * DAY_MS;

/** `ended` once the end has passed or Spotify refused the grant before it (`refusedAt`); `ending` within 14 days. */
export function accessState(endsAt: number, refusedAt: number | null, now: number): SpotifyAccessState {
  if (refusedAt !== null || now >= endsAt) return "ended";
  return now >= reminderStartsAt(endsAt) ? "ending" : "active";
}

/** "26 May 2027": the day in UTC, the month spelled out, the same on server and client. */
export function accessDate(at: number | string): string {
  const d = new Date(at);
  return `${d.getUTCDate()} ${monthNames[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** Spotify's limit on a playlist description. */
export const DESCRIPTION_MAX_CHARS = 300;

/** The sentence written into each managed playlist's description in the last 14 days of a grant. */
export function reminderSentence(endsAt: number, publicUrl: string): string {
  return `Crate stops updating this playlist on ${accessDate(endsAt)}. Sign in at ${publicUrl} to keep it up to date.`;
}

export const spotifyAccessTexts = {
  /** settings: while the grant runs */
  activeUntil: (endsAt: number | string) =>
    `Crate can update your playlists until ${accessDate(endsAt)}; signing in again renews this.`,
  /** banner on signed-in pages in the last 14 days */
  ending: (endsAt: number | string) =>
    `Crate can update your playlists until ${accessDate(endsAt)}. Sign in again to keep them up to date for another six months.`,
  /** playlists and settings pages once the grant ended */
  ended: (endedAt: number | string) =>
    `Crate stopped updating your playlists on ${accessDate(endedAt)}: Spotify ends an app's access six months after you sign in, or when you remove it. Sign in again and Crate catches up with every song you liked meanwhile.`,
  signInAgain: "Sign in again",
  /** the progress while Spotify's quota holds the work */
  quotaPaused:
    "Spotify's request quota for this server is used up for now. Crate continues on its own as soon as Spotify allows it.",
  /** a first fill spread over the next hours under the server's daily budget */
  budgetSpread:
    "This server keeps under its daily Spotify budget: Crate adds the rest of your songs over the next hours.",
} as const;

/**
 * What holds a running distribution's Spotify work back: the quota answered QUOTA_EXCEEDED, or the server's
 * SPOTIFY_DAILY_CALLS budget is used for now and the run continues once calls of the rolling 24 hours age out.
 */
export type SpotifyPause =
  | {
      reason: "spotify-quota";
      /** ISO time the pause began */
      since: string;
    }
  | {
      reason: "spotify-budget";
      /** ISO time the run began waiting for the budget */
      since: string;
      /** ISO time the budget has room again (the hour the oldest counted calls leave the 24 hours) */
      resumesAt: string;
    };

/** The text a running distribution shows while it is paused. */
export const spotifyPauseText = (pause: SpotifyPause): string =>
  pause.reason === "spotify-quota" ? spotifyAccessTexts.quotaPaused : spotifyAccessTexts.budgetSpread;

/** Kinds of Web API calls counted over 24 hours (admin statistics). */
export const spotifyCallKinds = [
  "signIn",
  "distribution",
  "hourly",
  "analysis",
  "reminder",
  "followUp",
  "random",
  "other",
] as const;
export type SpotifyCallKind = (typeof spotifyCallKinds)[number];

/**
 * The kinds the admin statistics report (the contract's six). Metadata follow-ups and the random playlists'
 * refresh are scheduled updates of the listener's playlists, so they are reported as `hourly`; /metrics keeps
 * them apart.
 */
export const reportedCallKinds = [
  "signIn",
  "distribution",
  "hourly",
  "analysis",
  "reminder",
  "other",
] as const;
export type ReportedCallKind = (typeof reportedCallKinds)[number];

export function reportedCallKind(kind: SpotifyCallKind): ReportedCallKind {
  return kind === "followUp" || kind === "random" ? "hourly" : kind;
}

/** Calls by counted kind, folded into the reported kinds. */
export function reportCallsByKind(byKind: Record<SpotifyCallKind, number>): Record<ReportedCallKind, number> {
  const reported = Object.fromEntries(reportedCallKinds.map((k) => [k, 0])) as Record<
    ReportedCallKind,
    number
  >;
  for (const kind of spotifyCallKinds) reported[reportedCallKind(kind)] += byKind[kind];
  return reported;
}

/**
 * Background work (nobody waits for it): under SPOTIFY_DAILY_CALLS it uses at most four fifths of the budget,
 * the last fifth stays for listeners' own actions. The weekly full re-read is part of the hourly update.
 */
export const backgroundCallKinds: readonly SpotifyCallKind[] = ["hourly", "reminder", "followUp", "random"];
/** The share of SPOTIFY_DAILY_CALLS background work may use. */
export const BACKGROUND_BUDGET_SHARE = 0.8;
