import { Hono } from "hono";
import { UpdateSettingsSchema } from "../../shared/schemas/settings.ts";
import type { Deps } from "../deps.ts";
import { readSettings, toSettingsResponse, updatePlaylistSettings } from "../settings/service.ts";
import { jsonBody, requireUser } from "./validate.ts";

export function settingsRest(deps: Deps) {
  return new Hono()
    .get("/playlist-preferences/settings", (c) =>
      c.json(toSettingsResponse(readSettings(deps.db, requireUser(c, deps).userId))),
    )
    .put("/playlist-preferences/settings", async (c) => {
      const user = requireUser(c, deps);
      const input = await jsonBody(c, UpdateSettingsSchema);
      return c.json(updatePlaylistSettings(deps, user.userId, input));
    });
}
