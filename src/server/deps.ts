import type { Config } from "./config.ts";
import type { Db } from "./db/client.ts";
import type { Metrics } from "./metrics/registry.ts";
import type { PaddleClient } from "./paddle/client.ts";
import type { Clock } from "./platform/clock.ts";
import type { Logger } from "./platform/log.ts";
import type { SpotifyClient } from "./spotify/types.ts";

/** What services need, built once at start and passed in (never read from globals during a request). */
export interface Deps {
  config: Config;
  db: Db;
  clock: Clock;
  log: Logger;
  /** the shared Spotify client (accounts service + Web API); per user: spotifyForUser(deps, userId) */
  spotify: SpotifyClient;
  /** AES-256 key for provider tokens at rest */
  tokenKey: Buffer;
  /** Paddle Billing API client (config.paddle.apiUrl, Bearer apiKey) */
  paddle: PaddleClient;
  /** this app's Prometheus registry and recorders (GET /metrics) */
  metrics: Metrics;
}
