import { z } from "zod";
import { type ListenerSettings, type SettingKey, type SettingName, settingKeys } from "../settings.ts";

export type { SettingName };

/** The stored playlist settings (their declaration: src/shared/settings.ts). */
export type PlaylistSettings = ListenerSettings;

const optionalSettings = Object.fromEntries(settingKeys.map((key) => [key, z.boolean().optional()])) as {
  [K in SettingKey]: z.ZodOptional<z.ZodBoolean>;
};

/** Every setting, each one required: the choices document carries them all. */
export const AllSettingsSchema = z.strictObject(
  Object.fromEntries(settingKeys.map((key) => [key, z.boolean()])) as { [K in SettingKey]: z.ZodBoolean },
);

/**
 * PUT /api/playlist-preferences/settings: any of the settings. A field left out keeps its stored value, so a
 * client that knows only the spec's two fields (or a second tab) never turns AddRecordingOnce off; an unknown field
 * is refused rather than silently ignored.
 */
export const UpdateSettingsSchema = z.strictObject(optionalSettings);
export type PlaylistSettingsInput = z.input<typeof UpdateSettingsSchema>;

export type SettingsResponse = {
  settings: { name: SettingName; value: boolean }[];
};
