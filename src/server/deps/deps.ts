import type { MembershipLevel } from "../../shared/membership.ts";
import type { PriceInfo } from "../../shared/schemas/billing.ts";
import type { Config } from "../config/config.ts";
import type { Db } from "../db/client.ts";
import type { Metrics } from "../metrics/registry.ts";
import type { PaddleClient } from "../paddle/client.ts";
import type { Clock } from "../platform/clock.ts";
import type { Logger } from "../platform/log.ts";
import type { RequestTraffic } from "../platform/loop-room.ts";
import type { UserWork } from "../platform/user-work.ts";
import type { SpotifyCallLedger } from "../spotify/call-ledger.ts";
import type { SpotifyClient, SpotifyUserApi } from "../spotify/types.ts";

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
  /** the Web API on behalf of a user, with their stored tokens refreshed as needed (auth/tokens.ts) */
  spotifyFor(userId: string): SpotifyUserApi;
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
  /** Paddle prices by price id, kept for a few minutes */
  priceCache: Map<string, PriceCacheEntry>;
  /** when the app last took an API request: the batch jobs give way while requests are coming in */
  requestTraffic: RequestTraffic;
  /** the statement every signed-in request runs, prepared once */
  sessionLookup: SessionLookup;

  // Work a lower domain starts in a higher one, wired in the composition root so that imports point downward.
  /** after a sign-in: read the listener's new likes in the background (library) */
  afterSignIn(userId: string): void;
  /** after a metadata pass brought new facts about songs the user likes: place them (distribution) */
  distributeNewFacts(userId: string): Promise<void>;
}

/** A signed-in request's session and user, as `auth/sessions.ts` reads them. */
export interface SessionRow {
  sessionId: string;
  lastSeenAt: number;
  userId: string;
  spotifyId: string;
  membershipLevel: MembershipLevel;
  /** 1 when the admin turned statistics on for this user (the activity recorder records their calls) */
  statisticsEnabled: number;
}

export interface SessionLookup {
  /** `remembered`: a read may be answered from memory while nothing was written (db/read-memo.ts); a change never */
  get(values: { tokenHash: string; now: number; remembered?: boolean }): SessionRow | undefined;
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
