// The app's clients of the open metadata sources: one per source for all users, so each keeps one pace. Built
// once with the app's lookup queue (metadata/background.ts) from each source's definition in the registry.
import type { OpenMetadataSourceName } from "../../../shared/metadata-sources.ts";
import type { Config } from "../../config/config.ts";
import { type Metrics, providerObservers } from "../../metrics/registry.ts";
import { realSleep } from "../../platform/clock.ts";
import type { OpenMetadataSource, SourceTime } from "../source-base/definition.ts";
import { type FetchLike, MetadataSourceHttp, userAgentFor } from "../source-base/http.ts";
import { openMetadataSources } from "./index.ts";

export type MetadataClients = {
  [Name in OpenMetadataSourceName]: ReturnType<(typeof openMetadataSources)[Name]["createClient"]>;
};

const realTime: SourceTime = { now: () => Date.now(), sleep: realSleep };

export function createMetadataClients(
  config: Config,
  fetchImpl?: FetchLike,
  metrics?: Metrics,
  time: SourceTime = realTime,
): MetadataClients {
  const userAgent = userAgentFor(config.metadata.contact);
  const build = <Name extends OpenMetadataSourceName>(source: Name): MetadataClients[Name] => {
    const { createClient, pacing } = openMetadataSources[source] as OpenMetadataSource<MetadataClients[Name]>;
    return createClient(
      new MetadataSourceHttp({
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
    (Object.keys(openMetadataSources) as OpenMetadataSourceName[]).map((name) => [name, build(name)]),
  ) as MetadataClients;
}

/** The least time between two requests to the source: `calls × this` is the fastest it can answer them. */
export const metadataSourceIntervalMs = (source: OpenMetadataSourceName): number =>
  openMetadataSources[source].intervalMs;

/** The request `crate doctor` sends the source, at its configured base URL. */
export const metadataSourceProbe = (config: Config, source: OpenMetadataSourceName): string =>
  `${config.metadata.urls[source]}${openMetadataSources[source].probe}`;

/** Requests sent per source and endpoint since start. */
export function metadataCallCounts(clients: MetadataClients): Record<string, Record<string, number>> {
  return Object.fromEntries(
    Object.entries(clients).map(([name, client]) => [name, client.http.callCounts()]),
  );
}
