// The listener's stored playlist settings, read by the settings call, its sync to Spotify and the analysis.
import { eq } from "drizzle-orm";
import type {
  PlaylistSettings,
  PlaylistSettingsInput,
  SettingsResponse,
} from "../../shared/schemas/settings.ts";
import type { Db } from "../db/client.ts";
import { userSettings } from "../db/schema/index.ts";

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
