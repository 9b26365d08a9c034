import type {
  PlaylistSettings,
  PlaylistSettingsInput,
  SettingsResponse,
} from "../../shared/schemas/settings.ts";
import { spotifyForUser } from "../auth/tokens.ts";
import type { Deps } from "../deps.ts";
import { syncLibrary } from "../library/sync.ts";
import { hasLikeWithoutRecording } from "../library/tracks-repository.ts";
import { userWork } from "../platform/user-work.ts";
import { readSettings, toSettingsResponse, writeSettings } from "./store.ts";
import { type OpenPlaylistApi, scheduleSettingsSync } from "./sync.ts";

/**
 * Stores the settings; when they changed, brings the user's managed playlists on Spotify in line in the
 * background (privacy and names). Playlists created later read the settings when they are created.
 * AddRecordingOnce takes effect at the next run and removes nothing already added.
 */
export function updatePlaylistSettings(
  deps: Deps,
  userId: string,
  input: PlaylistSettingsInput,
  open: OpenPlaylistApi = async (id) => spotifyForUser(deps, id),
): SettingsResponse {
  const settings: PlaylistSettings = { ...input, addRecordingOnce: input.addRecordingOnce ?? false };
  const before = readSettings(deps.db, userId);
  if (writeSettings(deps.db, userId, settings)) scheduleSettingsSync(deps, userId, open);
  if (settings.addRecordingOnce && !before.addRecordingOnce) scheduleRecordingIds(deps, userId);
  return toSettingsResponse(settings);
}

/**
 * AddRecordingOnce turned on: liked songs stored before Crate kept ISRCs are read once more (a full library read,
 * ⌈likes/50⌉ calls, in the background before the next run), so every song's recording is known.
 */
function scheduleRecordingIds(deps: Deps, userId: string): void {
  if (!hasLikeWithoutRecording(deps.db, userId)) return;
  userWork(deps).spawn(userId, "recording-ids", () =>
    syncLibrary(deps, spotifyForUser(deps, userId), userId, { full: true }),
  );
}
