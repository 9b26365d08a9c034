import { purgeExpiredData } from "../account/retention.ts";
import type { JobDefinition } from "./job.ts";

/** Daily: the retention periods of the privacy text (deleted users' data, billing records, expired sessions). */
export const retentionJob: JobDefinition = {
  name: "retention",
  pattern: "17 3 * * *",
  async run(deps) {
    const result = await purgeExpiredData(deps.db, deps.clock);
    deps.log.info("retention purge", { ...result });
    return result;
  },
};
