// Catalogue lookups: artists (batch and single), tracks (batch and single) and audio features.
import type { Hono } from "hono";
import { isBase62Id } from "../model/random.ts";
import type { EmulatorRuntime } from "../model/runtime.ts";
import type { World } from "../model/state.ts";
import { ApiError, apiError, endpoint, idsParam } from "./http.ts";
import { audioFeaturesObject, fullArtist, trackObject } from "./objects.ts";

const ARTISTS_BATCH = 50;
const TRACKS_BATCH = 50;
const AUDIO_FEATURES_BATCH = 100;

export function catalogueRoutes(app: Hono, runtime: EmulatorRuntime): void {
  endpoint(app, runtime, "GET", "/artists", ({ c, world, base }) => {
    if (runtime.faults.artistsBatchForbidden()) return apiError(c, 403, "Forbidden");
    const ids = idsParam(c, ARTISTS_BATCH);
    const artists = ids.map((id) => {
      const artist = world.catalogue.artists[artistIndexOf(world, id) ?? -1];
      return artist ? fullArtist(artist, base, runtime.faults.developmentMode) : null;
    });
    return c.json({ artists });
  });

  endpoint(app, runtime, "GET", "/artists/{id}", ({ c, world, base }) => {
    const artist = world.catalogue.artists[artistIndexOf(world, c.req.param("id") ?? "") ?? -1];
    if (!artist) return apiError(c, 404, "Resource not found");
    return c.json(fullArtist(artist, base, runtime.faults.developmentMode));
  });

  endpoint(app, runtime, "GET", "/tracks", ({ c, world, base, market }) => {
    const ids = idsParam(c, TRACKS_BATCH);
    const tracks = ids.map((id) => {
      const track = world.catalogue.track(trackIndexOf(world, id) ?? -1);
      return track ? trackObject(world.catalogue, track, base, market) : null;
    });
    return c.json({ tracks });
  });

  endpoint(app, runtime, "GET", "/tracks/{id}", ({ c, world, base, market }) => {
    const track = world.catalogue.track(trackIndexOf(world, c.req.param("id") ?? "") ?? -1);
    if (!track) return apiError(c, 404, "Resource not found");
    return c.json(trackObject(world.catalogue, track, base, market));
  });

  endpoint(app, runtime, "GET", "/audio-features", ({ c, world, base }) => {
    if (runtime.faults.audioFeaturesForbidden()) return apiError(c, 403, "Forbidden");
    const ids = idsParam(c, AUDIO_FEATURES_BATCH);
    const features = ids.map((id) => {
      const track = world.catalogue.track(trackIndexOf(world, id) ?? -1);
      return track ? audioFeaturesObject(track, base) : null;
    });
    return c.json({ audio_features: features });
  });

  endpoint(app, runtime, "GET", "/audio-features/{id}", ({ c, world, base }) => {
    if (runtime.faults.audioFeaturesForbidden()) return apiError(c, 403, "Forbidden");
    const track = world.catalogue.track(trackIndexOf(world, c.req.param("id") ?? "") ?? -1);
    const features = track ? audioFeaturesObject(track, base) : null;
    if (!features) return apiError(c, 404, "analysis not found");
    return c.json(features);
  });
}

/** Malformed ids are Spotify's 400 "invalid id"; well-formed unknown ones are simply not found. */
function checkedId(id: string): string {
  if (!isBase62Id(id)) throw new ApiError(400, "invalid id");
  return id;
}

const artistIndexOf = (world: World, id: string) => world.catalogue.artistIndex.get(checkedId(id));
const trackIndexOf = (world: World, id: string) => world.catalogue.trackIndexOf(checkedId(id));
