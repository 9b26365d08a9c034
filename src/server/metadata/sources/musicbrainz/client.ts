// MusicBrainz web service v2 (JSON). One pace for the whole process (at most 1 request a second); a 503 slows
// the pace down and is asked again. Artists are found 100 a call through their Spotify artist URLs, their tags
// 100 a call through the artist search, and artists without a Spotify link through their songs' ISRCs.
import { MetadataSourceError, type MetadataSourceHttp, type SourceAnswer } from "../../source-base/http.ts";

export const MUSICBRAINZ_BATCH = 100;
/** Slightly over a second, so arrival jitter never puts two requests inside one second at the server. */
export const MUSICBRAINZ_INTERVAL_MS = 1100;

export interface MusicBrainzArtistRef {
  mbid: string;
  name: string;
  country: string | null;
}

export interface MusicBrainzTags {
  tags: string[];
  country: string | null;
}

export const spotifyArtistUrl = (id: string) => `https://open.spotify.com/artist/${id}`;

type Json = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);
const list = (v: unknown): Json[] =>
  Array.isArray(v) ? (v.filter((x) => x && typeof x === "object") as Json[]) : [];

const judge = (a: SourceAnswer) =>
  a.status === 503 || a.status === 429 ? { retryAfterMs: 1000, slowDown: true } : null;

export function createMusicBrainzClient(http: MetadataSourceHttp) {
  async function get(endpoint: string, path: string, allow404: boolean): Promise<Json | null> {
    const answer = await http.get(endpoint, `${path}${path.includes("?") ? "&" : "?"}fmt=json`, judge);
    if (answer.status === 404 && allow404) return null;
    if (answer.status !== 200 || typeof answer.json !== "object" || answer.json === null) {
      throw new MetadataSourceError("musicbrainz", answer.status, `unexpected answer to ${endpoint}`);
    }
    return answer.json as Json;
  }

  return {
    http,
    /** MusicBrainz artist (id, country) of each Spotify artist id that MusicBrainz links, 100 URLs a call. */
    async artistsBySpotifyIds(spotifyIds: readonly string[]): Promise<Map<string, MusicBrainzArtistRef>> {
      const found = new Map<string, MusicBrainzArtistRef>();
      for (let i = 0; i < spotifyIds.length; i += MUSICBRAINZ_BATCH) {
        const batch = spotifyIds.slice(i, i + MUSICBRAINZ_BATCH);
        const byUrl = new Map(batch.map((id) => [spotifyArtistUrl(id), id]));
        const resources = [...byUrl.keys()].map((url) => `resource=${encodeURIComponent(url)}`).join("&");
        const body = await get("GET /url", `/url?${resources}&inc=artist-rels`, true);
        if (!body) continue;
        const urls = Array.isArray(body.urls) ? list(body.urls) : [body];
        for (const url of urls) {
          const spotifyId = byUrl.get(String(url.resource ?? ""));
          const rel = list(url.relations).find((r) => r["target-type"] === "artist" && r.artist);
          const artist = rel?.artist as Json | undefined;
          const mbid = str(artist?.id);
          if (spotifyId && mbid)
            found.set(spotifyId, { mbid, name: str(artist?.name) ?? "", country: str(artist?.country) });
        }
      }
      return found;
    },

    /** Tags (count above 0) and country of MusicBrainz artists, 100 a call through the artist search. */
    async tagsByMbids(mbids: readonly string[]): Promise<Map<string, MusicBrainzTags>> {
      const found = new Map<string, MusicBrainzTags>();
      for (let i = 0; i < mbids.length; i += MUSICBRAINZ_BATCH) {
        const batch = mbids.slice(i, i + MUSICBRAINZ_BATCH);
        const asked = new Set(batch);
        const query = encodeURIComponent(batch.map((id) => `arid:${id}`).join(" OR "));
        const body = await get("GET /artist", `/artist?query=${query}&limit=${MUSICBRAINZ_BATCH}`, false);
        for (const artist of list(body?.artists)) {
          const id = str(artist.id);
          if (!id || !asked.has(id)) continue;
          const names = [...list(artist.genres), ...list(artist.tags)]
            .filter((t) => typeof t.count !== "number" || t.count > 0)
            .map((t) => str(t.name))
            .filter((n): n is string => n !== null);
          found.set(id, { tags: [...new Set(names)], country: str(artist.country) });
        }
      }
      return found;
    },

    /** The credited artists of the recordings of each ISRC, 100 ISRCs a call (pages when more recordings match). */
    async artistsByIsrcs(isrcs: readonly string[]): Promise<Map<string, MusicBrainzArtistRef[]>> {
      const found = new Map<string, MusicBrainzArtistRef[]>();
      for (let i = 0; i < isrcs.length; i += MUSICBRAINZ_BATCH) {
        const batch = isrcs.slice(i, i + MUSICBRAINZ_BATCH);
        const asked = new Set(batch);
        const query = encodeURIComponent(batch.map((isrc) => `isrc:${isrc}`).join(" OR "));
        for (let offset = 0; ; ) {
          const body = await get(
            "GET /recording",
            `/recording?query=${query}&limit=${MUSICBRAINZ_BATCH}&offset=${offset}`,
            false,
          );
          const recordings = list(body?.recordings);
          for (const recording of recordings) {
            const credits = list(recording["artist-credit"])
              .map((credit) => credit.artist as Json | undefined)
              .filter((a): a is Json => !!a && str(a.id) !== null)
              .map((a) => ({ mbid: String(a.id), name: str(a.name) ?? "", country: str(a.country) }));
            for (const isrc of (Array.isArray(recording.isrcs) ? recording.isrcs : []) as unknown[]) {
              const code = typeof isrc === "string" ? isrc.toUpperCase() : "";
              if (!asked.has(code)) continue;
              const known = found.get(code) ?? [];
              for (const credit of credits)
                if (!known.some((k) => k.mbid === credit.mbid)) known.push(credit);
              found.set(code, known);
            }
          }
          offset += recordings.length;
          const count = typeof body?.count === "number" ? body.count : 0;
          if (recordings.length === 0 || offset >= count) break;
        }
      }
      return found;
    },
  };
}

export type MusicBrainzClient = ReturnType<typeof createMusicBrainzClient>;
