// Library reads outside a distribution (after sign-in), in the user's background work.
import type { Deps } from "../deps/deps.ts";
import { enrichLibrary } from "./metadata.ts";
import { syncLibrary } from "./sync.ts";

/**
 * Reads the user's new likes and their missing metadata in the background, so the like count, analyses and
 * the first distribution are ready sooner. Safe to call on every sign-in (a known library costs one call).
 */
export function startLibrarySync(deps: Deps, userId: string): void {
  const work = deps.work;
  if (work.isStopping) return;
  const running = deps.signInSyncs;
  const done = work
    .forUser(userId, async () => {
      const api = deps.spotifyFor(userId);
      await syncLibrary(deps, api, userId);
      await enrichLibrary(deps, api, userId);
    })
    .catch((error) =>
      deps.log.error("background work failed", { name: "library sync", userId, error: String(error) }),
    )
    .finally(() => {
      if (running.get(userId) === done) running.delete(userId);
    });
  running.set(userId, done);
}

/** Settles once the user's sign-in sync (if one is running) has stored the likes it read. */
export function signInSyncSettled(deps: Pick<Deps, "signInSyncs">, userId: string): Promise<void> {
  return deps.signInSyncs.get(userId) ?? Promise.resolve();
}
