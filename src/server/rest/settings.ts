import { Hono } from "hono";
import { UpdateSettingsSchema } from "../../shared/schemas/settings.ts";
import { SetTimeZoneSchema, TimeZoneSchema } from "../../shared/time-zone.ts";
import type { Deps } from "../deps/deps.ts";
import { updatePlaylistSettings } from "../settings/service.ts";
import { readSettings, toSettingsResponse } from "../settings/store.ts";
import { readTimeZone, setTimeZone } from "../user/time-zone.ts";
import { jsonBody, reading, requireUser } from "./validate.ts";

/** The settings body may also carry the time zone (optional: the toggles' calls and the answer stay as they are). */
const UpdateSettingsWithZoneSchema = UpdateSettingsSchema.extend({ timeZone: TimeZoneSchema.optional() });

export function settingsRest(deps: Deps) {
  return new Hono()
    .get(
      "/playlist-preferences/settings",
      reading(deps, (c) => toSettingsResponse(readSettings(deps.db, requireUser(c, deps).userId))),
    )
    .put("/playlist-preferences/settings", async (c) => {
      const user = requireUser(c, deps);
      const { timeZone, ...settings } = await jsonBody(c, UpdateSettingsWithZoneSchema);
      if (timeZone !== undefined) setTimeZone(deps.db, user.userId, timeZone);
      return c.json(updatePlaylistSettings(deps, user.userId, settings));
    })
    .get(
      "/playlist-preferences/settings/time-zone",
      reading(deps, (c) => readTimeZone(deps.db, requireUser(c, deps).userId)),
    )
    .put("/playlist-preferences/settings/time-zone", async (c) => {
      const user = requireUser(c, deps);
      const { timeZone } = await jsonBody(c, SetTimeZoneSchema);
      return c.json(setTimeZone(deps.db, user.userId, timeZone));
    });
}
