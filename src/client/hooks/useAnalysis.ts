import { useCallback, useEffect, useReducer } from "react";
import { limits } from "../../shared/limits.ts";
import type { MetadataCoverage } from "../../shared/metadata.ts";
import { errorCodeOf } from "../api/errors.ts";
import { trpc } from "../api/trpc.ts";
import { readSession, removeSession, storageKeys, writeSession } from "../lib/session-storage.ts";

export type AnalysisStatus =
  | "idle"
  | "starting"
  | "started"
  | "completed"
  | "cancelling"
  | "cancelled"
  | "failed";

/** One answer item of an analysis poll (spec §3 'Analysis poll result entries'). */
export interface AnalysisSegment {
  segmentNumber: number;
  type: "Data" | "Completed" | "Cancelled";
  result: { preferenceName: string; numberOfSongsApplicable: number }[];
}

export interface AnalysisState {
  status: AnalysisStatus;
  progressId: string | null;
  lastSegmentNumber: number;
  /** songs per playlist name, as far as the segments received so far tell */
  counts: Record<string, number>;
  failures: number;
  /** the errorCode of a refused start */
  errorCode: number | null;
  /** how much of the library each metadata group can classify, as of the latest poll */
  coverage: MetadataCoverage | null;
}

export type AnalysisEvent =
  | { type: "starting" }
  | { type: "started"; progressId: string }
  | { type: "startFailed"; errorCode: number }
  | { type: "segments"; segments: AnalysisSegment[]; coverage?: MetadataCoverage }
  | { type: "pollFailed" }
  | { type: "cancelling" }
  | { type: "cancelled" };

export const initialAnalysis: AnalysisState = {
  status: "idle",
  progressId: null,
  lastSegmentNumber: -1,
  counts: {},
  failures: 0,
  errorCode: null,
  coverage: null,
};

/** States in which 'Analyse songs per playlist' does nothing (spec §4 'Analysis'). */
const startIgnoredIn: readonly AnalysisStatus[] = [
  "starting",
  "started",
  "completed",
  "cancelled",
  "cancelling",
];

export const canStartAnalysis = (state: AnalysisState): boolean => !startIgnoredIn.includes(state.status);

/** True once an analysis has started, which shows counts and the 'Hide subgenres without songs' toggle. */
export const analysisHasStarted = (state: AnalysisState): boolean =>
  state.status === "started" || state.status === "completed";

/**
 * Applies segments in order of their number, skipping any already seen. Counts are cumulative: a segment
 * lists the songs counted so far for each playlist, so the latest segment wins. Completed ends the analysis
 * (its result lists every playlist); Cancelled resets it.
 */
export function nextAnalysis(state: AnalysisState, event: AnalysisEvent): AnalysisState {
  switch (event.type) {
    case "starting":
      return { ...initialAnalysis, status: "starting" };
    case "started":
      return { ...initialAnalysis, status: "started", progressId: event.progressId };
    case "startFailed":
      return { ...initialAnalysis, errorCode: event.errorCode };
    case "pollFailed": {
      if (state.status !== "started") return state;
      const failures = state.failures + 1;
      return { ...state, failures, status: failures > limits.pollMaxFailures ? "failed" : state.status };
    }
    case "cancelling":
      return { ...state, status: "cancelling" };
    case "cancelled":
      return { ...state, status: "cancelled" };
    case "segments": {
      if (state.status !== "started") return state;
      let next: AnalysisState = { ...state, failures: 0, coverage: event.coverage ?? state.coverage };
      const ordered = [...event.segments].sort((a, b) => a.segmentNumber - b.segmentNumber);
      for (const segment of ordered) {
        if (segment.segmentNumber <= next.lastSegmentNumber) continue;
        if (segment.type === "Cancelled") return initialAnalysis;
        const counts = { ...next.counts };
        for (const { preferenceName, numberOfSongsApplicable } of segment.result) {
          counts[preferenceName] = numberOfSongsApplicable;
        }
        next = {
          ...next,
          counts,
          lastSegmentNumber: segment.segmentNumber,
          status: segment.type === "Completed" ? "completed" : next.status,
        };
        if (next.status === "completed") break;
      }
      return next;
    }
  }
}

