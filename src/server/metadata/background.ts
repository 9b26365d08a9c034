// The open-source lookups run in the background, one pass at a time for the app (all users share the sources'
// pace); one queue per app, a member of its `Deps`. A distribution places what is known at once; when a pass
// brings new facts, every user who likes the changed songs gets a follow-up pass of their playlists. A source
// that fails is asked again later; songs still pending when the process stops are looked up at the next start.
import type { Deps, MetadataLookupQueue } from "../deps/deps.ts";
import { lookUpOpenSources, type PassResult } from "./open-sources.ts";
import {
  pendingTracksOf,
  settleFeaturesStatus,
  usersPlacingTracks,
  usersWithPendingLookups,
} from "./repository.ts";

/** First wait before a failed source is asked again; doubles up to RETRY_MAX_MS. */
const RETRY_MS = 60_000;
const RETRY_MAX_MS = 30 * 60_000;

export class MetadataLookups implements MetadataLookupQueue {
  private readonly queue = new Set<string>();
  private running: Promise<void> | null = null;
  private readonly followUps = new Set<Promise<unknown>>();
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private retryDelay = RETRY_MS;
  private stopped = false;

  constructor(private readonly deps: Deps) {}

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
    if (this.retryTimer) clearTimeout(this.retryTimer);
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
        this.retryLater(userId);
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
    const result = await lookUpOpenSources(deps, deps.metadataClients, trackIds, undefined, placeSoFar);
    if (result.failed.length === 0) {
      // Every source was asked: what is still without features has none anywhere (asked again in 30 days).
      // After a failure the songs stay pending, so the next pass asks the failed source again.
      settleFeaturesStatus(sqlite, trackIds);
    }
    if (result.failed.length > 0) this.retryLater(userId);
    else this.retryDelay = RETRY_MS;
    // once every source has answered the songs are complete (their categories cached): place them once more
    if (result.changed.size > 0) this.followUp([...result.changed]);
  }

  private retryLater(userId: string) {
    if (this.stopped || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.schedule(userId);
    }, this.retryDelay);
    this.retryTimer.unref?.();
    this.retryDelay = Math.min(RETRY_MAX_MS, this.retryDelay * 2);
  }

  /** Every user who likes a changed song and has playlists selected gets their new songs placed. */
  private followUp(changedTrackIds: string[]) {
    const { deps } = this;
    const users = usersPlacingTracks(deps.db.$client, changedTrackIds);
    const work = deps.work;
    for (const userId of users) {
      if (work.isStopping) return;
      const done = work
        .forUser(userId, () => deps.distributeNewFacts(userId))
        .catch((error) => deps.log.warn("follow-up distribution failed", { userId, error: String(error) }));
      this.followUps.add(done);
      void done.finally(() => this.followUps.delete(done));
    }
  }
}

/** Completes `Deps` with the app's lookup queue (it needs the whole of them to place what it finds). */
export function withMetadataLookups(rest: Omit<Deps, "metadataLookups">): Deps {
  const deps = rest as Deps;
  deps.metadataLookups = new MetadataLookups(deps);
  return deps;
}
