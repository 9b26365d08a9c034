// Progress entries of a distribution, as the journal says: an entry counts up to the last step done before
// the first step not done, so writes finishing out of order never make the bar jump ahead.
import type { Database } from "bun:sqlite";

export type EntryType = "Standard" | "Analysis" | "Randomized";

function refreshProgress(sqlite: Database, distributionId: string, entryType: EntryType): void {
  sqlite
    .query(
      `UPDATE distribution_entries SET completed_work = max(completed_work, coalesce((
         SELECT progress_after FROM journal_steps
         WHERE distribution_id = ?1 AND entry_type = ?2 AND status IN ('done', 'failed') AND id < coalesce((
           SELECT min(id) FROM journal_steps WHERE distribution_id = ?1 AND entry_type = ?2 AND status NOT IN ('done', 'failed')
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

/**
 * Follows the steps of one run as they finish (in any order) and moves each entry to the progress of the
 * last step done before the first one still open.
 */
export class ProgressTracker {
  private readonly done = new Set<number>();
  private readonly next = new Map<EntryType, number>();
  private readonly byEntry = new Map<EntryType, { id: number; progressAfter: number }[]>();

  constructor(
    private readonly sqlite: Database,
    private readonly distributionId: string,
    steps: readonly { id: number; entry_type: EntryType | null; progress_after: number | null }[],
  ) {
    for (const step of steps) {
      if (!step.entry_type || step.progress_after === null) continue;
      const list = this.byEntry.get(step.entry_type) ?? [];
      list.push({ id: step.id, progressAfter: step.progress_after });
      this.byEntry.set(step.entry_type, list);
    }
  }

  stepDone(stepId: number, entryType: EntryType | null): void {
    this.done.add(stepId);
    if (!entryType) return;
    const list = this.byEntry.get(entryType) ?? [];
    let index = this.next.get(entryType) ?? 0;
    let reached: number | null = null;
    while (index < list.length && this.done.has(list[index]?.id ?? -1)) {
      reached = list[index]?.progressAfter ?? reached;
      index += 1;
    }
    this.next.set(entryType, index);
    if (reached === null) return;
    this.sqlite
      .query(
        `UPDATE distribution_entries SET completed_work = max(completed_work, ?)
         WHERE distribution_id = ? AND distribution_type = ?`,
      )
      .run(reached, this.distributionId, entryType);
  }
}
