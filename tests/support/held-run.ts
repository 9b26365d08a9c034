import type { Deps } from "../../src/server/deps/deps.ts";
import { runHourlySync } from "../../src/server/distribution/batch/batch-jobs.ts";
import type { SpotifyUserApi } from "../../src/server/spotify/types.ts";

/**
 * An hourly run held at its first library read until `release()`: while it is held, the run is going and a second
 * start is refused. `finished` settles once the released run has ended.
 */
export function heldHourlyRun(deps: Deps): { release(): void; finished: Promise<unknown> } {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const blockingApi = {
    async *likedTracks() {
      await gate;
      yield [];
    },
  } as unknown as SpotifyUserApi;
  const finished = runHourlySync({ ...deps, spotifyFor: () => blockingApi });
  return { release, finished };
}
