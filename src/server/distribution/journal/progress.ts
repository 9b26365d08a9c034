// Progress entries of a distribution, as the journal says: an entry counts up to the last step done before
// the first step not done, so writes finishing out of order never make the bar jump ahead.
import type { Db } from "../../db/client.ts";
import { progressReached } from "../repository/journal.ts";
import {
  advanceEntry,
  type EntryType,
  entryAdvancer,
  failedEntryTypes,
  resetEntry,
} from "../repository/runs.ts";

export type { EntryType } from "../repository/runs.ts";

/** After a failure (-1): the entries count again from what the journal says was done. */
export function restoreProgress(db: Db, distributionId: string): void {
  for (const type of failedEntryTypes(db, distributionId)) {
    resetEntry(db, distributionId, type);
    advanceEntry(db, distributionId, type, progressReached(db, distributionId, type));
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
  private readonly advance: ReturnType<typeof entryAdvancer>;

  constructor(
    db: Db,
    private readonly distributionId: string,
    steps: readonly { id: number; entryType: EntryType | null; progressAfter: number | null }[],
  ) {
    this.advance = entryAdvancer(db);
    for (const step of steps) {
      if (!step.entryType || step.progressAfter === null) continue;
      const list = this.byEntry.get(step.entryType) ?? [];
      list.push({ id: step.id, progressAfter: step.progressAfter });
      this.byEntry.set(step.entryType, list);
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
    this.advance(this.distributionId, entryType, reached);
  }
}
