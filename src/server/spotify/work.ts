// What a piece of work's Web API calls are for. It is given where the work starts — to `deps.spotifyFor(userId,
// work)`, or a client's `forUser(tokens, work)` — and the listener's API hands it to the transport with every
// call: there it counts the call (admin statistics, /metrics), budgets it (SPOTIFY_DAILY_CALLS), paces it
// (background work queues behind a listener's own calls) and holds or refuses it during a quota pause. No scope
// carries it: what a call does is written where the API it goes through was made.
import { backgroundCallKinds, type SpotifyCallKind } from "../../shared/spotify-access.ts";
import type { Priority } from "../platform/pacer.ts";

export interface SpotifyWork {
  /** what its calls are counted and budgeted as */
  kind: SpotifyCallKind;
  /** a sign-in cannot wait out Spotify's spent quota: its calls throw SpotifyQuotaPausedError instead */
  failFastOnQuota?: boolean;
  /** the hourly and random jobs handle each answer in a turn of the event loop of its own (platform/batch-turns.ts) */
  awaitTurn?: () => Promise<void>;
}

/** Work for a kind of calls (`{ kind }`), the usual way to name it at a call site. */
export const workOf = (kind: SpotifyCallKind): SpotifyWork => ({ kind });

/** Calls nobody waits for (the hourly job, reminders, follow-ups, random refreshes) queue behind a listener's own. */
export const priorityOf = (work: SpotifyWork): Priority =>
  backgroundCallKinds.includes(work.kind) ? "background" : "interactive";
