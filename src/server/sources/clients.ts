// The app's clients of the open metadata sources: one per source for all users, so each keeps one pace. Built
// once in the composition root and passed in `Deps`.
import type { Config } from "../config/config.ts";
import { type Metrics, providerObservers } from "../metrics/registry.ts";
import { createDeezerClient, DEEZER_WINDOW_MS, type DeezerClient } from "./deezer.ts";
import { type FetchLike, SourceHttp, userAgentFor } from "./http.ts";
import { createMusicBrainzClient, MUSICBRAINZ_INTERVAL_MS, type MusicBrainzClient } from "./musicbrainz.ts";
import { Pacer } from "./pacer.ts";
import { createReccoBeatsClient, type ReccoBeatsClient } from "./reccobeats.ts";

export interface MetadataClients {
  reccobeats: ReccoBeatsClient;
  musicbrainz: MusicBrainzClient;
  deezer: DeezerClient;
}

/** About 2 requests a second, as public ReccoBeats clients send. */
const RECCOBEATS_INTERVAL_MS = 500;
/** 50 requests per 5 seconds, evenly spaced with a little room. */
const DEEZER_INTERVAL_MS = Math.ceil(DEEZER_WINDOW_MS / 48);

export function createMetadataClients(
  config: Config,
  fetchImpl?: FetchLike,
  metrics?: Metrics,
): MetadataClients {
  const userAgent = userAgentFor(config.metadata.contact);
  const http = (source: string, baseUrl: string, intervalMs: number) =>
    new SourceHttp({
      source,
      baseUrl,
      userAgent,
      pacer: new Pacer(intervalMs),
      fetch: fetchImpl,
      maxAttempts: 5,
      onCall: metrics ? providerObservers(metrics, source).onCall : undefined,
    });
  return {
    reccobeats: createReccoBeatsClient(
      http("reccobeats", config.metadata.reccobeatsUrl, RECCOBEATS_INTERVAL_MS),
    ),
    musicbrainz: createMusicBrainzClient(
      http("musicbrainz", config.metadata.musicbrainzUrl, MUSICBRAINZ_INTERVAL_MS),
    ),
    deezer: createDeezerClient(http("deezer", config.metadata.deezerUrl, DEEZER_INTERVAL_MS)),
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