/** The count to show for a playlist: known counts, 0 once the analysis completed without one, else unknown. */
export function songsApplicable(state: AnalysisState, name: string): number | null {
  const count = state.counts[name];
  if (count !== undefined) return count;
  return state.status === "completed" ? 0 : null;
}

export interface AnalysisCalls {
  cancel: (input: { id: string }) => Promise<unknown>;
  results: (input: { id: string; afterSegmentNumber: number }) => Promise<{ results: AnalysisSegment[] }>;
}

const CANCEL_CHECK_MS = 250;
const CANCEL_CHECKS = 40;

/**
 * Cancels the analysis whose id is in session storage, if any, before a distribution or a combination request
 * (spec §4), and waits (up to 10 s) for its last segment: the analysis stops between chunks, and until then
 * the server refuses a distribution with code 37. A failed call ends the wait; the server's answer to the
 * request then tells the user what is going on.
 */
export async function cancelAnalysisInProgress(calls: AnalysisCalls): Promise<void> {
  const progressId = readSession(storageKeys.analysisProgressId);
  if (!progressId) return;
  try {
    await calls.cancel({ id: progressId });
    let afterSegmentNumber = -1;
    for (let check = 0; check < CANCEL_CHECKS; check++) {
      const { results } = await calls.results({ id: progressId, afterSegmentNumber });
      if (results.some((segment) => segment.type !== "Data")) break;
      for (const segment of results) afterSegmentNumber = Math.max(afterSegmentNumber, segment.segmentNumber);
      await new Promise((resolve) => setTimeout(resolve, CANCEL_CHECK_MS));
    }
  } catch {
    // see above
  }
  removeSession(storageKeys.analysisProgressId);
}

/** 'Analyse songs per playlist': start, poll after the last segment number, and the counts so far. */
export function useAnalysis() {
  const utils = trpc.useUtils();
  const startCall = trpc.distribution.startAnalysis.useMutation();
  const cancelCall = trpc.distribution.cancelAnalysis.useMutation();
  const [state, dispatch] = useReducer(nextAnalysis, initialAnalysis, (initial) => {
    // an analysis started before a reload keeps going; its segments are read again from the start
    const stored = readSession(storageKeys.analysisProgressId);
    return stored ? nextAnalysis(initial, { type: "started", progressId: stored }) : initial;
  });

  const start = useCallback(async () => {
    if (!canStartAnalysis(state)) return;
    dispatch({ type: "starting" });
    try {
      const { progressId } = await startCall.mutateAsync();
      writeSession(storageKeys.analysisProgressId, progressId);
      dispatch({ type: "started", progressId });
    } catch (error) {
      dispatch({ type: "startFailed", errorCode: errorCodeOf(error) });
    }
  }, [state, startCall]);

  const cancelInProgress = useCallback(async () => {
    const running = state.status === "started";
    if (running) dispatch({ type: "cancelling" });
    await cancelAnalysisInProgress({
      cancel: cancelCall.mutateAsync,
      results: (input) => utils.distribution.analysisResults.fetch(input, { staleTime: 0 }),
    });
    if (running) dispatch({ type: "cancelled" });
  }, [state.status, cancelCall, utils]);

  const progressId = state.status === "started" ? state.progressId : null;
  const startSegment = state.lastSegmentNumber;
  // biome-ignore lint/correctness/useExhaustiveDependencies: polling restarts only for a new analysis; the loop tracks the segment number itself
  useEffect(() => {
    if (!progressId) return;
    let afterSegmentNumber = startSegment;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const poll = async () => {
      try {
        const answer = await utils.distribution.analysisResults.fetch(
          { id: progressId, afterSegmentNumber },
          { staleTime: 0 },
        );
        if (stopped) return;
        for (const segment of answer.results) {
          afterSegmentNumber = Math.max(afterSegmentNumber, segment.segmentNumber);
        }
        dispatch({ type: "segments", segments: answer.results, coverage: answer.coverage });
        if (answer.results.some((segment) => segment.type !== "Data")) {
          removeSession(storageKeys.analysisProgressId);
          return;
        }
      } catch {
        if (stopped) return;
        dispatch({ type: "pollFailed" });
      }
      timer = setTimeout(poll, limits.progressPollMs);
    };

    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [progressId, utils]);

  useEffect(() => {
    if (state.status === "failed") removeSession(storageKeys.analysisProgressId);
  }, [state.status]);

  return { state, start, cancelInProgress };
}
