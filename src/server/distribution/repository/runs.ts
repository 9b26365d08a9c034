// The distributions table and its progress entries (distribution_entries).
import { and, asc, count, desc, eq, gt, inArray, lt, max, ne, notInArray, sql } from "drizzle-orm";
import { builtQuery, type Db } from "../../db/client.ts";
import { analyses, distributionEntries, distributions, journalSteps } from "../../db/schema/index.ts";
import { changesOf } from "./changes.ts";

export type DistributionRow = typeof distributions.$inferSelect;
export type DistributionTrigger = DistributionRow["trigger"];
export type EntryType = (typeof distributionEntries.$inferSelect)["distributionType"];
const OPEN_STEP = ["done", "failed"] as const;

export function insertDistribution(
  db: Db,
  row: {
    id: string;
    userId: string;
    trigger: DistributionTrigger;
    request: unknown;
    createdAt: number;
    likes: number;
  },
): void {
  db.insert(distributions)
    .values({
      id: row.id,
      userId: row.userId,
      trigger: row.trigger,
      status: "running",
      request: row.request,
      createdAt: row.createdAt,
      totalNumberOfLikedSongs: row.likes,
    })
    .run();
}

export function findDistribution(db: Db, id: string) {
  return (
    db
      .select({
        id: distributions.id,
        userId: distributions.userId,
        trigger: distributions.trigger,
        status: distributions.status,
        planned: distributions.planned,
        attempts: distributions.attempts,
      })
      .from(distributions)
      .where(eq(distributions.id, id))
      .get() ?? null
  );
}

/** Marks a run (again) running and counts the attempt. */
export function startAttempt(db: Db, id: string): void {
  db.update(distributions)
    .set({ status: "running", attempts: sql`${distributions.attempts} + 1`, error: null })
    .where(eq(distributions.id, id))
    .run();
}

export function setLikeCount(db: Db, id: string, likes: number): void {
  db.update(distributions).set({ totalNumberOfLikedSongs: likes }).where(eq(distributions.id, id)).run();
}

/** The plan is in the journal: a restart only resumes it. */
export function markPlanned(
  db: Db,
  id: string,
  names: { createdPlaylistNames?: string[]; removedPlaylistNames?: string[] },
): void {
  db.update(distributions)
    .set({ planned: true, ...names })
    .where(eq(distributions.id, id))
    .run();
}

export function markFinished(db: Db, id: string, now: number): void {
  db.update(distributions)
    .set({ status: "finished", finishedAt: now, error: null })
    .where(eq(distributions.id, id))
    .run();
  db.update(distributionEntries)
    .set({ completedWork: sql`${distributionEntries.totalWork}` })
    .where(eq(distributionEntries.distributionId, id))
    .run();
}

/** Failed: the entries show -1 until a retry restores them from the journal. */
export function markRunFailed(db: Db, id: string, now: number, message: string): void {
  db.update(distributions)
    .set({ status: "failed", finishedAt: now, error: message })
    .where(eq(distributions.id, id))
    .run();
  db.update(distributionEntries)
    .set({ completedWork: -1 })
    .where(eq(distributionEntries.distributionId, id))
    .run();
}

/** Given up: keeps the first finish time. */
export function markAbandoned(db: Db, id: string, now: number): void {
  db.update(distributions)
    .set({ status: "failed", finishedAt: sql`coalesce(${distributions.finishedAt}, ${now})` })
    .where(eq(distributions.id, id))
    .run();
}

/** Earlier runs of the user, other than `currentId`, with journal steps still open; oldest first. */
export function unfinishedJournalsOf(db: Db, userId: string, currentId: string) {
  return db
    .selectDistinct({
      id: distributions.id,
      attempts: distributions.attempts,
      createdAt: distributions.createdAt,
    })
    .from(distributions)
    .innerJoin(journalSteps, eq(journalSteps.distributionId, distributions.id))
    .where(
      and(
        eq(distributions.userId, userId),
        ne(distributions.id, currentId),
        ne(distributions.status, "finished"),
        notInArray(journalSteps.status, [...OPEN_STEP]),
      ),
    )
    .orderBy(asc(distributions.createdAt))
    .all();
}

export function runningDistributions(db: Db) {
  return db
    .select({ id: distributions.id, userId: distributions.userId })
    .from(distributions)
    .where(eq(distributions.status, "running"))
    .orderBy(asc(distributions.createdAt))
    .all();
}

