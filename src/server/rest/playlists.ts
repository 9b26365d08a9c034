import { Hono } from "hono";
import { DistributionIdSchema } from "../../shared/schemas/distribution.ts";
import type { Deps } from "../deps/deps.ts";
import { openPlaylistsOverview } from "../playlists/deletion-check.ts";
import { getRunPlaylists } from "../playlists/overview.ts";
import { parseWith, reading, requireUser } from "./validate.ts";

/** The listener's view of their playlists: counts, parts, last updates, links. */
export function playlistsRest(deps: Deps) {
  return new Hono()
    .get("/playlist-preferences/playlists", async (c) =>
      c.json(await openPlaylistsOverview(deps, requireUser(c, deps))),
    )
    .get(
      "/distributor/:id/playlists",
      reading(deps, (c) => {
        const user = requireUser(c, deps);
        const { id } = parseWith(DistributionIdSchema, { id: c.req.param("id") });
        return getRunPlaylists(deps, user.userId, id);
      }),
    );
}
