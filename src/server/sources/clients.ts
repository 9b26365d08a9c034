// The app's clients of the open metadata sources: one per source for all users, so each keeps one pace. Built
// once in the composition root and passed in `Deps`. A source is registered here once: its client, its pace and
// its base URL.
import type { OpenMetadataSourceName } from "../../shared/metadata-sources.ts";
import type { Config } from "../config/config.ts";
import { type Metrics, providerObservers } from "../metrics/registry.ts";
import { realSleep } from "../platform/clock.ts";
import { SpacedPacing, windowPacing } from "../platform/pacing.ts";
import type { Pacing } from "../platform/provider-http.ts";
import { createDeezerClient, DEEZER_WINDOW_MS } from "./deezer.ts";
import { type FetchLike, SourceHttp, userAgentFor } from "./http.ts";
import { createMusicBrainzClient, MUSICBRAINZ_INTERVAL_MS } from "./musicbrainz.ts";
import { createReccoBeatsClient } from "./reccobeats.ts";

interface SourceClientEntry<Client> {
  create(http: SourceHttp): Client;
  /** the least time between two requests, on average: `calls × this` is the fastest it can answer them */
  intervalMs: number;
  /** how its client keeps that pace (the provider core's strategies), on the given time source */
  pacing(time: SourceTime): Pacing;
  /** a request (below the base URL) it answers cheaply whether or not it knows what is asked: `crate doctor` */
  probe: string;
}

const DEEZER_CALLS_PER_WINDOW = 50;

const entry = <Client>(e: SourceClientEntry<Client>) => e;

/** The open sources' clients, one entry each. */
const sourceClients = {
  /** About 2 requests a second, as public ReccoBeats clients send. */
  reccobeats: entry({
    create: createReccoBeatsClient,
    intervalMs: 500,
    pacing: (t) => new SpacedPacing(500, t.now, t.sleep),
    probe: "/audio-features?ids=4uLU6hMCjMI75M1A2tKUQC",
  }),
  musicbrainz: entry({
    create: createMusicBrainzClient,
    intervalMs: MUSICBRAINZ_INTERVAL_MS,
    pacing: (t) => new SpacedPacing(MUSICBRAINZ_INTERVAL_MS, t.now, t.sleep),
    probe: `/url?resource=${encodeURIComponent("https://open.spotify.com/artist/0OdUWJ0sBjDrqHygGUXeCF")}&inc=artist-rels&fmt=json`,
  }),
  /** Deezer's quota: 50 requests per 5 seconds. */
  deezer: entry({
    create: createDeezerClient,
    // the spacing windowPacing keeps: the window over all but two calls
    intervalMs: Math.ceil(DEEZER_WINDOW_MS / (DEEZER_CALLS_PER_WINDOW - 2)),
    pacing: (t) => windowPacing(DEEZER_CALLS_PER_WINDOW, DEEZER_WINDOW_MS, t.now, t.sleep),
    probe: "/track/isrc:USUM71703861",
  }),
} satisfies Record<OpenMetadataSourceName, SourceClientEntry<unknown>>;

export type MetadataClients = {
  [Name in OpenMetadataSourceName]: ReturnType<(typeof sourceClients)[Name]["create"]>;
};

/**
 * The clock the clients' paces, backoffs and Retry-Afters are measured on: the real one, or in tests a faster one
 * (the emulators then count their limits on the same clock), so the same waits take less time.
 */
export interface SourceTime {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

const realTime: SourceTime = { now: () => Date.now(), sleep: realSleep };

export function createMetadataClients(
  config: Config,
  fetchImpl?: FetchLike,
  metrics?: Metrics,
  time: SourceTime = realTime,
): MetadataClients {
  const userAgent = userAgentFor(config.metadata.contact);
  const build = <Name extends OpenMetadataSourceName>(source: Name): MetadataClients[Name] => {
    const { create, pacing } = sourceClients[source] as SourceClientEntry<MetadataClients[Name]>;
    return create(
      new SourceHttp({
        source,
        baseUrl: config.metadata.urls[source],
        userAgent,
        pacing: pacing(time),
        fetch: fetchImpl,
        now: time.now,
        sleep: time.sleep,
        maxAttempts: 5,
        onCall: metrics ? providerObservers(metrics, source).onCall : undefined,
      }),
    );
  };
  return Object.fromEntries(
    (Object.keys(sourceClients) as OpenMetadataSourceName[]).map((name) => [name, build(name)]),
  ) as MetadataClients;
}

/** The least time between two requests to the source: `calls × this` is the fastest it can answer them. */
export const metadataSourceIntervalMs = (source: OpenMetadataSourceName): number =>
  sourceClients[source].intervalMs;

/** The request `crate doctor` sends the source, at its configured base URL. */
export const metadataSourceProbe = (config: Config, source: OpenMetadataSourceName): string =>
  `${config.metadata.urls[source]}${sourceClients[source].probe}`;

/** Requests sent per source and endpoint since start. */
export function metadataCallCounts(clients: MetadataClients): Record<string, Record<string, number>> {
  return Object.fromEntries(
    Object.entries(clients).map(([name, client]) => [name, client.http.callCounts()]),
  );
}