/** The listener's own running run (of their selection or their rules), newest first; built once (ADR 0081). */
export function runningOwnRun(db: Db, userId: string): { id: string } | undefined {
  return builtQuery(db, runningOwnRunQuery).get({ userId });
}

const runningOwnRunQuery = (db: Db) =>
  db
    .select({ id: distributions.id })
    .from(distributions)
    .where(
      and(
        eq(distributions.userId, sql.placeholder("userId")),
        eq(distributions.status, "running"),
        inArray(distributions.trigger, ["predefined", "combination"]),
      ),
    )
    .orderBy(desc(distributions.createdAt))
    .limit(1)
    .prepare();

/** Running runs of the user started by one of `triggers`, newest first. */
export function runningOf(db: Db, userId: string, triggers: readonly DistributionTrigger[]) {
  return db
    .select({ id: distributions.id, createdAt: distributions.createdAt })
    .from(distributions)
    .where(
      and(
        eq(distributions.userId, userId),
        eq(distributions.status, "running"),
        inArray(distributions.trigger, [...triggers]),
      ),
    )
    .orderBy(desc(distributions.createdAt))
    .all();
}

export function countRunningAnalyses(db: Db, userId: string): number {
  return (
    db
      .select({ n: count() })
      .from(analyses)
      .where(and(eq(analyses.userId, userId), inArray(analyses.status, ["running", "cancelling"])))
      .get()?.n ?? 0
  );
}

/** The user's newest failed run since their last finished (non-deletion) one. */
export function newestFailedRun(db: Db, userId: string) {
  const lastFinished = db
    .select({ at: max(distributions.createdAt) })
    .from(distributions)
    .where(
      and(
        eq(distributions.userId, userId),
        eq(distributions.status, "finished"),
        ne(distributions.trigger, "deletion"),
      ),
    );
  return (
    db
      .select({ id: distributions.id, planned: distributions.planned, attempts: distributions.attempts })
      .from(distributions)
      .where(
        and(
          eq(distributions.userId, userId),
          eq(distributions.status, "failed"),
          gt(distributions.createdAt, sql`coalesce((${lastFinished}), 0)`),
        ),
      )
      .orderBy(desc(distributions.createdAt))
      .limit(1)
      .get() ?? null
  );
}

/** Creates or updates a progress entry's totalWork. */
export function setEntryTotal(db: Db, distributionId: string, type: EntryType, totalWork: number): void {
  const updated = db
    .update(distributionEntries)
    .set({ totalWork })
    .where(
      and(
        eq(distributionEntries.distributionId, distributionId),
        eq(distributionEntries.distributionType, type),
      ),
    )
    .run();
  if (changesOf(updated) === 0) {
    db.insert(distributionEntries)
      .values({ distributionId, distributionType: type, totalWork, completedWork: 0 })
      .run();
  }
}

/** The entries a failure set to -1. */
export function failedEntryTypes(db: Db, distributionId: string): EntryType[] {
  return db
    .select({ type: distributionEntries.distributionType })
    .from(distributionEntries)
    .where(
      and(eq(distributionEntries.distributionId, distributionId), lt(distributionEntries.completedWork, 0)),
    )
    .all()
    .map((r) => r.type);
}

/** Moves an entry forward (never back) to `completedWork`. */
export function advanceEntry(db: Db, distributionId: string, type: EntryType, completedWork: number): void {
  entryAdvancer(db)(distributionId, type, completedWork);
}

/** `advanceEntry` prepared once, for a run that moves its entries at every step. */
export function entryAdvancer(
  db: Db,
): (distributionId: string, type: EntryType, completedWork: number) => void {
  const query = db
    .update(distributionEntries)
    .set({
      completedWork: sql`max(${distributionEntries.completedWork}, ${sql.placeholder("completedWork")})`,
    })
    .where(
      and(
        eq(distributionEntries.distributionId, sql.placeholder("distributionId")),
        eq(distributionEntries.distributionType, sql.placeholder("type")),
      ),
    )
    .prepare();
  return (distributionId, type, completedWork) => void query.run({ distributionId, type, completedWork });
}

export function resetEntry(db: Db, distributionId: string, type: EntryType): void {
  db.update(distributionEntries)
    .set({ completedWork: 0 })
    .where(
      and(
        eq(distributionEntries.distributionId, distributionId),
        eq(distributionEntries.distributionType, type),
      ),
    )
    .run();
}
