import { describe, expect, test } from "bun:test";

import {
  type AnalysisState,
  analysisHasStarted,
  cancelAnalysisInProgress,
  canStartAnalysis,
  initialAnalysis,
  nextAnalysis,
  songsApplicable,
} from "../../../src/client/hooks/useAnalysis.ts";
import {
  initialProgress,
  nextProgress,
  type ProgressState,
  progressLabel,
} from "../../../src/client/hooks/useDistributionProgress.ts";
import {
  buildGroups,
  capText,
  type PreferencesAnswer,
  selectionCap,
  selectionChanges,
  selectionProblem,
  toggleOutcome,
  visibleSubgenres,
} from "../../../src/client/pages/playlists/predefined/preferences.ts";

import { messages } from "../../../src/shared/errors.ts";

const running = [{ distributionType: "Standard" as const, totalWork: 40, completedWork: 10 }];

function apply(state: ProgressState, events: Parameters<typeof nextProgress>[1][]): ProgressState {
  return events.reduce(nextProgress, state);
}

describe("progress polling (spec §4)", () => {
  test("loading until entries arrive, then running, finished when the server says so", () => {
    let state = nextProgress(initialProgress, { type: "answer", progress: [], finished: false });
    expect(state.phase).toBe("loading");
    state = nextProgress(state, { type: "answer", progress: running, finished: false });
    expect(state.phase).toBe("running");
    expect(state.entries).toEqual(running);
    state = nextProgress(state, { type: "answer", progress: running, finished: true });
    expect(state.phase).toBe("finished");
    // a finished state stays finished
    expect(nextProgress(state, { type: "failure" })).toBe(state);
  });

  test("an empty list counts as finished only from the 6th answer", () => {
    const empty = { type: "answer" as const, progress: [], finished: false };
    expect(apply(initialProgress, Array(5).fill(empty)).phase).toBe("loading");
    expect(apply(initialProgress, Array(6).fill(empty)).phase).toBe("finished");
  });

  test("'Loading failed' after more than 10 failures in a row; an answer resets the count", () => {
    const failure = { type: "failure" as const };
    expect(apply(initialProgress, Array(10).fill(failure)).phase).toBe("loading");
    expect(apply(initialProgress, Array(11).fill(failure)).phase).toBe("failed");
    const interrupted = apply(initialProgress, [
      ...Array(10).fill(failure),
      { type: "answer", progress: running, finished: false },
      ...Array(10).fill(failure),
    ]);
    expect(interrupted.phase).toBe("running");
    expect(interrupted.failures).toBe(10);
  });

  test("keeps the latest count of liked songs an answer gave", () => {
    const state = apply(initialProgress, [
      { type: "answer", progress: running, finished: false, totalNumberOfLikedSongs: 1500 },
      { type: "answer", progress: running, finished: false },
    ]);
    expect(state.totalNumberOfLikedSongs).toBe(1500);
  });

  test("labels: songs processed, randomized playlists", () => {
    expect(progressLabel({ distributionType: "Standard", totalWork: 120, completedWork: 45 })).toBe(
      "45 / 120 songs processed",
    );
    expect(progressLabel({ distributionType: "Randomized", totalWork: 2, completedWork: 1 })).toBe(
      "1 / 2 randomized playlists",
    );
  });
});

const started = nextAnalysis(initialAnalysis, { type: "started", progressId: "a1" });
const data = (segmentNumber: number, counts: Record<string, number>) => ({
  segmentNumber,
  type: "Data" as const,
  result: Object.entries(counts).map(([preferenceName, numberOfSongsApplicable]) => ({
    preferenceName,
    numberOfSongsApplicable,
  })),
});

