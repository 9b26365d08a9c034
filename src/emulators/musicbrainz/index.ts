// MusicBrainz web service v2 emulator (JSON): URL lookups with artist relations (up to 100 `resource`s), artist
// lookups with genres and tags, artist search by `arid:`, ISRC lookups and recording search by `isrc:`. At most
// 1 request a second (over it: 503, counted as a violation); a missing or generic User-Agent is refused.
import { type Context, Hono } from "hono";
import { isGenericAgent, MetadataFaults, metadataControlApp } from "../metadata-world/faults.ts";
import { type MbArtist, type MetadataWorld, metadataWorldFor } from "../metadata-world/world.ts";
import type { CatalogueTrack } from "../spotify/model/catalogue.ts";

export const MUSICBRAINZ_EMULATOR_BASE = "/emulator/musicbrainz";
const MAX_RESOURCES = 100;
const HELP = "For usage, please see: https://musicbrainz.org/development/mmd";
const RATE_MESSAGE =
  "Your requests are exceeding the allowable rate limit. Please see https://wiki.musicbrainz.org/MusicBrainz_API/Rate_Limiting for more information.";

export interface MusicBrainzEmulatorOptions {
  seed: number;
  catalogueSize?: { artists: number; tracks: number };
  now?: () => number;
}

export interface MusicBrainzEmulator {
  app: Hono;
  faults: MetadataFaults;
}

const MBID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISRC = /^[A-Z]{2}[A-Z0-9]{3}[0-9]{7}$/i;
const notFound = (c: Context) => c.json({ error: "Not Found", help: HELP }, 404);

/** Search `limit`: 1..100, anything else silently becomes 25. */
const searchLimit = (raw: string | undefined) => {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= 100 ? n : 25;
};

/** A search's answer: the page `offset` and `limit` ask for, in MusicBrainz's envelope under `key`. */
function searchAnswer<T>(
  c: Context,
  found: readonly T[],
  key: "artists" | "recordings",
  entry: (item: T) => object,
) {
  const offset = Math.max(0, Number(c.req.query("offset")) || 0);
  const page = found.slice(offset, offset + searchLimit(c.req.query("limit")));
  return { created: new Date(0).toISOString(), count: found.length, offset, [key]: page.map(entry) };
}

/** The values of `field:` terms in a Lucene query such as `arid:X OR arid:Y` (quotes and brackets allowed). */
export const queryTerms = (query: string, field: string): string[] =>
  [...query.matchAll(new RegExp(`${field}:\\s*"?([^\\s"()]+)"?`, "gi"))].map((m) => m[1] ?? "");

const artistRef = (a: MbArtist, withCountry: boolean) => ({
  id: a.mbid,
  name: a.name,
  "sort-name": a.sortName,
  ...(withCountry && a.country ? { country: a.country } : {}),
  type: a.type,
  disambiguation: "",
});

