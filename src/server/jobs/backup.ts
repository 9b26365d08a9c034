import { operations } from "../../shared/operations.ts";
import { runScheduledBackup } from "../system/scheduled-backup.ts";
import type { JobDefinition } from "./job.ts";

/** Daily (only when BACKUP_DIR is set): a consistent backup, the newest BACKUP_KEEP kept. */
export const backupJob: JobDefinition = {
  name: "backup",
  pattern: operations.backupPattern,
  async run(deps) {
    return runScheduledBackup(deps);
  },
};
