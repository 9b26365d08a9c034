// Which provider refusals end a playlist's writes for good. A permanent refusal of one playlist (full, no
// longer writable) marks that step and that playlist failed and never fails any other playlist's writes;
// transient ones (no answer, 5xx, 429, an expired token) fail the run, which is retried later.
import type { PlaylistFailure } from "../../../shared/playlist-failures.ts";
import { SpotifyAuthRevokedError, SpotifyError } from "../../spotify/errors.ts";

/** The reason a write was refused for good, or null when it may succeed if tried again. */
export function permanentFailure(error: unknown): PlaylistFailure | null {
  if (!(error instanceof SpotifyError) || error instanceof SpotifyAuthRevokedError) return null;
  // 401 is refreshed by the client, 404 marks the playlist vanished, 408 and 429 pass with time.
  if (error.status === 403) return "forbidden";
  if (error.status === 400)
    return /size limit|limit reached|maximum/i.test(error.reason ?? "") ? "full" : "refused";
  if (error.status >= 400 && error.status < 500 && ![401, 404, 408, 429].includes(error.status))
    return "refused";
  return null;
}