describe("analysis (spec §4)", () => {
  test("segments apply in order, the latest count wins, seen segments are skipped", () => {
    let state = nextAnalysis(started, {
      type: "segments",
      segments: [data(1, { Rock: 5 }), data(0, { Rock: 2 })],
    });
    expect(state.lastSegmentNumber).toBe(1);
    expect(state.counts).toEqual({ Rock: 5 });
    state = nextAnalysis(state, {
      type: "segments",
      segments: [data(1, { Rock: 99 }), data(2, { Jazz: 1 })],
    });
    expect(state.counts).toEqual({ Rock: 5, Jazz: 1 });
    expect(songsApplicable(state, "Rock")).toBe(5);
    expect(songsApplicable(state, "Pop")).toBeNull();
  });

  test("Completed ends it (unknown counts become 0); Cancelled resets it", () => {
    const completed = nextAnalysis(started, {
      type: "segments",
      segments: [
        {
          segmentNumber: 0,
          type: "Completed",
          result: [{ preferenceName: "Rock", numberOfSongsApplicable: 3 }],
        },
      ],
    });
    expect(completed.status).toBe("completed");
    expect(songsApplicable(completed, "Pop")).toBe(0);
    expect(analysisHasStarted(completed)).toBe(true);
    const cancelled = nextAnalysis(started, {
      type: "segments",
      segments: [data(0, { Rock: 1 }), { segmentNumber: 1, type: "Cancelled", result: [] }],
    });
    expect(cancelled).toEqual(initialAnalysis);
    expect(canStartAnalysis(cancelled)).toBe(true);
  });

  test("starting is ignored while started, completed, cancelled or being cancelled", () => {
    const states: AnalysisState[] = [
      started,
      { ...started, status: "completed" },
      { ...started, status: "cancelled" },
      { ...started, status: "cancelling" },
    ];
    for (const state of states) expect(canStartAnalysis(state)).toBe(false);
    expect(canStartAnalysis(initialAnalysis)).toBe(true);
    expect(canStartAnalysis({ ...initialAnalysis, status: "failed" })).toBe(true);
  });

  test("polling stops after more than 10 failures", () => {
    let state = started;
    for (let i = 0; i < 10; i++) state = nextAnalysis(state, { type: "pollFailed" });
    expect(state.status).toBe("started");
    expect(nextAnalysis(state, { type: "pollFailed" }).status).toBe("failed");
  });
});

const answer: PreferencesAnswer = {
  availableSimplePlaylistPreferences: [
    { name: "Fast (111-160 BPM)", group: "Tempo", available: true },
    { name: "Very Slow (1-50 BPM)", group: "Tempo", available: true },
    { name: "Slow (51-70 BPM)", group: "Tempo", available: true },
    { name: "Partitions of 100 Songs", group: "Miscellaneous", available: false },
    { name: "Partitions of 50 Songs", group: "Miscellaneous", available: false },
    { name: "Everything", group: "Miscellaneous", available: false },
    { name: "Chill", group: "Mood", available: true },
    { name: "Beats", group: "Mood", available: true },
  ],
  usersSimplePlaylistPreferences: [{ group: "Mood", name: "Chill" }],
  preferenceGroups: [
    { group: "Miscellaneous", order: 10, iconName: "dots", examples: [] },
    { group: "Tempo", order: 5, iconName: "speedometer", examples: [] },
    { group: "Mood", order: 1, iconName: "smile", examples: [] },
  ],
};

