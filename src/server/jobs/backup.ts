import { operations } from "../../shared/operations.ts";
import { runScheduledBackup } from "../system/scheduled-backup.ts";
import type { JobDefinition } from "./job.ts";

/** Daily (only when BACKUP_DIR is set): a consistent backup, the newest BACKUP_KEEP kept. */
export const backupJob: JobDefinition = {
  name: "backup",
  pattern: operations.backupPattern,
  async run(deps) {
    const outcome = await runScheduledBackup(deps);
    // A failed backup is a failed run (counted so in the job metrics and charts), not a success.
    if (!outcome.ok) throw new Error(`backup failed: ${outcome.error}`);
    return outcome;
  },
};
