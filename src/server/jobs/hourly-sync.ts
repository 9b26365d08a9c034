import { runHourlySync } from "../distribution/batch/batch-jobs.ts";
import type { JobDefinition } from "./job.ts";

/** Every hour: sync each monitored user's likes and add the new ones to their playlists. */
export const hourlySyncJob: JobDefinition = {
  name: "hourly-sync",
  pattern: "0 * * * *",
  async run(deps) {
    const outcome = await runHourlySync(deps);
    deps.log.info("hourly sync", { ...outcome });
    return outcome;
  },
};
