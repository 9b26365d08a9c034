import { z } from "zod";

/** The two playlist settings; names as the spec lists them. */
export const settingNames = ["CreatePlaylistsAsPrivate", "RemovePlaylistPostfix"] as const;
export type SettingName = (typeof settingNames)[number];

/** PUT /api/playlist-preferences/settings: both values, always sent together. */
export const UpdateSettingsSchema = z.object({
  createPlaylistsAsPrivate: z.boolean(),
  removePlaylistPostfix: z.boolean(),
});
export type PlaylistSettings = z.infer<typeof UpdateSettingsSchema>;

export type SettingsResponse = {
  settings: { name: SettingName; value: boolean }[];
};
