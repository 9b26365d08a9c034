import { Hono } from "hono";
import {
  AddExclusionSchema,
  ArtistIdSchema,
  JsonObjectSchema,
  PlacementSchema,
  PlaylistNameSchema,
  PlaylistSongsSchema,
  RemoveExclusionSchema,
  SetCorrectionSchema,
  SongSearchSchema,
} from "../../shared/schemas/explain.ts";
import type { Deps } from "../deps/deps.ts";
import { exportChoices, importChoices } from "../playlists/choices.ts";
import { listCorrections, removeCorrection, setCorrection } from "../playlists/corrections.ts";
import { addExclusion, listExclusions, removeExclusion } from "../playlists/exclusions.ts";
import { getPlaylistSongs } from "../playlists/explain.ts";
import { getPlacement, searchSongs } from "../playlists/placement.ts";
import { jsonBody, parseWith, reading, requireUser } from "./validate.ts";

/** Explain and correct: a playlist's songs with their reasons, exclusions, corrections. */
export function explainRest(deps: Deps) {
  return new Hono()
    .get("/playlists/:name/songs", async (c) => {
      const user = requireUser(c, deps);
      const input = parseWith(PlaylistSongsSchema, {
        name: c.req.param("name"),
        offset: c.req.query("offset"),
        limit: c.req.query("limit"),
      });
      // Not a read shim: classifying songs whose cached categories are stale writes the cache.
      return c.json(await getPlaylistSongs(deps, user, input));
    })
    .get(
      "/playlists/:name/exclusions",
      reading(deps, (c) => {
        const user = requireUser(c, deps);
        const { name } = parseWith(PlaylistNameSchema, { name: c.req.param("name") });
        return listExclusions(deps, user, name);
      }),
    )
    .post("/playlists/:name/exclusions", async (c) => {
      const user = requireUser(c, deps);
      const body = await jsonBody(c, JsonObjectSchema);
      const input = parseWith(AddExclusionSchema, { ...body, name: c.req.param("name") });
      const { exclusion, created } = addExclusion(deps, user, input);
      return c.json(exclusion, created ? 201 : 200);
    })
    .delete("/playlists/:name/exclusions/:kind/:id", (c) => {
      const user = requireUser(c, deps);
      const input = parseWith(RemoveExclusionSchema, {
        name: c.req.param("name"),
        kind: c.req.param("kind"),
        id: c.req.param("id"),
      });
      removeExclusion(deps, user, input);
      return c.body(null, 204);
    })
    .get("/songs/search", (c) => {
      const user = requireUser(c, deps);
      const { query } = parseWith(SongSearchSchema, { query: c.req.query("query") });
      return c.json(searchSongs(deps, user.userId, query));
    })
    .get("/songs/:trackId/placement", (c) => {
      const user = requireUser(c, deps);
      const { trackId } = parseWith(PlacementSchema, { trackId: c.req.param("trackId") });
      return c.json(getPlacement(deps, user, trackId));
    })
    .get(
      "/user/choices",
      reading(deps, (c) => exportChoices(deps, requireUser(c, deps).userId)),
    )
    .post("/user/choices", async (c) => {
      const user = requireUser(c, deps);
      const dryRun = c.req.query("dryRun") === "true";
      return c.json(importChoices(deps, user, await jsonBody(c, JsonObjectSchema), { dryRun }));
    })
    .get(
      "/corrections",
      reading(deps, (c) => listCorrections(deps, requireUser(c, deps).userId)),
    )
    .put("/corrections/artists/:artistId", async (c) => {
      const user = requireUser(c, deps);
      const body = await jsonBody(c, JsonObjectSchema);
      const input = parseWith(SetCorrectionSchema, { ...body, artistId: c.req.param("artistId") });
      return c.json(setCorrection(deps, user.userId, input));
    })
    .delete("/corrections/artists/:artistId", (c) => {
      const user = requireUser(c, deps);
      const { artistId } = parseWith(ArtistIdSchema, { artistId: c.req.param("artistId") });
      removeCorrection(deps, user.userId, artistId);
      return c.body(null, 204);
    });
}
