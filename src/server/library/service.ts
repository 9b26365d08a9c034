// Library reads outside a distribution (after sign-in), in the user's background work.
import { spotifyForUser } from "../auth/tokens.ts";
import type { Deps } from "../deps.ts";
import { userWork } from "../distribution/background.ts";
import { enrichLibrary } from "./metadata.ts";
import { syncLibrary } from "./sync.ts";

/**
 * Reads the user's new likes and their missing metadata in the background, so the like count, analyses and
 * the first distribution are ready sooner. Safe to call on every sign-in (a known library costs one call).
 */
export function startLibrarySync(deps: Deps, userId: string): void {
  userWork(deps).spawn(userId, "library sync", async () => {
    const api = spotifyForUser(deps, userId);
    await syncLibrary(deps, api, userId);
    await enrichLibrary(deps, api, userId);
  });
}
