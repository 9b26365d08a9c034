import { Hono } from "hono";
import { DistributionIdSchema } from "../../shared/schemas/distribution.ts";
import type { Deps } from "../deps/deps.ts";
import { noticeDeletedPlaylists } from "../playlists/deletion-check.ts";
import { getPlaylistsOverview, getRunPlaylists } from "../playlists/overview.ts";
import { parseWith, reading, requireUser } from "./validate.ts";

/** The listener's view of their playlists: counts, parts, last updates, links. */
export function playlistsRest(deps: Deps) {
  return new Hono()
    .get("/playlist-preferences/playlists", async (c) => {
      await noticeDeletedPlaylists(deps, requireUser(c, deps).userId);
      return reading(deps, (c) => getPlaylistsOverview(deps, requireUser(c, deps)))(c);
    })
    .get(
      "/distributor/:id/playlists",
      reading(deps, (c) => {
        const user = requireUser(c, deps);
        const { id } = parseWith(DistributionIdSchema, { id: c.req.param("id") });
        return getRunPlaylists(deps, user.userId, id);
      }),
    );
}
