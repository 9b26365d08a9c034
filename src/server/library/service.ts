// Library reads outside a distribution (after sign-in, for AddRecordingOnce), in the user's background work.
import type { Deps } from "../deps/deps.ts";
import { type SpotifyWork, workOf } from "../spotify/work.ts";
import { enrichLibrary } from "./metadata.ts";
import { syncLibrary } from "./sync.ts";

const LIBRARY_READ = "library-read";

/**
 * Queues a read of the user's library (new likes, or with `full` every like) and their missing metadata. A
 * listener has at most one read waiting whatever asked for it: a newer-likes read joins a waiting one, a full
 * read turns a waiting one into a full read, and a full read asked while one runs is that one.
 */
export function queueLibraryRead(
  deps: Deps,
  userId: string,
  options: { full?: boolean; work?: SpotifyWork } = {},
): Promise<void> {
  const full = options.full ?? false;
  return deps.work.forUser(
    userId,
    async () => {
      const api = deps.spotifyFor(userId, options.work);
      await syncLibrary(deps, api, userId, { full });
      // an enriched library costs a few index rows here: only what is still to ask is read
      await enrichLibrary(deps, api, userId);
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
 * Reads the user's new likes and their missing metadata in the background, so the like count, analyses and
 * the first distribution are ready sooner. Safe to call on every sign-in (a known library costs one call, and a
 * read already waiting is this one).
 */
export function startLibrarySync(deps: Deps, userId: string): void {
  const work = deps.work;
  if (work.isStopping) return;
  const running = deps.signInSyncs;
  const done = queueLibraryRead(deps, userId, { work: workOf("signIn") })
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
