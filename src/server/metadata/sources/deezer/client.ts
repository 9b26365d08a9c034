// Deezer: bpm by ISRC (`GET /track/isrc:{isrc}`), one song a call. Errors come with HTTP 200 and an `error`
// body: code 4 (quota) and 700 (busy) are waited out and asked again, 800 means not found.
import { MetadataSourceError, type MetadataSourceHttp } from "../../source-base/http.ts";

/** Deezer's quota: 50 requests per 5 seconds. */
export const DEEZER_WINDOW_MS = 5000;
const QUOTA_WAIT_MS = 5000;

export function createDeezerClient(http: MetadataSourceHttp) {
  return {
    http,
    /** The song's bpm when Deezer knows it and it is above 0; null for unknown songs and bpm 0. */
    async bpmByIsrc(isrc: string): Promise<number | null> {
      const answer = await http.get(
        "GET /track/isrc:{isrc}",
        `/track/isrc:${encodeURIComponent(isrc)}`,
        (a) => {
          const code = errorCode(a.json);
          return a.status === 429 || code === 4 || code === 700 ? { retryAfterMs: QUOTA_WAIT_MS } : null;
        },
      );
      const code = errorCode(answer.json);
      if (code === 800 || answer.status === 404) return null;
      if (code !== null || answer.status !== 200 || typeof answer.json !== "object" || answer.json === null) {
        throw new MetadataSourceError(
          "deezer",
          answer.status,
          `unexpected answer (error code ${code ?? "none"})`,
        );
      }
      const bpm = (answer.json as { bpm?: unknown }).bpm;
      return typeof bpm === "number" && Number.isFinite(bpm) && bpm > 0 ? bpm : null;
    },
  };
}

function errorCode(json: unknown): number | null {
  const error = (json as { error?: { code?: unknown } } | undefined)?.error;
  if (!error || typeof error !== "object") return null;
  return typeof error.code === "number" ? error.code : -1;
}

export type DeezerClient = ReturnType<typeof createDeezerClient>;
