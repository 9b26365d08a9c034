// 'Analyse songs per playlist': counts, per catalogue entry, the considered songs it would hold. Runs in the
// background and emits segments as it works through the library in chunks; the client polls for them.

import { allEntries, type CatalogueEntry } from "../../shared/catalogue/index.ts";
import { ErrorCode } from "../../shared/errors.ts";
import { rateRules } from "../../shared/rate-rules.ts";
import type {
  AnalysisResultItem,
  AnalysisResults,
  AnalysisSegmentType,
} from "../../shared/schemas/distribution.ts";
import { transaction } from "../db/transaction.ts";
import type { Deps } from "../deps/deps.ts";
import { loadConsideredSongsGivingWay } from "../library/considered.ts";
import { enrichLibrary } from "../library/metadata.ts";
import { syncLibrary } from "../library/sync.ts";
import { metadataCoverage } from "../metadata/coverage.ts";
import { AppError, notFound } from "../platform/errors.ts";
import { readSettings } from "../settings/store.ts";
import { workOf } from "../spotify/work.ts";
import { readTimeZone } from "../user/time-zone.ts";
import { AnalysisCounter } from "./count.ts";
import {
  type AnalysisStatus,
  analysisOwner,
  analysisStatus,
  countUnfinishedAnalyses,
  finishAnalysis,
  forgetEndedAnalyses,
  insertRunningAnalysis,
  insertSegment,
  markCancelling,
  ownAnalysisStatus,
  segmentsAfter,
  unfinishedAnalyses,
} from "./repository.ts";
import { decodeSegment, encodeSegment } from "./segments.ts";

/** Songs counted per segment. */
export const ANALYSIS_CHUNK = 500;

type Status = AnalysisStatus;

/** POST /api/distributor/analysis: 37 while one runs, 38 within 20 s of the last start. */
export function startAnalysis(deps: Deps, userId: string): { progressId: string } {
  deps.work.assertRoom(userId);
  const now = deps.clock.now();
  const id = transaction(deps.db, () => {
    if (countUnfinishedAnalyses(deps.db, userId) > 0) throw new AppError(ErrorCode.AnalysisOngoing);
    deps.rateLimits.take(rateRules.analysis, userId);
    // The new analysis replaces the listener's earlier one (its segments go with it).
    forgetEndedAnalyses(deps.db, userId);
    const analysisId = crypto.randomUUID();
    insertRunningAnalysis(deps.db, analysisId, userId, now);
    return analysisId;
  });
  deps.work.spawn(userId, "analysis", () => runAnalysis(deps, id));
  return { progressId: id };
}

function statusOf(deps: Pick<Deps, "db">, id: string): Status | null {
  return analysisStatus(deps.db, id);
}

function addSegment(
  deps: Pick<Deps, "db">,
  id: string,
  segmentNumber: number,
  type: AnalysisSegmentType,
  result: AnalysisResultItem[],
) {
  insertSegment(deps.db, id, { segmentNumber, type, result: encodeSegment(result) });
}

function end(
  deps: Pick<Deps, "db" | "clock">,
  id: string,
  status: Status,
  segment: number,
  type: AnalysisSegmentType,
  result: AnalysisResultItem[],
) {
  transaction(deps.db, () => {
    addSegment(deps, id, segment, type, result);
    finishAnalysis(deps.db, id, status, deps.clock.now());
  });
}

/** Syncs the library, then counts chunk by chunk; stops with a Cancelled segment when asked to. */
export async function runAnalysis(deps: Deps, id: string): Promise<void> {
  const row = analysisOwner(deps.db, id);
  if (!row) return;
  let segment = 1;
  try {
    if (statusOf(deps, id) !== "running") return end(deps, id, "cancelled", segment, "Cancelled", []);
    const userApi = deps.spotifyFor(row.userId, workOf("analysis"));
    await syncLibrary(deps, userApi, row.userId);
    await enrichLibrary(deps, userApi, row.userId);
    // Reading and classifying a large library is a long stretch of the one thread: requests go in between.
    const songs = await loadConsideredSongsGivingWay(deps, row.userId, row.membershipLevel);
    const counter = new AnalysisCounter(allEntries as CatalogueEntry[], deps.clock.now(), {
      addRecordingOnce: readSettings(deps.db, row.userId).addRecordingOnce,
      timeZone: readTimeZone(deps.db, row.userId).timeZone,
    });
    for (let i = 0; i < songs.length; i += ANALYSIS_CHUNK) {
      if (statusOf(deps, id) !== "running" || deps.work.isStopping) {
        return end(deps, id, "cancelled", segment, "Cancelled", []);
      }
      counter.add(songs.slice(i, i + ANALYSIS_CHUNK));
      addSegment(deps, id, segment, "Data", counter.result(false));
      segment += 1;
      // Let polls and other requests in between chunks.
      await Bun.sleep(0);
    }
    if (statusOf(deps, id) !== "running") return end(deps, id, "cancelled", segment, "Cancelled", []);
    end(deps, id, "completed", segment, "Completed", counter.result(true));
  } catch (error) {
    deps.log.warn("analysis failed", { analysisId: id, error: String(error) });
    end(deps, id, "failed", segment, "Cancelled", []);
  }
}

function ownAnalysis(deps: Pick<Deps, "db">, userId: string, id: string): Status {
  const status = ownAnalysisStatus(deps.db, userId, id);
  if (status === null) throw notFound();
  return status;
}

/** GET /api/distributor/analysis/{id}?afterSegmentNumber=n: the segments after n, in order. */
export function getAnalysisResults(
  deps: Deps,
  userId: string,
  id: string,
  afterSegmentNumber: number,
): AnalysisResults {
  ownAnalysis(deps, userId, id);
  const rows = segmentsAfter(deps.db, id, afterSegmentNumber);
  return {
    results: rows.map((r) => ({
      segmentNumber: r.segmentNumber,
      type: r.type,
      result: decodeSegment(r.result, r.type),
    })),
    coverage: metadataCoverage(deps, userId),
  };
}

/** POST /api/distributor/analysis/{id}/cancel: a running analysis stops at its next chunk. */
export function cancelAnalysis(deps: Pick<Deps, "db">, userId: string, id: string): { cancelled: boolean } {
  const status = ownAnalysis(deps, userId, id);
  if (status !== "running") return { cancelled: status === "cancelling" || status === "cancelled" };
  markCancelling(deps.db, id);
  return { cancelled: true };
}

/** Start-up recovery: an analysis a crash interrupted ends with a Cancelled segment (the client resets). */
export function cancelInterruptedAnalyses(deps: Pick<Deps, "db" | "clock">): number {
  const rows = unfinishedAnalyses(deps.db);
  for (const row of rows) end(deps, row.id, "cancelled", row.nextSegment, "Cancelled", []);
  return rows.length;
}
