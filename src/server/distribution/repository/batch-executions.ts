// The record of each batch job run (batch_executions).
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { batchExecutions } from "../../db/schema/index.ts";

/** Starts a run's record; a run of the same job a crash interrupted is closed as failed first. */
export function startExecution(db: Db, id: string, job: string, now: number): void {
  db.update(batchExecutions)
    .set({ status: "failed", error: "interrupted" })
    .where(and(eq(batchExecutions.job, job), eq(batchExecutions.status, "running")))
    .run();
  db.insert(batchExecutions).values({ id, job, startTime: now, status: "running" }).run();
}

export function finishExecution(
  db: Db,
  id: string,
  outcome: { status: "finished" | "failed"; usersProcessed: number; error: string | null },
  now: number,
): void {
  db.update(batchExecutions)
    .set({ ...outcome, endTime: now })
    .where(eq(batchExecutions.id, id))
    .run();
}
