// ReccoBeats emulator: `GET /v1/audio-features?ids=` (1 to 40 Spotify ids; `ids=a,b` or `ids=a&ids=b`) and
// `GET /v1/track?ids=`, answering `{content: [...]}` with the Spotify id only in `href`, unknown songs absent.
// Behind "Cloudflare": a missing or generic User-Agent is refused with 403. Over its limit: 429 with Retry-After.
import { type Context, Hono } from "hono";
import { isGenericAgent, MetadataFaults, metadataControlApp } from "../metadata-world/faults.ts";
import { type MetadataWorld, metadataWorldFor } from "../metadata-world/world.ts";

export const RECCOBEATS_EMULATOR_BASE = "/emulator/reccobeats";
const MAX_IDS = 40;
/** Not published; public clients stay near 2 a second, the emulator allows bursts of 10 in a second. */
const LIMIT_PER_SECOND = 10;

export interface ReccoBeatsEmulatorOptions {
  seed: number;
  catalogueSize?: { artists: number; tracks: number };
  now?: () => number;
}

export interface ReccoBeatsEmulator {
  app: Hono;
  faults: MetadataFaults;
}

const sizeError = (c: Context) =>
  c.json(
    { status: 4004, errors: [{ path: "getAudioFeatures.ids", message: "size must be between 1 and 40" }] },
    400,
  );

function idsOf(c: Context): string[] {
  return (
    c.req
      .queries("ids")
      ?.flatMap((v) => v.split(","))
      .map((v) => v.trim())
      .filter(Boolean) ?? []
  );
}

export function createReccoBeatsEmulator(options: ReccoBeatsEmulatorOptions): ReccoBeatsEmulator {
  const faults = new MetadataFaults(LIMIT_PER_SECOND, 1000, options.now);
  let world: MetadataWorld | null = null;
  const getWorld = () => {
    world ??= metadataWorldFor(options);
    return world;
  };
  const api = new Hono();
  const guarded = (endpoint: string, handler: (c: Context, ids: string[]) => Response) =>
    api.get(endpoint, async (c) => {
      const agent = c.req.header("user-agent");
      const decision = faults.decide(`GET ${endpoint}`, agent);
      await faults.delay();
      if (decision === "down") return c.json({ error: "Service Unavailable" }, 503);
      if (isGenericAgent(agent)) {
        faults.refuseAgent();
        return c.text("error code: 1010", 403);
      }
      if (decision === "overLimit" || decision === "injectedLimit") {
        c.header("Retry-After", String(faults.current.retryAfterSec));
        return c.json({ error: "Too Many Requests" }, 429);
      }
      if (decision === "serverError") return c.json({ error: "Bad Gateway" }, 502);
      const ids = idsOf(c);
      if (ids.length < 1 || ids.length > MAX_IDS) return sizeError(c);
      return handler(c, ids);
    });

  guarded("/audio-features", (c, ids) => {
    const content = [];
    for (const id of new Set(ids)) {
      const known = getWorld().reccoBeats(id);
      const f = known?.track.features;
      if (!known || !f) continue;
      // ReccoBeats reports Spotify's features but the time signature
      const { time_signature: _, ...features } = f;
      content.push({
        id: known.id,
        href: `https://open.spotify.com/track/${id}`,
        isrc: known.track.isrc,
        ...features,
      });
    }
    // Order is not promised: the emulator answers newest-known first.
    return c.json({ content: content.reverse() });
  });

  guarded("/track", (c, ids) => {
    const content = [];
    for (const id of new Set(ids)) {
      const known = getWorld().reccoBeats(id);
      if (!known) continue;
      content.push({
        id: known.id,
        trackTitle: known.track.name,
        durationMs: known.track.durationMs,
        isrc: known.track.isrc,
        href: `https://open.spotify.com/track/${id}`,
        popularity: known.track.popularity,
      });
    }
    return c.json({ content });
  });

  api.notFound((c) => c.json({ status: 404, error: "Not Found" }, 404));
  const app = new Hono().basePath(RECCOBEATS_EMULATOR_BASE);
  app.route("/v1", api);
  app.route("/control", metadataControlApp(faults));
  return { app, faults };
}
