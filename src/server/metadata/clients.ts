// The process's clients of the open metadata sources: one per source for all users, so each keeps one pace.
import type { Db } from "../db/client.ts";
import type { Deps } from "../deps.ts";
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
  config: Deps["config"],
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

const registry = new WeakMap<Db, MetadataClients>();

/** The process's metadata clients for this database (built on first use from the configuration). */
export function metadataClients(
  deps: Pick<Deps, "db" | "config"> & Partial<Pick<Deps, "metrics">>,
): MetadataClients {
  let clients = registry.get(deps.db);
  if (!clients) {
    clients = createMetadataClients(deps.config, undefined, deps.metrics);
    registry.set(deps.db, clients);
  }
  return clients;
}

/** Replaces the clients (tests count or fail requests through their own fetch). */
export function setMetadataClients(deps: Pick<Deps, "db">, clients: MetadataClients): void {
  registry.set(deps.db, clients);
}

/** Requests sent per source and endpoint since start. */
export function metadataCallCounts(
  deps: Pick<Deps, "db" | "config">,
): Record<string, Record<string, number>> {
  const c = metadataClients(deps);
  return {
    reccobeats: c.reccobeats.http.callCounts(),
    musicbrainz: c.musicbrainz.http.callCounts(),
    deezer: c.deezer.http.callCounts(),
  };
}
