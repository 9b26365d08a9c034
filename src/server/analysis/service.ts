// 'Analyse songs per playlist': counts, per catalogue entry, the considered songs it would hold. Runs in the
// background and emits segments as it works through the library in chunks; the client polls for them.
import { allEntries, type CatalogueEntry } from "../../shared/catalogue/index.ts";
import { ErrorCode } from "../../shared/errors.ts";
import { limits } from "../../shared/limits.ts";
import type {
  AnalysisResultItem,
  AnalysisResults,
  AnalysisSegmentType,
} from "../../shared/schemas/distribution.ts";
import { spotifyForUser } from "../auth/tokens.ts";
import type { Deps } from "../deps.ts";
import { loadConsideredSongs } from "../library/considered.ts";
import { enrichLibrary } from "../library/metadata.ts";
import { syncLibrary } from "../library/sync.ts";
import { metadataCoverage } from "../metadata/coverage.ts";
import { AppError, notFound } from "../platform/errors.ts";
import { isThrottled, recordThrottle, throttleKeys } from "../platform/throttles.ts";
import { userWork } from "../platform/user-work.ts";
import { readSettings } from "../settings/store.ts";
import type { SpotifyUserApi } from "../spotify/types.ts";
import { readTimeZone } from "../user/time-zone.ts";
import { AnalysisCounter } from "./count.ts";
import { decodeSegment, encodeSegment } from "./segments.ts";

/** Songs counted per segment. */
export const ANALYSIS_CHUNK = 500;

type Status = "running" | "completed" | "cancelling" | "cancelled" | "failed";

/** POST /api/distributor/analysis: 37 while one runs, 38 within 20 s of the last start. */
export function startAnalysis(
  deps: Deps,
  userId: string,
  options: { api?: SpotifyUserApi } = {},
): { progressId: string } {
  const sqlite = deps.db.$client;
  const now = deps.clock.now();
  const id = sqlite.transaction(() => {
    const ongoing = sqlite
      .query<{ n: number }, [string]>(
        "SELECT count(*) AS n FROM analyses WHERE user_id = ? AND status IN ('running', 'cancelling')",
      )
      .get(userId);
    if ((ongoing?.n ?? 0) > 0) throw new AppError(ErrorCode.AnalysisOngoing);
    const key = throttleKeys.analysis(userId);
    if (isThrottled(deps.db, key, limits.analysisThrottleMs, now)) {
      throw new AppError(ErrorCode.AnalysisStartedTooRecently);
    }
    recordThrottle(deps.db, key, now);
    const analysisId = crypto.randomUUID();
    sqlite
      .query("INSERT INTO analyses (id, user_id, status, created_at) VALUES (?, ?, 'running', ?)")
      .run(analysisId, userId, now);
    return analysisId;
  })();
  userWork(deps).spawn(userId, "analysis", () => runAnalysis(deps, id, options.api));
  return { progressId: id };
}

function statusOf(deps: Pick<Deps, "db">, id: string): Status | null {
  return (
    deps.db.$client.query<{ status: Status }, [string]>("SELECT status FROM analyses WHERE id = ?").get(id)
      ?.status ?? null
  );
}

function addSegment(
  deps: Pick<Deps, "db">,
  id: string,
  segmentNumber: number,
  type: AnalysisSegmentType,
  result: AnalysisResultItem[],
) {
  deps.db.$client
    .query("INSERT INTO analysis_segments (analysis_id, segment_number, type, result) VALUES (?, ?, ?, ?)")
    .run(id, segmentNumber, type, encodeSegment(result));
}

function end(
  deps: Pick<Deps, "db" | "clock">,
  id: string,
  status: Status,
  segment: number,
  type: AnalysisSegmentType,
  result: AnalysisResultItem[],
) {
  const sqlite = deps.db.$client;
  sqlite.transaction(() => {
    addSegment(deps, id, segment, type, result);
    sqlite
      .query("UPDATE analyses SET status = ?, finished_at = ? WHERE id = ?")
      .run(status, deps.clock.now(), id);
  })();
}

/** Syncs the library, then counts chunk by chunk; stops with a Cancelled segment when asked to. */
export async function runAnalysis(deps: Deps, id: string, api?: SpotifyUserApi): Promise<void> {
  const row = deps.db.$client
    .query<
      { user_id: string; membership_level: "Free" | "FreeBeforePremiumIntroduced" | "PremiumYearly" },
      [string]
    >("SELECT a.user_id, u.membership_level FROM analyses a JOIN users u ON u.id = a.user_id WHERE a.id = ?")
    .get(id);
  if (!row) return;
  let segment = 1;
  try {
    if (statusOf(deps, id) !== "running") return end(deps, id, "cancelled", segment, "Cancelled", []);
    const userApi = api ?? spotifyForUser(deps, row.user_id);
    await syncLibrary(deps, userApi, row.user_id);
    await enrichLibrary(deps, userApi, row.user_id);
    const songs = loadConsideredSongs(deps, row.user_id, row.membership_level);
    const counter = new AnalysisCounter(allEntries as CatalogueEntry[], deps.clock.now(), {
      addRecordingOnce: readSettings(deps.db, row.user_id).addRecordingOnce,
      timeZone: readTimeZone(deps.db, row.user_id).timeZone,
    });
    for (let i = 0; i < songs.length; i += ANALYSIS_CHUNK) {
      if (statusOf(deps, id) !== "running" || userWork(deps).isStopping) {
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
  const row = deps.db.$client
    .query<{ status: Status }, [string, string]>("SELECT status FROM analyses WHERE id = ? AND user_id = ?")
    .get(id, userId);
  if (!row) throw notFound();
  return row.status;
}

/** GET /api/distributor/analysis/{id}?afterSegmentNumber=n: the segments after n, in order. */
export function getAnalysisResults(
  deps: Deps,
  userId: string,
  id: string,
  afterSegmentNumber: number,
): AnalysisResults {
  ownAnalysis(deps, userId, id);
  const rows = deps.db.$client
    .query<{ segment_number: number; type: AnalysisSegmentType; result: string | null }, [string, number]>(
      `SELECT segment_number, type, result FROM analysis_segments
       WHERE analysis_id = ? AND segment_number > ? ORDER BY segment_number`,
    )
    .all(id, afterSegmentNumber);
  return {
    results: rows.map((r) => ({
      segmentNumber: r.segment_number,
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
  deps.db.$client
    .query("UPDATE analyses SET status = 'cancelling' WHERE id = ? AND status = 'running'")
    .run(id);
  return { cancelled: true };
}

/** Start-up recovery: an analysis a crash interrupted ends with a Cancelled segment (the client resets). */
export function cancelInterruptedAnalyses(deps: Pick<Deps, "db" | "clock">): number {
  const rows = deps.db.$client
    .query<{ id: string; next: number }, []>(
      `SELECT a.id, coalesce((SELECT max(segment_number) FROM analysis_segments s WHERE s.analysis_id = a.id), 0) + 1
         AS next FROM analyses a WHERE a.status IN ('running', 'cancelling')`,
    )
    .all();
  for (const row of rows) end(deps, row.id, "cancelled", row.next, "Cancelled", []);
  return rows.length;
}
