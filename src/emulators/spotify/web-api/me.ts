// /me, the listener's liked songs, their playlists list and playlist creation, and /me/library.
import type { Hono } from "hono";
import { toIsoSeconds } from "../model/listeners.ts";
import type { EmulatorRuntime } from "../model/runtime.ts";
import type { World } from "../model/state.ts";
import {
  ApiError,
  apiError,
  endpoint,
  hasScope,
  jsonBody,
  pageParams,
  paging,
  requireScope,
} from "./http.ts";
import { playlistObject, simplifiedPlaylist, trackObject } from "./objects.ts";

const MAX_PLAYLISTS_PER_USER = 11_000;
const MAX_LIBRARY_URIS = 40;
const URI = /^spotify:(track|album|episode|show|audiobook|user|playlist):([0-9A-Za-z]+)$/;
/** the check also takes artists (followed artists), as Spotify's reference says */
const CONTAINS_URI = /^spotify:(track|album|episode|show|audiobook|artist|user|playlist):([0-9A-Za-z]+)$/;

export function meRoutes(app: Hono, runtime: EmulatorRuntime): void {
  endpoint(app, runtime, "GET", "/me", ({ c, world, token, base }) => {
    const profile = world.listener(token.userId);
    if (!profile) return apiError(c, 404, "Resource not found");
    const privateFields = hasScope(token, "user-read-private");
    const ids = runtime.userIds();
    const id = ids.spotifyId(profile.id);
    return c.json({
      account_id: ids.accountId(profile.id),
      ...(privateFields ? { country: profile.country } : {}),
      display_name: profile.displayName,
      ...(hasScope(token, "user-read-email") ? { email: profile.email } : {}),
      ...(privateFields ? { explicit_content: { filter_enabled: false, filter_locked: false } } : {}),
      external_urls: { spotify: `https://open.spotify.com/user/${id}` },
      followers: { href: null, total: 0 },
      href: `${base}/users/${id}`,
      id,
      images: [],
      ...(privateFields ? { product: profile.product } : {}),
      type: "user",
      uri: `spotify:user:${id}`,
    });
  });

  endpoint(app, runtime, "GET", "/me/tracks", ({ c, world, token, base, market }) => {
    requireScope(token, "user-library-read");
    const { limit, offset } = pageParams(c, 50);
    const likes = world.library(token.userId).all();
    const items = [];
    for (const like of likes.slice(offset, offset + limit)) {
      const track = world.catalogue.track(like.trackIndex);
      if (track)
        items.push({
          added_at: toIsoSeconds(like.addedAt),
          track: trackObject(world.catalogue, track, base, market),
        });
    }
    return c.json(paging(`${base}/me/tracks`, items, limit, offset, likes.length, c.req.query("market")));
  });

  endpoint(app, runtime, "GET", "/me/playlists", ({ c, world, token, base }) => {
    const { limit, offset } = pageParams(c, 50);
    if (offset > 100_000) throw new ApiError(400, "Invalid offset");
    const playlists = world.playlistsOf(token.userId);
    const items = playlists.slice(offset, offset + limit).map((p) => simplifiedPlaylist(world, p, base));
    return c.json(paging(`${base}/me/playlists`, items, limit, offset, playlists.length));
  });

  endpoint(app, runtime, "POST", "/me/playlists", async ({ c, world, token, base }) => {
    const body = await jsonBody(c);
    const input = newPlaylistInput(body);
    requireScope(token, input.isPublic ? "playlist-modify-public" : "playlist-modify-private");
    if (world.playlistsOf(token.userId).length >= MAX_PLAYLISTS_PER_USER) {
      throw new ApiError(400, "Max playlists limit reached");
    }
    const playlist = world.createPlaylist(token.userId, input);
    return c.json(playlistObject(world, playlist, base), 201);
  });

  endpoint(app, runtime, "DELETE", "/me/library", ({ c, world, token }) => {
    for (const [type, id] of libraryUris(c.req.query("uris"))) {
      if (type === "playlist") unfollowPlaylist(world, token.userId, id);
      if (type === "track") {
        const trackIndex = world.catalogue.trackIndexOf(id);
        if (trackIndex !== undefined) world.unlike(token.userId, trackIndex);
      }
    }
    return c.body(null, 200);
  });

  endpoint(app, runtime, "PUT", "/me/library", ({ c, world, token }) => {
    const liked: number[] = [];
    for (const [type, id] of libraryUris(c.req.query("uris"))) {
      if (type === "track") {
        const trackIndex = world.catalogue.trackIndexOf(id);
        if (trackIndex === undefined) throw new ApiError(400, "Payload contains a non-existing ID");
        liked.push(trackIndex);
      }
      if (type === "playlist") followPlaylist(world, token.userId, id);
    }
    if (liked.length > 0) world.like(token.userId, liked);
    return c.body(null, 200);
  });

  endpoint(app, runtime, "GET", "/me/library/contains", ({ c, world, token }) => {
    requireScope(token, "user-library-read", "user-follow-read", "playlist-read-private");
    const answers = libraryUris(c.req.query("uris"), CONTAINS_URI).map(([type, id]) => {
      if (type === "track") {
        const trackIndex = world.catalogue.trackIndexOf(id);
        return trackIndex !== undefined && world.library(token.userId).has(trackIndex);
      }
      if (type === "playlist") {
        const playlist = world.playlist(id);
        return playlist !== undefined && world.inLibrary(playlist, token.userId);
      }
      // Albums, episodes, shows, audiobooks, artists and users are never saved or followed here.
      return false;
    });
    return c.json(answers);
  });
}

