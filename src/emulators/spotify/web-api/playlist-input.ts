// Validation of playlist write bodies, with Spotify's limits and messages.
import type { NewPlaylistInput } from "../model/playlist-records.ts";
import type { World } from "../model/state.ts";
import { ApiError } from "./http.ts";

const WRITE_BATCH = 100;
const TRACK_URI = /^spotify:track:([0-9A-Za-z]{22})$/;
const EPISODE_URI = /^spotify:episode:([0-9A-Za-z]{22})$/;

/** Track URIs to add or set: at most 100, each a known track. */
export function parseTrackUris(world: World, uris: unknown, mode: "add" | "replace"): number[] {
  if (!Array.isArray(uris) || !uris.every((u) => typeof u === "string")) {
    throw new ApiError(400, "Missing or invalid uris");
  }
  if (mode === "add" && uris.length === 0) throw new ApiError(400, "No uris provided");
  if (uris.length > WRITE_BATCH) {
    throw new ApiError(400, `You can ${mode} a maximum of ${WRITE_BATCH} tracks per request.`);
  }
  return uris.map((uri: string) => {
    const match = TRACK_URI.exec(uri);
    if (!match?.[1]) {
      if (EPISODE_URI.test(uri)) throw new ApiError(400, "Payload contains a non-existing ID");
      throw new ApiError(400, `Invalid track uri: ${uri}`);
    }
    const trackIndex = world.catalogue.trackIndexOf(match[1]);
    if (trackIndex === undefined) throw new ApiError(400, "Payload contains a non-existing ID");
    return trackIndex;
  });
}

/** `{items: [{uri, positions?}]}` (current) or `{tracks: [...]}` (older clients); at most `max` entries. */
export function parseRemovals(
  world: World,
  body: Record<string, unknown>,
  max: number,
): { trackIndex: number; positions?: number[] }[] {
  const entries = body.items ?? body.tracks;
  if (!Array.isArray(entries) || entries.length === 0) throw new ApiError(400, "Missing or invalid items");
  if (entries.length > max) throw new ApiError(400, `You can remove a maximum of ${max} tracks per request.`);
  const removals: { trackIndex: number; positions?: number[] }[] = [];
  for (const entry of entries) {
    const uri = entry && typeof entry === "object" ? (entry as { uri?: unknown }).uri : undefined;
    const positions =
      entry && typeof entry === "object" ? (entry as { positions?: unknown }).positions : undefined;
    const match = typeof uri === "string" ? TRACK_URI.exec(uri) : null;
    if (!match?.[1]) {
      if (typeof uri === "string" && EPISODE_URI.test(uri)) continue;
      throw new ApiError(400, `Invalid track uri: ${String(uri)}`);
    }
    if (
      positions !== undefined &&
      !(Array.isArray(positions) && positions.every((p) => Number.isInteger(p) && p >= 0))
    ) {
      throw new ApiError(400, "Invalid positions");
    }
    const trackIndex = world.catalogue.trackIndexOf(match[1]);
    if (trackIndex !== undefined) removals.push({ trackIndex, ...(positions ? { positions } : {}) });
  }
  return removals;
}

/** `PUT /playlists/{id}`: name, public, collaborative, description, each optional. */
export function parseUpdate(body: Record<string, unknown>): Partial<NewPlaylistInput> {
  const changes: Partial<NewPlaylistInput> = {};
  if (body.name !== undefined) {
    if (typeof body.name !== "string" || body.name.trim() === "") throw new ApiError(400, "Invalid name");
    changes.name = body.name;
  }
  if (body.public !== undefined && body.public !== null) {
    if (typeof body.public !== "boolean") throw new ApiError(400, "Invalid public");
    changes.isPublic = body.public;
  }
  if (body.collaborative !== undefined) {
    if (typeof body.collaborative !== "boolean") throw new ApiError(400, "Invalid collaborative");
    changes.collaborative = body.collaborative;
  }
  if (body.description !== undefined) {
    if (typeof body.description !== "string") throw new ApiError(400, "Invalid description");
    changes.description = body.description;
  }
  return changes;
}
