// The open-source lookups run in the background, one pass at a time for the app (all users share the sources'
// pace); one queue per app, a member of its `Deps`. A distribution places what is known at once; when a pass
// brings new facts, every user who likes the changed songs gets a follow-up pass of their playlists. A source
// that fails is asked again later for every user whose songs it left pending (one backoff per source); songs still
// pending when the process stops are looked up at the next start.
import type { Deps, MetadataLookupQueue } from "../deps/deps.ts";
import { lookUpOpenMetadataSources, type PassResult } from "./open-sources.ts";
import type { SourceTime } from "./source-base/definition.ts";
import { createMetadataClients, type MetadataClients } from "./sources/clients.ts";
import { settleFeaturesStatus, usersPlacingTracks, usersWithPendingLookups } from "./store/repository.ts";
import { pendingTracksOf } from "./store/to-ask-repository.ts";

/** First wait before a failed source is asked again; doubles up to RETRY_MAX_MS. */
const RETRY_MS = 60_000;
const RETRY_MAX_MS = 30 * 60_000;

/** A failing source's users waiting to be asked again, and its next wait. */
interface SourceRetry {
  users: Set<string>;
  /** users the last timer queued again: a pass of theirs the source answers ends its backoff */
  retried: Set<string>;
  timer: ReturnType<typeof setTimeout> | null;
  delayMs: number;
}

/** A pass that failed as a whole (not one source): retried like a source of its own. */
const WHOLE_PASS = "pass";

export interface MetadataLookupsOptions {
  /** first wait before a failed source is asked again */
  retryMs?: number;
  retryMaxMs?: number;
  /** the open sources' clients; by default built here from the configuration, observed by the app's metrics */
  clients?: MetadataClients;
  /** the clock the default clients keep their paces and backoffs on (real unless given) */
  time?: SourceTime;
}

export class MetadataLookups implements MetadataLookupQueue {
  private readonly queue = new Set<string>();
  private running: Promise<void> | null = null;
  private readonly followUps = new Set<Promise<unknown>>();
  private readonly retries = new Map<string, SourceRetry>();
  private readonly retryMs: number;
  private readonly retryMaxMs: number;
  private stopped = false;
  /** one client per open source for all the app's users, so each keeps one pace */
  readonly clients: MetadataClients;

  constructor(
    private readonly deps: Deps,
    options: MetadataLookupsOptions = {},
  ) {
    this.retryMs = options.retryMs ?? RETRY_MS;
    this.retryMaxMs = options.retryMaxMs ?? RETRY_MAX_MS;
    this.clients =
      options.clients ?? createMetadataClients(deps.config, undefined, deps.metrics, options.time);
  }

  /** Queues a pass over the user's songs whose lookups are not finished. */
  schedule(userId: string): void {
    if (this.stopped) return;
    this.queue.add(userId);
    if (!this.running) this.running = this.drain().finally(() => (this.running = null));
  }

  /**
   * At start: queues a pass for every user with songs whose lookups a stopped process left unfinished (what is
   * stored says so: songs still marked missing). Returns how many users were queued.
   */
  resumePending(): number {
    const users = usersWithPendingLookups(this.deps.db.$client);
    for (const userId of users) this.schedule(userId);
    return users.length;
  }

  /** True while the user's songs wait for or are in a pass. */
  isLookingUp(userId: string): boolean {
    return this.queue.has(userId) || this.current === userId;
  }

  /** Resolves once no pass is queued or running and the follow-up distributions are done. */
  async idle(): Promise<void> {
    while (this.running || this.followUps.size > 0) {
      await this.running;
      await Promise.allSettled([...this.followUps]);
    }
  }

  stop(): void {
    this.stopped = true;
    this.queue.clear();
    for (const retry of this.retries.values()) if (retry.timer) clearTimeout(retry.timer);
    this.retries.clear();
  }

  /** Users waiting to be asked again, by failing source (metrics, tests). */
  waitingForRetry(): Record<string, number> {
    return Object.fromEntries([...this.retries].map(([source, retry]) => [source, retry.users.size]));
  }

