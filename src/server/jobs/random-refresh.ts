import { runRandomRefresh } from "../distribution/batch/batch-jobs.ts";
import type { JobDefinition } from "./job.ts";

/** Just after midnight UTC: new daily samples; on Mondays the weekly samples change with the ISO week. */
export const randomRefreshJob: JobDefinition = {
  name: "random-refresh",
  pattern: "5 0 * * *",
  async run(deps) {
    const outcome = await runRandomRefresh(deps);
    deps.log.info("random refresh", { ...outcome });
    return outcome;
  },
};