export function createMusicBrainzEmulator(options: MusicBrainzEmulatorOptions): MusicBrainzEmulator {
  const faults = new MetadataFaults(1, 1000, options.now);
  let world: MetadataWorld | null = null;
  const w = () => {
    world ??= metadataWorldFor(options);
    return world;
  };
  const credits = (track: CatalogueTrack, withCountry: boolean) =>
    track.artists
      .map((index) => w().mbArtist(index))
      .filter((a): a is MbArtist => a !== undefined)
      .map((a, i, all) => ({
        name: a.name,
        joinphrase: i < all.length - 1 ? " feat. " : "",
        artist: artistRef(a, withCountry),
      }));

  // MusicBrainz answers `/artist/?query=` as `/artist?query=` (public clients send the slash).
  const api = new Hono({ strict: false });
  api.use("*", async (c, next) => {
    const agent = c.req.header("user-agent");
    const path = c.req.path.replace(/^.*\/ws\/2/, "");
    const endpoint = `GET /${path.split("/")[1] ?? ""}${path.split("/").length > 2 ? "/{id}" : ""}`;
    const decision = faults.decide(endpoint, agent);
    await faults.delay();
    if (decision === "down") return c.json({ error: "Service Unavailable" }, 503);
    if (isGenericAgent(agent) || !/\(.+\)/.test(agent ?? "")) {
      faults.refuseAgent();
      return c.json({ error: "Please provide a meaningful User-Agent", help: HELP }, 403);
    }
    if (decision === "overLimit" || decision === "injectedLimit") return c.json({ error: RATE_MESSAGE }, 503);
    if (decision === "serverError") return c.json({ error: "Bad Gateway" }, 502);
    await next();
  });

  api.get("/url", (c) => {
    const resources = (c.req.queries("resource") ?? []).slice(0, MAX_RESOURCES);
    if (resources.length === 0)
      return c.json({ error: "Missing required parameter: resource", help: HELP }, 400);
    const withRels = (c.req.query("inc") ?? "").split(/[ +]/).includes("artist-rels");
    const urls = [];
    for (const resource of resources) {
      const match = /^https:\/\/open\.spotify\.com\/artist\/([0-9A-Za-z]{22})$/.exec(resource);
      const artist = match?.[1] ? w().artistBySpotifyId(match[1]) : undefined;
      if (!artist?.spotifyLinked) continue;
      urls.push({
        id: artist.mbid.replace(/^(.{8})/, "0rl00000"),
        resource,
        ...(withRels
          ? {
              relations: [
                {
                  "target-type": "artist",
                  type: "free streaming",
                  "type-id": "769085a1-c2f7-4c24-a532-2375a77693bd",
                  direction: "backward",
                  "source-credit": "",
                  "target-credit": "",
                  attributes: [],
                  ended: false,
                  begin: null,
                  end: null,
                  artist: artistRef(artist, true),
                },
              ],
            }
          : {}),
      });
    }
    if (resources.length === 1) return urls[0] ? c.json(urls[0]) : notFound(c);
    return c.json({ "url-count": urls.length, "url-offset": 0, urls });
  });

  api.get("/artist/:mbid", (c) => {
    const mbid = c.req.param("mbid");
    if (!MBID.test(mbid)) return c.json({ error: "Invalid mbid.", help: HELP }, 400);
    const artist = w().artistByMbid(mbid.toLowerCase());
    if (!artist) return notFound(c);
    const inc = (c.req.query("inc") ?? "").split(/[ +]/);
    return c.json({
      ...artistRef(artist, true),
      area: artist.country
        ? { id: "area", name: artist.country, "iso-3166-1-codes": [artist.country] }
        : null,
      ...(inc.includes("genres")
        ? { genres: artist.genres.map((g) => ({ ...g, id: "genre", disambiguation: "" })) }
        : {}),
      ...(inc.includes("tags") ? { tags: artist.tags } : {}),
    });
  });

  api.get("/artist", (c) => {
    const ids = queryTerms(c.req.query("query") ?? "", "arid");
    const found = ids
      .map((id) => w().artistByMbid(id.toLowerCase()))
      .filter((a): a is MbArtist => a !== undefined);
    return c.json(
      searchAnswer(c, found, "artists", (a) => ({ ...artistRef(a, true), score: 100, tags: a.tags })),
    );
  });

  api.get("/isrc/:isrc", (c) => {
    const isrc = c.req.param("isrc");
    if (!ISRC.test(isrc)) return c.json({ error: "Invalid isrc.", help: HELP }, 400);
    const tracks = w().recordingsOfIsrc(isrc);
    if (tracks.length === 0) return notFound(c);
    const withCredits = (c.req.query("inc") ?? "").split(/[ +]/).includes("artist-credits");
    return c.json({
      isrc: isrc.toUpperCase(),
      recordings: tracks.map((t) => ({
        id: w().recordingId(t),
        title: t.name,
        length: t.durationMs,
        video: false,
        disambiguation: "",
        ...(withCredits ? { "artist-credit": credits(t, true) } : {}),
      })),
    });
  });

  api.get("/recording", (c) => {
    const isrcs = queryTerms(c.req.query("query") ?? "", "isrc");
    const tracks = isrcs.flatMap((isrc) => (ISRC.test(isrc) ? w().recordingsOfIsrc(isrc) : []));
    return c.json(
      searchAnswer(c, tracks, "recordings", (t) => ({
        id: w().recordingId(t),
        score: 100,
        title: t.name,
        length: t.durationMs,
        isrcs: [t.isrc],
        "artist-credit": credits(t, false),
      })),
    );
  });

  api.notFound(notFound);
  const app = new Hono({ strict: false }).basePath(MUSICBRAINZ_EMULATOR_BASE);
  app.route("/ws/2", api);
  app.route("/control", metadataControlApp(faults));
  return { app, faults };
}
