import { eq } from "drizzle-orm";
import type { PlaylistSettings, SettingsResponse } from "../../shared/schemas/settings.ts";
import { spotifyForUser } from "../auth/tokens.ts";
import type { Db } from "../db/client.ts";
import { userSettings } from "../db/schema/index.ts";
import type { Deps } from "../deps.ts";
import { type OpenPlaylistApi, scheduleSettingsSync } from "./sync.ts";

export const defaultSettings: PlaylistSettings = {
  createPlaylistsAsPrivate: false,
  removePlaylistPostfix: false,
};

/** The user's playlist settings; a user who never changed them has the defaults (public, with postfix). */
export function readSettings(db: Db, userId: string): PlaylistSettings {
  const row = db
    .select({
      createPlaylistsAsPrivate: userSettings.createPlaylistsAsPrivate,
      removePlaylistPostfix: userSettings.removePlaylistPostfix,
    })
    .from(userSettings)
    .where(eq(userSettings.userId, userId))
    .get();
  return row ?? defaultSettings;
}

/** Stores both values; returns whether anything changed. */
export function writeSettings(db: Db, userId: string, settings: PlaylistSettings): boolean {
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
    ],
  };
}

/**
 * Stores the settings; when they changed, brings the user's managed playlists on Spotify in line in the
 * background (privacy and names). Playlists created later read the settings when they are created.
 */
export function updatePlaylistSettings(
  deps: Deps,
  userId: string,
  settings: PlaylistSettings,
  open: OpenPlaylistApi = async (id) => spotifyForUser(deps, id),
): SettingsResponse {
  if (writeSettings(deps.db, userId, settings)) scheduleSettingsSync(deps, userId, open);
  return toSettingsResponse(settings);
}
