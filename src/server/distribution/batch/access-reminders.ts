// The reminder of a grant's end where listeners look: in the last 14 days of their six-month grant the hourly
// update writes it into the description of each playlist Crate manages for them (once per playlist, keeping
// the mark Crate recognises its playlists by); after a new sign-in the next update writes the normal one back.
import { accessDate, DESCRIPTION_MAX_CHARS, reminderSentence } from "../../../shared/spotify-access.ts";
import { readGrant } from "../../auth/spotify-access.ts";
import type { Deps } from "../../deps/deps.ts";
import { isSpotifyNotFound, SpotifyAuthRevokedError } from "../../spotify/errors.ts";
import type { SpotifyUserApi } from "../../spotify/types.ts";
import { creationDescription, creationMark, type PlaylistIdentity } from "../journal/create-step.ts";
import { type ReminderTarget, reminderTargets, setReminderEndsAt } from "../repository/reminders.ts";

/** The description with the reminder: the sentence naming the date and the address, then Crate's mark. */
export function reminderDescription(identity: PlaylistIdentity, endsAt: number, publicUrl: string): string {
  const mark = ` (${creationMark(identity)})`;
  const full = `${reminderSentence(endsAt, publicUrl)}${mark}`;
  if (full.length <= DESCRIPTION_MAX_CHARS) return full;
  // An address too long for Spotify's 300 characters is left out rather than cut.
  return `Crate stops updating this playlist on ${accessDate(endsAt)}. Sign in to Crate again to keep it up to date.${mark}`;
}

export interface ReminderOutcome {
  written: number;
  restored: number;
}

/**
 * Writes what the listener's grant calls for into each managed playlist's description: the reminder while the
 * grant is `ending`, the normal description again once a sign-in renewed it. One `PUT /playlists/{id}` per
 * playlist whose description changes; a playlist gone on Spotify is skipped, a failure is tried at the next run.
 */
export async function updateAccessReminders(
  deps: Pick<Deps, "db" | "clock" | "config" | "log">,
  api: SpotifyUserApi,
  userId: string,
): Promise<ReminderOutcome> {
  const outcome: ReminderOutcome = { written: 0, restored: 0 };
  const grant = readGrant(deps, userId);
  if (!grant || grant.state === "ended") return outcome;
  const targets = reminderTargets(deps.db, userId);
  for (const playlist of targets) {
    const wanted = grant.state === "ending" ? grant.endsAt : null;
    if (playlist.reminderEndsAt === wanted) continue;
    const description =
      wanted === null
        ? creationDescription(playlist)
        : reminderDescription(playlist, wanted, deps.config.publicUrl);
    if (!(await writeDescription(deps, api, playlist, description))) continue;
    setReminderEndsAt(deps.db, playlist.id, wanted);
    if (wanted === null) outcome.restored += 1;
    else outcome.written += 1;
  }
  return outcome;
}

async function writeDescription(
  deps: Pick<Deps, "log">,
  api: SpotifyUserApi,
  playlist: ReminderTarget,
  description: string,
): Promise<boolean> {
  try {
    await api.updatePlaylist(playlist.spotifyPlaylistId, { description });
    return true;
  } catch (error) {
    if (error instanceof SpotifyAuthRevokedError) throw error;
    if (isSpotifyNotFound(error)) return false;
    deps.log.warn("playlist description not updated", { playlistId: playlist.id, error: String(error) });
    return false;
  }
}
