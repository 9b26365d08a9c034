import { eq } from "drizzle-orm";
import type {
  PlaylistSettings,
  PlaylistSettingsInput,
  SettingsResponse,
} from "../../shared/schemas/settings.ts";
import { spotifyForUser } from "../auth/tokens.ts";
import type { Db } from "../db/client.ts";
import { userSettings } from "../db/schema/index.ts";
import type { Deps } from "../deps.ts";
import { userWork } from "../distribution/background.ts";
import { syncLibrary } from "../library/sync.ts";
import { hasLikeWithoutRecording } from "../library/tracks-repository.ts";
import { type OpenPlaylistApi, scheduleSettingsSync } from "./sync.ts";

export const defaultSettings: PlaylistSettings = {
  createPlaylistsAsPrivate: false,
  removePlaylistPostfix: false,
  addRecordingOnce: false,
};

/** The user's playlist settings; a user who never changed them has the defaults (public, with postfix). */
export function readSettings(db: Db, userId: string): PlaylistSettings {
  const row = db
    .select({
      createPlaylistsAsPrivate: userSettings.createPlaylistsAsPrivate,
      removePlaylistPostfix: userSettings.removePlaylistPostfix,
      addRecordingOnce: userSettings.addRecordingOnce,
    })
    .from(userSettings)
    .where(eq(userSettings.userId, userId))
    .get();
  return row ?? defaultSettings;
}

/** Stores the values; returns whether anything that shows on Spotify (privacy, names) changed. */
export function writeSettings(db: Db, userId: string, settings: PlaylistSettingsInput): boolean {
  const before = readSettings(db, userId);
  db.insert(userSettings)
    .values({ userId, ...settings })
    .onConflictDoUpdate({ target: userSettings.userId, set: settings })
    .run();
  return (
    before.createPlaylistsAsPrivate !== settings.createPlaylistsAsPrivate ||
    before.removePlaylistPostfix !== settings.removePlaylistPostfix
  );
}

export function toSettingsResponse(settings: PlaylistSettings): SettingsResponse {
  return {
    settings: [
      { name: "CreatePlaylistsAsPrivate", value: settings.createPlaylistsAsPrivate },
      { name: "RemovePlaylistPostfix", value: settings.removePlaylistPostfix },
      { name: "AddRecordingOnce", value: settings.addRecordingOnce },
    ],
  };
}

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
