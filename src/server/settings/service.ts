import { rateRules } from "../../shared/rate-rules.ts";
import type { PlaylistSettingsInput, SettingsResponse } from "../../shared/schemas/settings.ts";
import { settingKeys } from "../../shared/settings.ts";
import type { Deps } from "../deps/deps.ts";
import { markRecordingsRead, recordingsReadAt } from "../library/likes-repository.ts";
import { queueLibraryRead } from "../library/service.ts";
import { hasLikeWithoutRecording } from "../library/tracks-repository.ts";
import { readSettings, toSettingsResponse, withInput, writeSettings } from "./store.ts";
import { scheduleSettingsSync } from "./sync.ts";

/**
 * Stores the settings the input carries (the others keep their stored values); when they changed, brings the user's managed playlists on Spotify in line in the
 * background (privacy and names). Playlists created later read the settings when they are created.
 * AddRecordingOnce takes effect at the next run and removes nothing already added.
 */
export function updatePlaylistSettings(
  deps: Deps,
  userId: string,
  input: PlaylistSettingsInput,
): SettingsResponse {
  deps.rateLimits.take(rateRules.settingsChange, userId);
  const before = readSettings(deps.db, userId);
  const settings = withInput(before, input);
  // A PUT that changes nothing (an empty body, the stored values again) writes nothing.
  const unchanged = settingKeys.every((key) => settings[key] === before[key]);
  if (unchanged) return toSettingsResponse(settings);
  if (writeSettings(deps.db, userId, settings)) scheduleSettingsSync(deps, userId);
  if (settings.addRecordingOnce && !before.addRecordingOnce) scheduleRecordingIds(deps, userId);
  return toSettingsResponse(settings);
}

/**
 * AddRecordingOnce turned on: liked songs stored before Crate kept ISRCs are read once more (a full library read,
 * ⌈likes/50⌉ calls, in the background before the next run), so every song's recording is known. Once per
 * listener: a song still without one after that read has none on Spotify, and later likes come with theirs.
 */
function scheduleRecordingIds(deps: Deps, userId: string): void {
  if (recordingsReadAt(deps.db, userId) !== null || !hasLikeWithoutRecording(deps.db, userId)) return;
  // However often the setting flips meanwhile, one full read waits (or the running one serves).
  queueLibraryRead(deps, userId, { full: true })
    .then(() => markRecordingsRead(deps.db, userId, deps.clock.now()))
    .catch((error) => deps.log.warn("recording ids not read", { userId, error: String(error) }));
}
