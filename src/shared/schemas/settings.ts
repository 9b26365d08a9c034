import { z } from "zod";

/** The playlist settings; names as the spec lists them, plus AddRecordingOnce (off unless asked for). */
export const settingNames = [
  "CreatePlaylistsAsPrivate",
  "RemovePlaylistPostfix",
  "AddRecordingOnce",
] as const;
export type SettingName = (typeof settingNames)[number];

/**
 * PUT /api/playlist-preferences/settings: the spec's two values, always sent together, and the optional
 * `addRecordingOnce` (absent means false, so the spec's behaviour stays the default).
 */
export const UpdateSettingsSchema = z.object({
  createPlaylistsAsPrivate: z.boolean(),
  removePlaylistPostfix: z.boolean(),
  addRecordingOnce: z.boolean().optional().default(false),
});
export type PlaylistSettings = z.output<typeof UpdateSettingsSchema>;
export type PlaylistSettingsInput = z.input<typeof UpdateSettingsSchema>;

export type SettingsResponse = {
  settings: { name: SettingName; value: boolean }[];
};
