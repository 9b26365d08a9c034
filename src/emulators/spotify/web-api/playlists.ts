// Playlists: details, changes, items (read, add, remove, replace or reorder) and unfollowing.
import type { Context, Hono } from "hono";
import { PLAYLIST_CAPACITY, type PlaylistRecord } from "../model/playlist-records.ts";
import type { EmulatorRuntime } from "../model/runtime.ts";
import type { World } from "../model/state.ts";
import type { StoredToken } from "../model/store.ts";
import { withFields } from "./fields.ts";
import { type ApiCall, ApiError, endpoint, jsonBody, pageParams, paging, requireScope } from "./http.ts";
import { followPlaylist, unfollowPlaylist } from "./me.ts";
import { playlistItems, playlistObject } from "./objects.ts";
import { parseRemovals, parseTrackUris, parseUpdate } from "./playlist-input.ts";

const WRITE_BATCH = 100;

export function playlistRoutes(app: Hono, runtime: EmulatorRuntime): void {
  endpoint(app, runtime, "GET", "/playlists/{playlist_id}", ({ c, world, base, market }) => {
    return c.json(withFields(playlistObject(world, existing(world, c), base, market), c.req.query("fields")));
  });

  endpoint(app, runtime, "PUT", "/playlists/{playlist_id}", async ({ c, world, token }) => {
    const playlist = owned(world, c, token, "You cannot change details of a playlist you don't own.");
    const changes = parseUpdate(await jsonBody(c));
    if (changes.isPublic !== undefined) {
      requireScope(token, changes.isPublic ? "playlist-modify-public" : "playlist-modify-private");
    }
    world.updatePlaylist(playlist, changes);
    return c.body(null, 200);
  });

  for (const [path, maxLimit] of [
    ["/playlists/{playlist_id}/items", 50],
    ["/playlists/{playlist_id}/tracks", 100],
  ] as const) {
    endpoint(app, runtime, "GET", path, (call) => readItems(call, maxLimit, path.endsWith("items")));
    endpoint(app, runtime, "POST", path, addItems);
    endpoint(app, runtime, "DELETE", path, removeItems);
    endpoint(app, runtime, "PUT", path, replaceOrReorderItems);
  }

  // The older follow calls; /me/library does the same.
  endpoint(app, runtime, "DELETE", "/playlists/{playlist_id}/followers", ({ c, world, token }) => {
    const playlist = existing(world, c);
    requireScope(token, "playlist-modify-public", "playlist-modify-private");
    unfollowPlaylist(world, token.userId, playlist.id);
    return c.body(null, 200);
  });

  endpoint(app, runtime, "PUT", "/playlists/{playlist_id}/followers", async ({ c, world, token }) => {
    const playlist = existing(world, c);
    const body = await jsonBody(c);
    if (body.public !== undefined && typeof body.public !== "boolean")
      throw new ApiError(400, "Invalid public");
    requireScope(token, "playlist-modify-public", "playlist-modify-private");
    followPlaylist(world, token.userId, playlist.id);
    return c.body(null, 200);
  });
}

function readItems({ c, world, token, base, market }: ApiCall, maxLimit: number, current: boolean): Response {
  const playlist = existing(world, c);
  if (playlist.ownerId !== token.userId && !playlist.collaborative) throw new ApiError(403, "Forbidden");
  if (!playlist.isPublic) requireScope(token, "playlist-read-private");
  const { limit, offset } = pageParams(c, maxLimit);
  const url = `${base}/playlists/${playlist.id}/${current ? "items" : "tracks"}`;
  const items = playlistItems(world, playlist, offset, limit, base, market);
  const page = paging(url, items, limit, offset, playlist.items.length, c.req.query("market"));
  return c.json(withFields(page, c.req.query("fields")));
}

async function addItems({ c, world, token }: ApiCall): Promise<Response> {
  const playlist = owned(world, c, token, "You cannot add tracks to a playlist you don't own.");
  const body = await jsonBody(c);
  const queryUris = c.req.query("uris");
  const uris = queryUris !== undefined ? queryUris.split(",").map((u) => u.trim()) : body.uris;
  const trackIndexes = parseTrackUris(world, uris, "add");
  const positionRaw = c.req.query("position") ?? body.position;
  const position = positionRaw === undefined || positionRaw === null ? undefined : Number(positionRaw);
  if (
    position !== undefined &&
    (!Number.isInteger(position) || position < 0 || position > playlist.items.length)
  ) {
    throw new ApiError(400, "Index out of bounds");
  }
  if (playlist.items.length + trackIndexes.length > PLAYLIST_CAPACITY) {
    throw new ApiError(400, "Playlist size limit reached");
  }
  world.addItems(playlist, trackIndexes, token.userId, position);
  return c.json({ snapshot_id: world.snapshotId(playlist) }, 201);
}

async function removeItems({ c, world, token }: ApiCall): Promise<Response> {
  const playlist = owned(world, c, token, "You cannot remove tracks from a playlist you don't own.");
  const removals = parseRemovals(world, await jsonBody(c), WRITE_BATCH);
  world.removeItems(playlist, removals);
  return c.json({ snapshot_id: world.snapshotId(playlist) }, 200);
}

async function replaceOrReorderItems({ c, world, token }: ApiCall): Promise<Response> {
  const playlist = owned(world, c, token, "You cannot change a playlist you don't own.");
  const body = await jsonBody(c);
  const queryUris = c.req.query("uris");
  if (queryUris !== undefined || body.uris !== undefined) {
    const uris = queryUris !== undefined ? queryUris.split(",").filter(Boolean) : body.uris;
    const trackIndexes = parseTrackUris(world, uris, "replace");
    world.removeItems(
      playlist,
      [...new Set(playlist.items.map((i) => i.trackIndex))].map((trackIndex) => ({ trackIndex })),
    );
    if (trackIndexes.length > 0) world.addItems(playlist, trackIndexes, token.userId);
    return c.json({ snapshot_id: world.snapshotId(playlist) }, 200);
  }
  const start = body.range_start;
  const before = body.insert_before;
  const length = body.range_length ?? 1;
  const size = playlist.items.length;
  const valid = (n: unknown, max: number): n is number =>
    Number.isInteger(n) && (n as number) >= 0 && (n as number) <= max;
  if (!valid(start, size - 1) || !valid(before, size) || !valid(length, size - start) || length < 1) {
    throw new ApiError(400, "Index out of bounds");
  }
  world.reorderItems(playlist, start, length, before);
  return c.json({ snapshot_id: world.snapshotId(playlist) }, 200);
}

/**
 * A playlist that exists; 404 otherwise, as Spotify answers. One its owner unfollowed ("deleted" in the app)
 * still exists, as on Spotify.
 */
function existing(world: World, c: Context): PlaylistRecord {
  const playlist = world.playlist(c.req.param("playlist_id") ?? "");
  if (!playlist || playlist.deleted) throw new ApiError(404, "Resource not found");
  return playlist;
}

/** The caller's own playlist, with the scope its visibility needs for changes. */
function owned(world: World, c: Context, token: StoredToken, refusal: string): PlaylistRecord {
  const playlist = existing(world, c);
  if (playlist.ownerId !== token.userId) throw new ApiError(403, refusal);
  requireScope(token, playlist.isPublic ? "playlist-modify-public" : "playlist-modify-private");
  return playlist;
}
