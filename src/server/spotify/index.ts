import type { Config } from "../config/config.ts";
import { type Metrics, providerObservers } from "../metrics/registry.ts";
import type { Logger } from "../platform/log.ts";
import { createSpotifyClient } from "./client.ts";
import type { SpotifyClient } from "./types.ts";

export { createSpotifyClient } from "./client.ts";
export { SpotifyAuthRevokedError, SpotifyError } from "./errors.ts";
export type * from "./types.ts";

/** The process's Spotify client, on the configured accounts service and Web API (the emulator in demo mode). */
export function spotifyClientFromConfig(config: Config, log: Logger, metrics?: Metrics): SpotifyClient {
  const observers = metrics ? providerObservers(metrics, "spotify") : undefined;
  return createSpotifyClient({
    apiUrl: config.spotify.apiUrl,
    accountsUrl: config.spotify.accountsUrl,
    clientId: config.spotify.clientId,
    clientSecret: config.spotify.clientSecret,
    timeoutMs: config.spotify.timeoutMs,
    onArtistsBatchForbidden: () =>
      log.warn("GET /artists?ids answered 403: using single-artist lookups from now on"),
    onRetry: (info) => {
      log.debug("spotify call retried", info);
      if (info.status === 429) observers?.onRateLimitWait(info.waitMs);
    },
    observer: { onCall: observers?.onCall },
  });
}
