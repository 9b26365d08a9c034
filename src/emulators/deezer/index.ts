// Deezer public API emulator: `GET /track/isrc:{ISRC}` and `GET /track/{id}` with `bpm` (often 0). Errors come
// with HTTP 200 and an `error` body, as Deezer sends them: code 4 over the quota (50 requests per 5 seconds, no
// Retry-After), 800 when there is no such track, 700 when busy.
import { type Context, Hono } from "hono";
import { MetadataFaults, metadataControlApp } from "../metadata-world/faults.ts";
import { type MetadataWorld, metadataWorldFor } from "../metadata-world/world.ts";
import type { CatalogueTrack } from "../spotify/model/catalogue.ts";

export const DEEZER_EMULATOR_BASE = "/emulator/deezer";

export interface DeezerEmulatorOptions {
  seed: number;
  catalogueSize?: { artists: number; tracks: number };
  now?: () => number;
}

export interface DeezerEmulator {
  app: Hono;
  faults: MetadataFaults;
}

const error = (c: Context, type: string, message: string, code: number) =>
  c.json({ error: { type, message, code } }, 200);

export function createDeezerEmulator(options: DeezerEmulatorOptions): DeezerEmulator {
  const faults = new MetadataFaults(50, 5000, options.now);
  let world: MetadataWorld | null = null;
  const w = () => {
    world ??= metadataWorldFor(options);
    return world;
  };
  const trackObject = (track: CatalogueTrack, id: number, bpm: number) => {
    const album = w().catalogue.albums[track.album];
    const artist = w().catalogue.artists[track.artists[0] ?? 0];
    return {
      id,
      readable: true,
      title: track.name,
      title_short: track.name,
      isrc: track.isrc,
      link: `https://www.deezer.com/track/${id}`,
      duration: Math.round(track.durationMs / 1000),
      track_position: track.trackNumber,
      disk_number: 1,
      rank: track.popularity * 10_000,
      release_date: album?.releaseDate ?? "",
      explicit_lyrics: track.explicit,
      bpm,
      gain: -8.5,
      available_countries: [],
      contributors: [],
      artist: { id: 100 + (track.artists[0] ?? 0), name: artist?.name ?? "", type: "artist" },
      album: { id: 500 + track.album, title: album?.name ?? "", type: "album" },
      type: "track",
    };
  };

  const app = new Hono().basePath(DEEZER_EMULATOR_BASE);
  app.route("/control", metadataControlApp(faults));
  app.get("/track/:key", async (c) => {
    const key = c.req.param("key");
    const byIsrc = key.toLowerCase().startsWith("isrc:");
    const decision = faults.decide(
      byIsrc ? "GET /track/isrc:{isrc}" : "GET /track/{id}",
      c.req.header("user-agent"),
    );
    await faults.delay();
    if (decision === "down") return c.json({ error: "Service Unavailable" }, 503);
    if (decision === "overLimit" || decision === "injectedLimit")
      return error(c, "Exception", "Quota limit exceeded", 4);
    if (decision === "serverError") return error(c, "Exception", "The service is busy", 700);
    if (byIsrc) {
      const found = w().deezer(key.slice(5));
      return found
        ? c.json(trackObject(found.track, found.id, found.bpm))
        : error(c, "DataException", "no data", 800);
    }
    const index = Number(key) - 1_000_000;
    const track = Number.isInteger(index) ? w().catalogue.track(index) : undefined;
    const found = track ? w().deezer(track.isrc) : undefined;
    return found
      ? c.json(trackObject(found.track, found.id, found.bpm))
      : error(c, "DataException", "no data", 800);
  });
  app.all("*", (c) => error(c, "DataException", "no data", 800));
  return { app, faults };
}
