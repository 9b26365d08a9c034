// The app's clients of the open metadata sources: one per source for all users, so each keeps one pace. Built
// once in the composition root and passed in `Deps`. A source is registered here once: its client, its pace and
// its base URL.
import type { OpenMetadataSourceName } from "../../shared/metadata-sources.ts";
import type { Config } from "../config/config.ts";
import { type Metrics, providerObservers } from "../metrics/registry.ts";
import { createDeezerClient, DEEZER_WINDOW_MS } from "./deezer.ts";
import { type FetchLike, SourceHttp, userAgentFor } from "./http.ts";
import { createMusicBrainzClient, MUSICBRAINZ_INTERVAL_MS } from "./musicbrainz.ts";
import { Pacer } from "./pacer.ts";
import { createReccoBeatsClient } from "./reccobeats.ts";

interface SourceClientEntry<Client> {
  create(http: SourceHttp): Client;
  /** the least time between two requests */
  intervalMs: number;
  baseUrl(config: Config): string;
}

const entry = <Client>(e: SourceClientEntry<Client>) => e;

/** The open sources' clients, one entry each. */
const sourceClients = {
  /** About 2 requests a second, as public ReccoBeats clients send. */
  reccobeats: entry({
    create: createReccoBeatsClient,
    intervalMs: 500,
    baseUrl: (c) => c.metadata.reccobeatsUrl,
  }),
  musicbrainz: entry({
    create: createMusicBrainzClient,
    intervalMs: MUSICBRAINZ_INTERVAL_MS,
    baseUrl: (c) => c.metadata.musicbrainzUrl,
  }),
  /** 50 requests per 5 seconds, evenly spaced with a little room. */
  deezer: entry({
    create: createDeezerClient,
    intervalMs: Math.ceil(DEEZER_WINDOW_MS / 48),
    baseUrl: (c) => c.metadata.deezerUrl,
  }),
} satisfies Record<OpenMetadataSourceName, SourceClientEntry<unknown>>;

export type MetadataClients = {
  [Name in OpenMetadataSourceName]: ReturnType<(typeof sourceClients)[Name]["create"]>;
};

export function createMetadataClients(
  config: Config,
  fetchImpl?: FetchLike,
  metrics?: Metrics,
): MetadataClients {
  const userAgent = userAgentFor(config.metadata.contact);
  const build = <Name extends OpenMetadataSourceName>(source: Name): MetadataClients[Name] => {
    const { create, intervalMs, baseUrl } = sourceClients[source] as SourceClientEntry<MetadataClients[Name]>;
    return create(
      new SourceHttp({
        source,
        baseUrl: baseUrl(config),
        userAgent,
        pacer: new Pacer(intervalMs),
        fetch: fetchImpl,
        maxAttempts: 5,
        onCall: metrics ? providerObservers(metrics, source).onCall : undefined,
      }),
    );
  };
  return Object.fromEntries(
    (Object.keys(sourceClients) as OpenMetadataSourceName[]).map((name) => [name, build(name)]),
  ) as MetadataClients;
}

/** Requests sent per source and endpoint since start. */
export function metadataCallCounts(clients: MetadataClients): Record<string, Record<string, number>> {
  return Object.fromEntries(
    Object.entries(clients).map(([name, client]) => [name, client.http.callCounts()]),
  );
}
