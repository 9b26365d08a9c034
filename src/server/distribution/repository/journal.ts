// The write-ahead journal (journal_steps): steps are recorded before they are sent and marked done after.
import { and, asc, desc, eq, inArray, lt, min, notInArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { journalSteps } from "../../db/schema/index.ts";
import type { EntryType } from "./runs.ts";

export type JournalOp = (typeof journalSteps.$inferSelect)["op"];

/** A step as the journal holds it. */
export type StepRow = Pick<
  typeof journalSteps.$inferSelect,
  | "id"
  | "playlistId"
  | "op"
  | "trackIds"
  | "status"
  | "position"
  | "anchors"
  | "reasons"
  | "entryType"
  | "progressAfter"
>;

export interface NewStep {
  playlistId: string;
  op: JournalOp;
  trackIds?: readonly string[] | null;
  position?: number | null;
  anchors?: { after: readonly string[]; before: readonly string[] } | null;
  reasons?: readonly (string | null)[] | null;
  entryType: EntryType;
  progressAfter: number;
}

const CLOSED = ["done", "failed"] as const;

/** Records planned steps, all pending, in journal order. */
export function insertSteps(db: Db, distributionId: string, steps: readonly NewStep[], now: number): void {
  // One prepared insert run per step: a large library plans thousands, and building each query costs more.
  const insert = db
    .insert(journalSteps)
    .values({
      distributionId,
      playlistId: sql.placeholder("playlistId"),
      op: sql.placeholder("op"),
      trackIds: sql`${sql.placeholder("trackIds")}`,
      status: "pending",
      updatedAt: now,
      position: sql.placeholder("position"),
      anchors: sql`${sql.placeholder("anchors")}`,
      reasons: sql`${sql.placeholder("reasons")}`,
      entryType: sql.placeholder("entryType"),
      progressAfter: sql.placeholder("progressAfter"),
    })
    .prepare();
  for (const step of steps) {
    insert.run({
      playlistId: step.playlistId,
      op: step.op,
      trackIds: step.trackIds ? JSON.stringify(step.trackIds) : null,
      position: step.position ?? null,
      anchors: step.anchors ? JSON.stringify(step.anchors) : null,
      reasons: step.reasons ? JSON.stringify(step.reasons) : null,
      entryType: step.entryType,
      progressAfter: step.progressAfter,
    });
  }
}

/** The steps still to run, in journal order. */
export function openSteps(db: Db, distributionId: string): StepRow[] {
  return db
    .select({
      id: journalSteps.id,
      playlistId: journalSteps.playlistId,
      op: journalSteps.op,
      trackIds: journalSteps.trackIds,
      status: journalSteps.status,
      position: journalSteps.position,
      anchors: journalSteps.anchors,
      reasons: journalSteps.reasons,
      entryType: journalSteps.entryType,
      progressAfter: journalSteps.progressAfter,
    })
    .from(journalSteps)
    .where(and(eq(journalSteps.distributionId, distributionId), notInArray(journalSteps.status, [...CLOSED])))
    .orderBy(asc(journalSteps.id))
    .all();
}

/** The marks a journal run writes for every step, prepared once per run (a run marks thousands). */
export function stepMarks(db: Db) {
  const byId = eq(journalSteps.id, sql.placeholder("id"));
  const now = sql`${sql.placeholder("now")}`;
  const sent = db.update(journalSteps).set({ status: "sent", updatedAt: now }).where(byId).prepare();
  const done = db
    .update(journalSteps)
    .set({ status: "done", result: sql`${sql.placeholder("result")}`, updatedAt: now })
    .where(byId)
    .prepare();
  return {
    sent: (id: number, at: number) => void sent.run({ id, now: at }),
    done: (id: number, result: string | null, at: number) => void done.run({ id, result, now: at }),
  };
}

export type StepMarks = ReturnType<typeof stepMarks>;

/** A step Spotify refused for good: kept with the reason, never sent again. */
export function markStepFailed(db: Db, stepId: number, reason: string, now: number): void {
  db.update(journalSteps)
    .set({ status: "failed", result: reason.slice(0, 500), updatedAt: now })
    .where(eq(journalSteps.id, stepId))
    .run();
}

/** Closes every open step of a run as failed with the reason. */
export function failOpenSteps(db: Db, distributionId: string, reason: string, now: number): void {
  db.update(journalSteps)
    .set({ status: "failed", result: reason, updatedAt: now })
    .where(and(eq(journalSteps.distributionId, distributionId), notInArray(journalSteps.status, [...CLOSED])))
    .run();
}

/** The progress of the last closed step before the first open one of an entry (0 when none). */
export function progressReached(db: Db, distributionId: string, entryType: EntryType): number {
  const ofEntry = and(eq(journalSteps.distributionId, distributionId), eq(journalSteps.entryType, entryType));
  const firstOpen = db
    .select({ id: min(journalSteps.id) })
    .from(journalSteps)
    .where(and(ofEntry, notInArray(journalSteps.status, [...CLOSED])))
    .get()?.id;
  const reached = db
    .select({ progressAfter: journalSteps.progressAfter })
    .from(journalSteps)
    .where(
      and(
        ofEntry,
        inArray(journalSteps.status, [...CLOSED]),
        firstOpen == null ? undefined : lt(journalSteps.id, firstOpen),
      ),
    )
    .orderBy(desc(journalSteps.id))
    .limit(1)
    .get();
  return reached?.progressAfter ?? 0;
}
