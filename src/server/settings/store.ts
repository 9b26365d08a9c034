// The listener's stored playlist settings, one column each (their declaration: src/shared/settings.ts), read by the
// settings call, its sync to Spotify, planning and the analysis.
import { eq } from "drizzle-orm";
import type { PlaylistSettingsInput, SettingsResponse } from "../../shared/schemas/settings.ts";
import {
  defaultSettings,
  eachSetting,
  type ListenerSettings,
  listenerSettings,
  settingKeys,
} from "../../shared/settings.ts";
import type { Db } from "../db/client.ts";
import { userSettingColumns, userSettings } from "../db/schema/index.ts";

export { defaultSettings };

/** The user's playlist settings; a user who never changed them has the defaults. */
export function readSettings(db: Db, userId: string): ListenerSettings {
  const row = db.select(userSettingColumns).from(userSettings).where(eq(userSettings.userId, userId)).get();
  return row ?? defaultSettings;
}

/** Stores the values; returns whether anything that shows on Spotify (privacy, names) changed. */
export function writeSettings(db: Db, userId: string, settings: PlaylistSettingsInput): boolean {
  const before = readSettings(db, userId);
  db.insert(userSettings)
    .values({ userId, ...settings })
    .onConflictDoUpdate({ target: userSettings.userId, set: settings })
    .run();
  return settingKeys.some(
    (key) =>
      listenerSettings[key].showsOnSpotify && settings[key] !== undefined && before[key] !== settings[key],
  );
}

/** The listener's settings as the settings call answers them: by spec name, in the declaration's order. */
export function toSettingsResponse(settings: ListenerSettings): SettingsResponse {
  return {
    settings: settingKeys.map((key) => ({ name: listenerSettings[key].specName, value: settings[key] })),
  };
}

/** The stored settings with the input's values over them. */
export function withInput(before: ListenerSettings, input: PlaylistSettingsInput): ListenerSettings {
  return eachSetting((key) => input[key] ?? before[key]);
}
