import { useEffect, useState } from "react";
import { limits } from "../../shared/limits.ts";
import type { SpotifyPause } from "../../shared/spotify-access.ts";
import { trpc } from "../api/trpc.ts";

export type DistributionType = "Standard" | "Analysis" | "Randomized";

/** One entry of a distribution's progress; `completedWork` -1 means the work failed (spec §3 'Progress'). */
export interface ProgressEntry {
  distributionType: DistributionType;
  totalWork: number;
  completedWork: number;
}

/** loading: no entries yet ('Loading progress'); failed: polling gave up ('Loading failed'). */
export type ProgressPhase = "loading" | "running" | "finished" | "failed";

export interface ProgressState {
  phase: ProgressPhase;
  entries: ProgressEntry[];
  /** answered polls */
  ticks: number;
  /** failed polls in a row */
  failures: number;
  /** the liked songs the server counted once the run read the library (null until an answer tells) */
  totalNumberOfLikedSongs: number | null;
  /** set while Spotify's spent quota or the server's daily budget holds the run (it continues on its own) */
  paused: SpotifyPause | null;
}

export type ProgressEvent =
  | {
      type: "answer";
      progress: ProgressEntry[];
      finished: boolean;
      totalNumberOfLikedSongs?: number;
      paused?: SpotifyPause;
    }
  | { type: "failure" };

export const initialProgress: ProgressState = {
  phase: "loading",
  entries: [],
  ticks: 0,
  failures: 0,
  totalNumberOfLikedSongs: null,
  paused: null,
};

export const isPolling = (state: ProgressState): boolean =>
  state.phase === "loading" || state.phase === "running";

/**
 * The progress rules of spec §4: finished when the server says so, or when the list is still empty after
 * `limits.progressEmptyTicks` answers; more than `limits.pollMaxFailures` failures in a row end polling.
 */
export function nextProgress(state: ProgressState, event: ProgressEvent): ProgressState {
  if (!isPolling(state)) return state;
  if (event.type === "failure") {
    const failures = state.failures + 1;
    return { ...state, failures, phase: failures > limits.pollMaxFailures ? "failed" : state.phase };
  }
  const ticks = state.ticks + 1;
  const empty = event.progress.length === 0;
  let phase: ProgressPhase = empty ? "loading" : "running";
  if (event.finished || (empty && ticks >= limits.progressEmptyTicks)) phase = "finished";
  const totalNumberOfLikedSongs = event.totalNumberOfLikedSongs ?? state.totalNumberOfLikedSongs;
  const paused = phase === "finished" ? null : (event.paused ?? null);
  return { phase, entries: event.progress, ticks, failures: 0, totalNumberOfLikedSongs, paused };
}

/** 'n / total songs processed', or '… randomized playlists' for the Randomized entry (spec §4). */
export function progressLabel(entry: ProgressEntry): string {
  const unit =
    entry.distributionType === "Randomized"
      ? "randomized playlists"
      : entry.distributionType === "Analysis"
        ? "songs analysed"
        : "songs processed";
  return `${entry.completedWork} / ${entry.totalWork} ${unit}`;
}

/**
 * Polls a distribution's progress every `limits.progressPollMs` until it is finished or loading failed.
 * `null` polls nothing and stays in the initial state.
 */
export function useDistributionProgress(progressId: string | null): ProgressState {
  const utils = trpc.useUtils();
  const [state, setState] = useState<ProgressState>(initialProgress);

  useEffect(() => {
    setState(initialProgress);
    if (!progressId) return;
    let current = initialProgress;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const poll = async () => {
      let event: ProgressEvent;
      try {
        const answer = await utils.distribution.progress.fetch({ id: progressId }, { staleTime: 0 });
        event = {
          type: "answer",
          progress: answer.progress,
          finished: answer.finished,
          totalNumberOfLikedSongs: answer.totalNumberOfLikedSongs,
          paused: answer.paused,
        };
      } catch {
        event = { type: "failure" };
      }
      if (stopped) return;
      current = nextProgress(current, event);
      setState(current);
      if (isPolling(current)) timer = setTimeout(poll, limits.progressPollMs);
    };

    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [progressId, utils]);

  return state;
}
