import { z } from "zod";

/** The playlist settings; names as the spec lists them, plus AddRecordingOnce (off unless asked for). */
export const settingNames = [
  "CreatePlaylistsAsPrivate",
  "RemovePlaylistPostfix",
  "AddRecordingOnce",
] as const;
export type SettingName = (typeof settingNames)[number];

/** The stored playlist settings (AddRecordingOnce is off until the listener turns it on). */
export interface PlaylistSettings {
  createPlaylistsAsPrivate: boolean;
  removePlaylistPostfix: boolean;
  addRecordingOnce: boolean;
}

/**
 * PUT /api/playlist-preferences/settings: the spec's two values and the optional `addRecordingOnce`. A field
 * left out keeps its stored value, so a client that knows only the spec's two fields (or a second tab) never
 * turns AddRecordingOnce off; an unknown field is refused rather than silently ignored.
 */
export const UpdateSettingsSchema = z.strictObject({
  createPlaylistsAsPrivate: z.boolean().optional(),
  removePlaylistPostfix: z.boolean().optional(),
  addRecordingOnce: z.boolean().optional(),
});
export type PlaylistSettingsInput = z.input<typeof UpdateSettingsSchema>;

export type SettingsResponse = {
  settings: { name: SettingName; value: boolean }[];
};
