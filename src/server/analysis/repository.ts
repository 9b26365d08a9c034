// The analyses and analysis_segments tables. A segment's result is handled in its stored form (segments.ts
// encodes and decodes it), so it is written and read as the JSON text, not through the column's JSON mapping.
import { and, asc, count, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { analyses, analysisSegments, users } from "../db/schema/index.ts";

type Analysis = typeof analyses.$inferSelect;
type Segment = typeof analysisSegments.$inferSelect;
export type AnalysisStatus = Analysis["status"];

/** A segment as stored: `result` is the encoded JSON text (null for none). */
export type StoredSegment = Pick<Segment, "segmentNumber" | "type"> & { result: string | null };

const unfinished: AnalysisStatus[] = ["running", "cancelling"];

export function countUnfinishedAnalyses(db: Db, userId: string): number {
  return (
    db
      .select({ n: count() })
      .from(analyses)
      .where(and(eq(analyses.userId, userId), inArray(analyses.status, unfinished)))
      .get()?.n ?? 0
  );
}

/** Removes the listener's ended analyses with their segments: one analysis is kept per listener. */
export function forgetEndedAnalyses(db: Db, userId: string): void {
  db.delete(analyses)
    .where(and(eq(analyses.userId, userId), sql`${analyses.status} NOT IN ('running', 'cancelling')`))
    .run();
}

export function insertRunningAnalysis(db: Db, id: string, userId: string, createdAt: number): void {
  db.insert(analyses).values({ id, userId, status: "running", createdAt }).run();
}

export function analysisStatus(db: Db, id: string): AnalysisStatus | null {
  return (
    db.select({ status: analyses.status }).from(analyses).where(eq(analyses.id, id)).get()?.status ?? null
  );
}

/** The analysis's status when it belongs to the user; null otherwise. */
export function ownAnalysisStatus(db: Db, userId: string, id: string): AnalysisStatus | null {
  return (
    db
      .select({ status: analyses.status })
      .from(analyses)
      .where(and(eq(analyses.id, id), eq(analyses.userId, userId)))
      .get()?.status ?? null
  );
}

/** Whose analysis it is and the level that bounds the songs it considers. */
export function analysisOwner(db: Db, id: string) {
  return db
    .select({ userId: analyses.userId, membershipLevel: users.membershipLevel })
    .from(analyses)
    .innerJoin(users, eq(users.id, analyses.userId))
    .where(eq(analyses.id, id))
    .get();
}

export function insertSegment(db: Db, analysisId: string, segment: StoredSegment): void {
  db.insert(analysisSegments)
    .values({
      analysisId,
      segmentNumber: segment.segmentNumber,
      type: segment.type,
      result: sql`${segment.result}`,
    })
    .run();
}

export function finishAnalysis(db: Db, id: string, status: AnalysisStatus, finishedAt: number): void {
  db.update(analyses).set({ status, finishedAt }).where(eq(analyses.id, id)).run();
}

/** Asks a running analysis to stop at its next chunk. */
export function markCancelling(db: Db, id: string): void {
  db.update(analyses)
    .set({ status: "cancelling" })
    .where(and(eq(analyses.id, id), eq(analyses.status, "running")))
    .run();
}

export function segmentsAfter(db: Db, analysisId: string, afterSegmentNumber: number): StoredSegment[] {
  return db
    .select({
      segmentNumber: analysisSegments.segmentNumber,
      type: analysisSegments.type,
      result: sql<string | null>`${analysisSegments.result}`,
    })
    .from(analysisSegments)
    .where(
      and(
        eq(analysisSegments.analysisId, analysisId),
        gt(analysisSegments.segmentNumber, afterSegmentNumber),
      ),
    )
    .orderBy(asc(analysisSegments.segmentNumber))
    .all();
}

/** Unfinished analyses (a crash interrupted them), each with the number its next segment takes. */
export function unfinishedAnalyses(db: Db): { id: string; nextSegment: number }[] {
  return db
    .select({
      id: analyses.id,
      // Spelled out: drizzle leaves a single-table select's columns unqualified, which the subquery would capture.
      nextSegment: sql<number>`coalesce((SELECT max(s.segment_number) FROM analysis_segments s
        WHERE s.analysis_id = "analyses"."id"), 0) + 1`,
    })
    .from(analyses)
    .where(inArray(analyses.status, unfinished))
    .all();
}
