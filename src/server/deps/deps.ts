import type { PriceInfo } from "../../shared/schemas/billing.ts";
import type { Config } from "../config/config.ts";
import type { Db } from "../db/client.ts";
import type { Metrics } from "../metrics/registry.ts";
import type { PaddleClient } from "../paddle/client.ts";
import type { Clock } from "../platform/clock.ts";
import type { Logger } from "../platform/log.ts";
import type { RateLimiter } from "../platform/rate-limits.ts";
import type { UserWork } from "../platform/user-work.ts";
import type { SpotifyCallLedger } from "../spotify/call-ledger.ts";
import type { SpotifyClient, SpotifyUserApi } from "../spotify/types.ts";
import type { SpotifyWork } from "../spotify/work.ts";

/** What services need, built once at start and passed in (never read from globals during a request). */
export interface Deps {
  config: Config;
  db: Db;
  clock: Clock;
  log: Logger;
  /** the shared Spotify client (accounts service + Web API) */
  spotify: SpotifyClient;
  /** Web API calls over a rolling 24 hours by kind and listener (persisted; the budget and admin statistics) */
  spotifyCalls: SpotifyCallLedger;
  /**
   * the Web API on behalf of a user for one piece of work (spotify/work.ts: what its calls count as, their
   * priority; default `other`), with their stored tokens refreshed as needed (auth/tokens.ts)
   */
  spotifyFor(userId: string, work?: SpotifyWork): SpotifyUserApi;
  /** AES-256 key for provider tokens at rest */
  tokenKey: Buffer;
  /** Paddle Billing API client (config.paddle.apiUrl, Bearer apiKey) */
  paddle: PaddleClient;
  /** this app's Prometheus registry and recorders (GET /metrics) */
  metrics: Metrics;
  /** the background lookups of the open sources, one queue for all users */
  metadataLookups: MetadataLookupQueue;

  // What one app keeps between calls: built with the app, never shared with another app of the same process.
  /** the per-user queue of long work: one piece at a time per user */
  work: UserWork;
  /** the batch jobs (hourly sync, random refresh) running now, by name: never two runs of one job */
  runningBatchJobs: Set<string>;
  /** users with a settings sync waiting in their queue: rapid flips add no second one */
  queuedSettingsSyncs: Set<string>;
  /** each user's sign-in library sync while it runs: a distribution waits for the likes it stores */
  signInSyncs: Map<string, Promise<void>>;
  /** the token refresh under way per user: concurrent callers share one request */
  tokenRefreshes: Map<string, Promise<string>>;
  /** every per-listener and per-address rate limit (its rules: shared/rate-rules.ts) */
  rateLimits: RateLimiter;
  /** Paddle prices by price id, kept for a few minutes */
  priceCache: Map<string, PriceCacheEntry>;

  // Work a lower domain starts in a higher one, wired in the composition root so that imports point downward.
  /**
   * after a sign-in, before its first page: read the listener's new likes in the background (library); in demo mode
   * the demo's premium listener's subscription first (billing/demo-premium.ts)
   */
  afterSignIn(userId: string): Promise<void>;
  /** after a metadata pass brought new facts about songs the user likes: place them (distribution) */
  distributeNewFacts(userId: string): Promise<void>;
}

/** The app's queue of background lookups of the open metadata sources (`metadata/background.ts`). */
export interface MetadataLookupQueue {
  /** queues a pass over the user's songs whose lookups are not finished */
  schedule(userId: string): void;
  /** true while the user's songs wait for or are in a pass */
  isLookingUp(userId: string): boolean;
  /** at start: queues every user whose lookups a stopped process left unfinished; returns how many */
  resumePending(): number;
  /** resolves once nothing is queued or running */
  idle(): Promise<void>;
  stop(): void;
}

/** The premium price as last fetched: its value, the failure remembered for a minute, or the one fetch under way. */
export interface PriceCacheEntry {
  value?: PriceInfo;
  failure?: Error;
  pending?: Promise<PriceInfo>;
  expiresAt: number;
}
