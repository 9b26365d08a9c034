// The daily purge deletes in small statements and gives the event loop back between them, so requests are served
// while it runs (one transaction of whole-table scans held every request until it ended). Each batch commits on
// its own; the purge is idempotent, so a run cut short is finished by the next one.
import { inArray, type SQL, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { workLimits } from "../../shared/work-limits.ts";
import type { Db } from "../db/client.ts";

/** Lets the requests waiting on the loop run before the next batch. */
export const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Deletes the table's rows that match, at most `purgeBatchRows` per statement; returns how many. */
export async function deleteInBatches(db: Db, table: SQLiteTable, where: SQL | undefined): Promise<number> {
  const size = workLimits.purgeBatchRows;
  let deleted = 0;
  for (;;) {
    const batch = db.select({ rowid: sql`rowid` }).from(table).where(where).limit(size);
    const n = db.delete(table).where(inArray(sql`rowid`, batch)).returning({ one: sql`1` }).all().length;
    deleted += n;
    if (n < size) return deleted;
    await yieldToRequests();
  }
}
