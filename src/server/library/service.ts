// Library reads outside a distribution (after sign-in, for AddRecordingOnce), in the user's background work.
import { workLimits } from "../../shared/work-limits.ts";
import type { Deps } from "../deps/deps.ts";
import { enrichLibrary } from "./metadata.ts";
import { type SyncResult, syncLibrary } from "./sync.ts";

const LIBRARY_READ = "library-read";

/**
 * Queues a read of the user's library (new likes, or with `full` every like) and their missing metadata. A
 * listener has at most one read waiting whatever asked for it: a newer-likes read joins a waiting one, a full
 * read turns a waiting one into a full read, and a full read asked while one runs is that one.
 */
export function queueLibraryRead(
  deps: Deps,
  userId: string,
  options: { full?: boolean } = {},
): Promise<void> {
  const full = options.full ?? false;
  return deps.work.forUser(
    userId,
    async () => {
      const api = deps.spotifyFor(userId);
      const synced = await syncLibrary(deps, api, userId, { full });
      if (!enrichmentDue(deps, userId, synced)) return;
      await enrichLibrary(deps, api, userId);
      rememberEnriched(deps, userId);
    },
    {
      name: full ? "full library read" : "library sync",
      key: LIBRARY_READ,
      variant: full ? "full" : undefined,
      replaces: full,
      joinRunning: full ? "full" : undefined,
    },
  );
}

/**
 * A read that found new likes (or read them all) enriches them; one that found nothing new enriches only when the
 * last enrichment is older than `enrichAgainAfterMs` (or failed, or was before a restart), so a retry still comes.
 */
function enrichmentDue(deps: Pick<Deps, "enrichedLibraries" | "clock">, userId: string, synced: SyncResult) {
  if (synced.newLikes > 0 || synced.full) return true;
  const last = deps.enrichedLibraries.get(userId);
  return last === undefined || deps.clock.now() - last >= workLimits.enrichAgainAfterMs;
}

/** Bounded: past 10,000 listeners the oldest entries go (their next read enriches again). */
function rememberEnriched(deps: Pick<Deps, "enrichedLibraries" | "clock">, userId: string) {
  const enriched = deps.enrichedLibraries;
  enriched.delete(userId);
  enriched.set(userId, deps.clock.now());
  for (const oldest of enriched.keys()) {
    if (enriched.size <= 10_000) break;
    enriched.delete(oldest);
  }
}

/**
 * Reads the user's new likes and their missing metadata in the background, so the like count, analyses and
 * the first distribution are ready sooner. Safe to call on every sign-in (a known library costs one call, and a
 * read already waiting is this one).
 */
export function startLibrarySync(deps: Deps, userId: string): void {
  const work = deps.work;
  if (work.isStopping) return;
  const running = deps.signInSyncs;
  const done = queueLibraryRead(deps, userId)
    .catch((error) => deps.log.warn("library sync not done", { userId, error: String(error) }))
    .finally(() => {
      if (running.get(userId) === done) running.delete(userId);
    });
  running.set(userId, done);
}

/** Settles once the user's sign-in sync (if one is running) has stored the likes it read. */
export function signInSyncSettled(deps: Pick<Deps, "signInSyncs">, userId: string): Promise<void> {
  return deps.signInSyncs.get(userId) ?? Promise.resolve();
}
