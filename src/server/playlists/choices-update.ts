// A choice (an exclusion, a correction, their undo, a loaded choices document) takes effect on Spotify at
// once: an update of the listener's playlists is queued behind their other work.
import type { Deps } from "../deps/deps.ts";
import { createDistribution, runDistribution } from "../distribution/runs/run.ts";

export function startChoicesUpdate(deps: Deps, userId: string): void {
  deps.work.spawn(userId, "choices update", async () => {
    const id = createDistribution(deps, userId, "hourly");
    await runDistribution(deps, id, { synced: true });
  });
}
