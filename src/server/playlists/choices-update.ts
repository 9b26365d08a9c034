// A choice (an exclusion, a correction, their undo, a loaded choices document) takes effect on Spotify at
// once: an update of the listener's playlists is queued behind their other work. Choices made while one waits
// join it (it plans from what is stored when it starts), so a listener has one pending update at most.
import type { Deps } from "../deps/deps.ts";
import { createDistribution, runDistribution } from "../distribution/runs/run.ts";

export function startChoicesUpdate(deps: Deps, userId: string): void {
  deps.work.spawn(
    userId,
    "choices update",
    async () => {
      const id = createDistribution(deps, userId, "hourly");
      await runDistribution(deps, id, { synced: true });
    },
    { key: "choices-update" },
  );
}