describe("the predefined selection (spec §3, §5)", () => {
  test("groups by order; Tempo by first number, others numeric-aware by name", () => {
    const groups = buildGroups(answer);
    expect(groups.map((group) => group.group)).toEqual(["Mood", "Tempo", "Miscellaneous"]);
    expect(groups[1]?.entries.map((entry) => entry.name)).toEqual([
      "Very Slow (1-50 BPM)",
      "Slow (51-70 BPM)",
      "Fast (111-160 BPM)",
    ]);
    expect(groups[2]?.entries.map((entry) => entry.name)).toEqual([
      "Everything",
      "Partitions of 50 Songs",
      "Partitions of 100 Songs",
    ]);
    expect(groups[0]?.entries.find((entry) => entry.name === "Chill")?.userHasPreference).toBe(true);
  });

  test("validation messages and changes against the saved selection", () => {
    const saved = new Set(["Chill"]);
    expect(selectionProblem(saved, new Set())).toBe(messages.mustChooseOne);
    expect(selectionProblem(saved, new Set(["Chill"]))).toBe(messages.noChanges);
    expect(selectionProblem(saved, new Set(["Beats"]))).toBeNull();
    expect(selectionChanges(saved, new Set(["Beats", "Party"]))).toEqual({
      added: ["Beats", "Party"],
      removed: ["Chill"],
    });
  });

  test("caps and their texts; premium entries open the popup; a full selection takes no more", () => {
    expect(selectionCap("Free")).toBe(15);
    expect(selectionCap("FreeBeforePremiumIntroduced")).toBe(15);
    expect(selectionCap("PremiumYearly")).toBe(100);
    expect(capText("Free")).toBe(messages.freeCap);
    expect(capText("PremiumYearly")).toBe(messages.premiumCap);
    const [everything] = buildGroups(answer)[2]?.entries ?? [];
    const beats = buildGroups(answer)[0]?.entries[0];
    if (!everything || !beats) throw new Error("entries missing");
    expect(toggleOutcome(everything, new Set(), 15)).toBe("premium");
    expect(toggleOutcome(beats, new Set(["a", "b"]), 2)).toBe("capReached");
    expect(toggleOutcome(beats, new Set(["a"]), 2)).toBe("select");
    expect(toggleOutcome(beats, new Set(["Beats", "b"]), 2)).toBe("deselect");
  });

  test("subgenre filter and hiding subgenres without songs (chosen ones stay)", () => {
    const entries = ["indie rock", "indie pop", "k-pop", "neo soul"].map((name) => ({
      name,
      group: "Subgenre",
      available: true,
      userHasPreference: false,
      mostRecentlySelected: false,
      vanished: false,
    }));
    const counts: Record<string, number> = { "indie rock": 4, "indie pop": 0, "k-pop": 0 };
    const choice = { selected: new Set(["k-pop"]), songs: (name: string) => counts[name] ?? null };
    const names = (list: { name: string }[]) => list.map((entry) => entry.name);
    expect(names(visibleSubgenres(entries, " INDIE ", false, choice))).toEqual(["indie rock", "indie pop"]);
    expect(names(visibleSubgenres(entries, "", true, choice))).toEqual(["indie rock", "k-pop", "neo soul"]);
  });
});

describe("cancelling an analysis before distributing (spec §4)", () => {
  test("cancels the stored analysis, waits for its last segment and forgets it", async () => {
    const store = new Map<string, string>([["analysisProgressId", "a7"]]);
    const fakeStorage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
      removeItem: (key: string) => void store.delete(key),
    };
    Object.assign(globalThis, { sessionStorage: fakeStorage });
    const calls: string[] = [];
    let polls = 0;
    try {
      await cancelAnalysisInProgress({
        cancel: async ({ id }) => calls.push(`cancel ${id}`),
        results: async ({ id, afterSegmentNumber }) => {
          calls.push(`results ${id} after ${afterSegmentNumber}`);
          polls += 1;
          return polls === 1
            ? { results: [data(3, { Rock: 1 })] }
            : { results: [{ segmentNumber: 4, type: "Cancelled" as const, result: [] }] };
        },
      });
      expect(calls).toEqual(["cancel a7", "results a7 after -1", "results a7 after 3"]);
      expect(store.has("analysisProgressId")).toBe(false);
      // nothing stored: nothing to cancel
      await cancelAnalysisInProgress({
        cancel: async () => calls.push("unexpected"),
        results: async () => ({ results: [] }),
      });
      expect(calls).toHaveLength(3);
    } finally {
      Reflect.deleteProperty(globalThis, "sessionStorage");
    }
  });
});
