/** A Web API or accounts-service call that failed for good (after retries where they apply). */
export class SpotifyError extends Error {
  readonly status: number;
  /** "METHOD /path-template", e.g. "GET /me/tracks" */
  readonly endpoint: string;
  /** Spotify's error message or OAuth error code when the answer carried one */
  readonly reason: string | undefined;
  constructor(status: number, endpoint: string, reason?: string, message?: string) {
    super(
      message ??
        `Spotify ${endpoint} failed with ${status === 0 ? "no answer" : status}${reason ? `: ${reason}` : ""}`,
    );
    this.name = "SpotifyError";
    this.status = status;
    this.endpoint = endpoint;
    this.reason = reason;
  }
}

/** The listener revoked Crate's access (the refresh token answers `invalid_grant`); they must sign in again. */
export class SpotifyAuthRevokedError extends SpotifyError {
  readonly userId: string | undefined;
  constructor(userId?: string) {
    super(400, "POST /api/token", "invalid_grant", "Spotify access was revoked; the user must sign in again");
    this.name = "SpotifyAuthRevokedError";
    this.userId = userId;
  }
}

export const isSpotifyNotFound = (error: unknown): boolean =>
  error instanceof SpotifyError && error.status === 404;

/** A write that failed with a 5xx or no answer: the provider may or may not have applied it. */
export function isUnknownOutcome(error: unknown): boolean {
  return error instanceof SpotifyError && (error.status === 0 || error.status >= 500);
}

/** The accounts service had no turn for the call in time (its queue is bounded): nothing was sent. */
export class SpotifyBusyError extends SpotifyError {
  constructor(endpoint: string, why: string) {
    super(503, endpoint, "busy", `Spotify ${endpoint} not sent: ${why}`);
    this.name = "SpotifyBusyError";
  }
}
