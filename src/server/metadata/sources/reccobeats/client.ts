// ReccoBeats: audio features by Spotify track id, at most 40 ids a call. The Spotify id is only in `href`;
// unknown tracks are absent from `content`. 429 is waited out by Retry-After.
import { type FeatureFacts, featureFacts } from "../../../../shared/audio-features.ts";
import { MetadataSourceError, type MetadataSourceHttp } from "../../source-base/http.ts";

export const RECCOBEATS_BATCH = 40;

const num = (value: unknown): number | null =>
  typeof value === "number" && Number.isFinite(value) ? value : null;

/** The Spotify track id in `https://open.spotify.com/track/<id>` (any query left out). */
export const spotifyIdOfHref = (href: unknown): string | null => {
  if (typeof href !== "string") return null;
  const match = /open\.spotify\.com\/track\/([A-Za-z0-9]+)/.exec(href);
  return match?.[1] ?? null;
};

export function createReccoBeatsClient(http: MetadataSourceHttp) {
  return {
    http,
    /** Features of the tracks ReccoBeats knows, keyed by Spotify id (one call per 40 ids). */
    async audioFeatures(spotifyIds: readonly string[]): Promise<Map<string, FeatureFacts>> {
      const found = new Map<string, FeatureFacts>();
      for (let i = 0; i < spotifyIds.length; i += RECCOBEATS_BATCH) {
        const batch = spotifyIds.slice(i, i + RECCOBEATS_BATCH);
        const answer = await http.get(
          "GET /audio-features",
          `/audio-features?ids=${batch.map(encodeURIComponent).join(",")}`,
          (a, headers) => (a.status === 429 ? { retryAfterMs: http.retryAfterMs(headers, 2000) } : null),
        );
        const content = (answer.json as { content?: unknown } | undefined)?.content;
        if (answer.status !== 200 || !Array.isArray(content)) {
          throw new MetadataSourceError(
            "reccobeats",
            answer.status,
            "unexpected answer to GET /audio-features",
          );
        }
        const asked = new Set(batch);
        for (const item of content as Record<string, unknown>[]) {
          const id = spotifyIdOfHref(item?.href);
          if (!id || !asked.has(id)) continue;
          found.set(
            id,
            featureFacts((name) => num(item[name])),
          );
        }
      }
      return found;
    },
  };
}

export type ReccoBeatsClient = ReturnType<typeof createReccoBeatsClient>;
