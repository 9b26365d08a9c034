// The app's clients of the open metadata sources: one per source for all users, so each keeps one pace. Built
// once in the composition root and passed in `Deps`.
import type { Config } from "../config/config.ts";
import { type Metrics, providerObservers } from "../metrics/registry.ts";
import { SpacedPacing, windowPacing } from "../platform/pacing.ts";
import type { Pacing } from "../platform/provider-http.ts";
import { createDeezerClient, DEEZER_WINDOW_MS, type DeezerClient } from "./deezer.ts";
import { type FetchLike, SourceHttp, userAgentFor } from "./http.ts";
import { createMusicBrainzClient, MUSICBRAINZ_INTERVAL_MS, type MusicBrainzClient } from "./musicbrainz.ts";
import { createReccoBeatsClient, type ReccoBeatsClient } from "./reccobeats.ts";

export interface MetadataClients {
  reccobeats: ReccoBeatsClient;
  musicbrainz: MusicBrainzClient;
  deezer: DeezerClient;
}

/** About 2 requests a second, as public ReccoBeats clients send. */
const RECCOBEATS_INTERVAL_MS = 500;
/** Deezer's quota: 50 requests per 5 seconds. */
const DEEZER_CALLS_PER_WINDOW = 50;

export function createMetadataClients(
  config: Config,
  fetchImpl?: FetchLike,
  metrics?: Metrics,
): MetadataClients {
  const userAgent = userAgentFor(config.metadata.contact);
  const http = (source: string, baseUrl: string, pacing: Pacing) =>
    new SourceHttp({
      source,
      baseUrl,
      userAgent,
      pacing,
      fetch: fetchImpl,
      maxAttempts: 5,
      onCall: metrics ? providerObservers(metrics, source).onCall : undefined,
    });
  return {
    reccobeats: createReccoBeatsClient(
      http("reccobeats", config.metadata.reccobeatsUrl, new SpacedPacing(RECCOBEATS_INTERVAL_MS)),
    ),
    musicbrainz: createMusicBrainzClient(
      http("musicbrainz", config.metadata.musicbrainzUrl, new SpacedPacing(MUSICBRAINZ_INTERVAL_MS)),
    ),
    deezer: createDeezerClient(
      http("deezer", config.metadata.deezerUrl, windowPacing(DEEZER_CALLS_PER_WINDOW, DEEZER_WINDOW_MS)),
    ),
  };
}

/** Requests sent per source and endpoint since start. */
export function metadataCallCounts(clients: MetadataClients): Record<string, Record<string, number>> {
  return {
    reccobeats: clients.reccobeats.http.callCounts(),
    musicbrainz: clients.musicbrainz.http.callCounts(),
    deezer: clients.deezer.http.callCounts(),
  };
}