/**
 * Unfollowing one's own playlist is what deleting it in the Spotify app does: it leaves the library but still
 * exists. Unfollowing someone else's playlist takes it out of the listener's library.
 */
export function unfollowPlaylist(world: World, userId: string, playlistId: string): void {
  const playlist = world.playlist(playlistId);
  if (!playlist || playlist.deleted) return;
  if (playlist.ownerId === userId) world.unfollowPlaylist(playlist);
  else world.setFollower(playlist, userId, false);
}

/** Saves a playlist to the listener's library (their own unfollowed one, or another's public one). */
export function followPlaylist(world: World, userId: string, playlistId: string): void {
  const playlist = world.playlist(playlistId);
  if (!playlist || playlist.deleted) return;
  if (playlist.ownerId === userId) world.followPlaylist(playlist);
  // another listener's playlist: saved when it is public or collaborative, as Spotify lets anyone do
  else if (playlist.isPublic || playlist.collaborative) world.setFollower(playlist, userId, true);
}

function libraryUris(raw: string | undefined, pattern = URI): [string, string][] {
  if (raw === undefined || raw.trim() === "") throw new ApiError(400, "Missing required parameter: uris");
  const uris = raw.split(",").map((u) => u.trim());
  if (uris.length > MAX_LIBRARY_URIS)
    throw new ApiError(400, `Too many URIs: maximum is ${MAX_LIBRARY_URIS}`);
  return uris.map((uri) => {
    const match = pattern.exec(uri);
    if (!match?.[1] || !match[2]) throw new ApiError(400, `Invalid URI: ${uri}`);
    return [match[1], match[2]];
  });
}

function newPlaylistInput(body: Record<string, unknown>) {
  const { name, description } = body;
  if (typeof name !== "string" || name.trim() === "") throw new ApiError(400, "Missing required field: name");
  if (body.public !== undefined && typeof body.public !== "boolean")
    throw new ApiError(400, "Invalid public");
  if (body.collaborative !== undefined && typeof body.collaborative !== "boolean") {
    throw new ApiError(400, "Invalid collaborative");
  }
  if (description !== undefined && description !== null && typeof description !== "string") {
    throw new ApiError(400, "Invalid description");
  }
  const isPublic = body.public !== false;
  const collaborative = body.collaborative === true;
  if (collaborative && isPublic) throw new ApiError(400, "Collaborative playlists can only be private.");
  return { name, isPublic, collaborative, description: typeof description === "string" ? description : null };
}
