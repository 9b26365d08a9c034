import { Hono } from "hono";
import { PlaylistActivitySchema, PutBackSchema, RecreateSchema } from "../../shared/schemas/activity.ts";
import { JsonObjectSchema } from "../../shared/schemas/explain.ts";
import type { Deps } from "../deps/deps.ts";
import { getPlaylistActivity } from "../playlists/activity.ts";
import { putBackSong, recreatePlaylist } from "../playlists/take-back.ts";
import { jsonBody, parseWith, reading, requireUser } from "./validate.ts";

/** A playlist's activity, and taking a change back: put a removed song back, recreate a deleted playlist. */
export function activityRest(deps: Deps) {
  return new Hono()
    .get(
      "/playlists/:name/activity",
      reading(deps, (c) => {
        const user = requireUser(c, deps);
        const input = parseWith(PlaylistActivitySchema, {
          name: c.req.param("name"),
          limit: c.req.query("limit"),
        });
        return getPlaylistActivity(deps, user, input);
      }),
    )
    .post("/playlists/:name/put-back", async (c) => {
      const user = requireUser(c, deps);
      const body = await jsonBody(c, JsonObjectSchema);
      const input = parseWith(PutBackSchema, { ...body, name: c.req.param("name") });
      return c.json(putBackSong(deps, user, input), 202);
    })
    .post("/playlists/:name/recreate", async (c) => {
      const user = requireUser(c, deps);
      const { name } = parseWith(RecreateSchema, { name: c.req.param("name") });
      return c.json(await recreatePlaylist(deps, user, name), 202);
    });
}
