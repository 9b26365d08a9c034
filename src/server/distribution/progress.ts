// Progress entries of a distribution, as the journal says: an entry counts up to the last step done before
// the first step not done, so writes finishing out of order never make the bar jump ahead.
import type { Database } from "bun:sqlite";

export type EntryType = "Standard" | "Analysis" | "Randomized";

export function refreshProgress(sqlite: Database, distributionId: string, entryType: EntryType): void {
  sqlite
    .query(
      `UPDATE distribution_entries SET completed_work = max(completed_work, coalesce((
         SELECT progress_after FROM journal_steps
         WHERE distribution_id = ?1 AND entry_type = ?2 AND status = 'done' AND id < coalesce((
           SELECT min(id) FROM journal_steps WHERE distribution_id = ?1 AND entry_type = ?2 AND status != 'done'
         ), 9007199254740991)
         ORDER BY id DESC LIMIT 1), 0))
       WHERE distribution_id = ?1 AND distribution_type = ?2`,
    )
    .run(distributionId, entryType);
}

/** After a failure (-1): the entries count again from what the journal says was done. */
export function restoreProgress(sqlite: Database, distributionId: string): void {
  const failed = sqlite
    .query<{ distribution_type: EntryType }, [string]>(
      "SELECT distribution_type FROM distribution_entries WHERE distribution_id = ? AND completed_work < 0",
    )
    .all(distributionId);
  for (const { distribution_type } of failed) {
    sqlite
      .query(
        "UPDATE distribution_entries SET completed_work = 0 WHERE distribution_id = ? AND distribution_type = ?",
      )
      .run(distributionId, distribution_type);
    refreshProgress(sqlite, distributionId, distribution_type);
  }
}