  private current: string | null = null;

  private async drain(): Promise<void> {
    for (const userId of this.queue) {
      this.queue.delete(userId);
      if (this.stopped) return;
      this.current = userId;
      try {
        await this.pass(userId);
      } catch (error) {
        this.deps.log.warn("metadata lookup pass failed", { userId, error: String(error) });
        this.retryLater(userId, [WHOLE_PASS]);
      } finally {
        this.current = null;
      }
    }
  }

  private async pass(userId: string): Promise<void> {
    const { deps } = this;
    const sqlite = deps.db.$client;
    const trackIds = pendingTracksOf(sqlite, userId);
    if (trackIds.length === 0) return;
    // each source's facts are placed as soon as it has answered: MusicBrainz's genres need not wait for Deezer
    let followedUp = 0;
    const placeSoFar = (soFar: PassResult) => {
      if (soFar.changed.size === followedUp) return;
      followedUp = soFar.changed.size;
      this.followUp([...soFar.changed]);
    };
    const result = await lookUpOpenMetadataSources(deps, this.clients, trackIds, undefined, placeSoFar);
    if (result.failed.length === 0) {
      // Every source was asked: what is still without features has none anywhere (asked again in 30 days).
      // After a failure the songs stay pending, so the next pass asks the failed source again.
      settleFeaturesStatus(sqlite, trackIds);
    }
    this.answered(userId, result.failed);
    if (result.failed.length > 0) this.retryLater(userId, result.failed);
    // once every source has answered the songs are complete (their categories cached): place them once more
    if (result.changed.size > 0) this.followUp([...result.changed]);
  }

  /** Every user a failing source left pending is asked again once its wait is over; the wait doubles each time. */
  private retryLater(userId: string, sources: readonly string[]) {
    if (this.stopped) return;
    for (const source of sources) {
      const retry = this.retries.get(source) ?? {
        users: new Set<string>(),
        retried: new Set<string>(),
        timer: null,
        delayMs: this.retryMs,
      };
      this.retries.set(source, retry);
      retry.users.add(userId);
      if (retry.timer) continue;
      retry.timer = setTimeout(() => {
        retry.timer = null;
        retry.retried = new Set(retry.users);
        retry.users.clear();
        for (const user of retry.retried) this.schedule(user);
      }, retry.delayMs);
      retry.timer.unref?.();
      retry.delayMs = Math.min(this.retryMaxMs, retry.delayMs * 2);
    }
  }

  /** A retried user's pass the source answered: the source is back, its next failure waits the first wait again. */
  private answered(userId: string, failed: readonly string[]) {
    for (const [source, retry] of this.retries) {
      if (failed.includes(source) || !retry.retried.delete(userId)) continue;
      retry.delayMs = this.retryMs;
      if (retry.users.size === 0 && retry.retried.size === 0 && !retry.timer) this.retries.delete(source);
    }
  }

  /** Every user who likes a changed song and has playlists selected gets their new songs placed. */
  private followUp(changedTrackIds: string[]) {
    const { deps } = this;
    const users = usersPlacingTracks(deps.db.$client, changedTrackIds);
    const work = deps.work;
    for (const userId of users) {
      if (work.isStopping) return;
      // One follow-up waits per user (it places whatever is known when it starts), outside the listener's bound.
      const done = work
        .forUser(userId, () => deps.distributeNewFacts(userId), {
          name: "new facts",
          key: "new-facts",
          unbounded: true,
        })
        .catch((error) => deps.log.warn("follow-up distribution failed", { userId, error: String(error) }));
      this.followUps.add(done);
      void done.finally(() => this.followUps.delete(done));
    }
  }
}

/** Completes `Deps` with the app's lookup queue (it needs the whole of them to place what it finds). */
export function withMetadataLookups(
  rest: Omit<Deps, "metadataLookups">,
  options: MetadataLookupsOptions = {},
): Deps {
  const deps = rest as Deps;
  deps.metadataLookups = new MetadataLookups(deps, options);
  return deps;
}
