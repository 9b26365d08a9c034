// Turns planned work into the ordered list of Spotify writes the journal records, with the progress each
// write completes. Pure.
import type { RemovalReason } from "../../../shared/activity.ts";
import { chunk } from "../../../shared/chunk.ts";
import { limits } from "../../../shared/limits.ts";
import type { PlannedSong, PlaylistWork } from "./preference-plan.ts";
import type { Anchors } from "./types.ts";

export type StepOp = "create" | "add" | "remove";
export type EntryType = "Standard" | "Randomized";

export interface PlannedStep {
  /** index of the work (playlist) in the input */
  work: number;
  op: StepOp;
  trackIds: string[];
  /** insert position for adds at the top (Latest N); undefined appends */
  position?: number;
  /** an insert among the songs Crate holds: its neighbours in the plan (see PlaylistWork.heldOrder) */
  anchors?: Anchors;
  /** removes: why each song goes */
  reasons?: (RemovalReason | null)[];
  entry: EntryType;
  /** the entry's completedWork once this step is done */
  progressAfter: number;
}

export interface StepPlan {
  steps: PlannedStep[];
  totals: Record<EntryType, number>;
}

interface DraftStep extends Omit<PlannedStep, "progressAfter"> {
  key: number;
  /** lowest and highest like rank among the songs this step adds (Infinity / -1 for other steps) */
  minRank: number;
  maxRank: number;
}

const CREATE_KEY = -2;

/**
 * Orders the writes so songs are finished in like order across playlists: each add batch is keyed by the
 * newest song it holds, a playlist's own writes keep their order, and removals go just before the playlist's
 * first add. Creations all come first: a creation whose answer a crash lost cannot be checked afterwards, so
 * the window for it is kept at the start of a run. The Standard entry counts considered songs whose every add
 * is done; the Randomized entry counts random playlists fully replaced.
 */
export function orderSteps(works: readonly PlaylistWork[], consideredCount: number): StepPlan {
  const batch = limits.spotifyWriteBatch;
  const drafts: DraftStep[] = [];
  const randomWorks = works.filter((w) => w.entry === "Randomized").length;
  works.forEach((work, index) => {
    const own: Omit<DraftStep, "key">[] = [];
    const none = { entry: work.entry, minRank: Infinity, maxRank: -1 };
    if (work.needsCreate) own.push({ work: index, op: "create", trackIds: [], ...none });
    const reasons = work.removeReasons;
    chunk(work.removes, batch).forEach((ids, i) => {
      const why = reasons ? [...reasons.slice(i * batch, i * batch + ids.length)] : undefined;
      own.push({ work: index, op: "remove", trackIds: ids, reasons: why, ...none });
    });
    addRuns(work, batch).forEach(({ songs, position, anchors }) => {
      own.push({
        work: index,
        op: "add",
        trackIds: songs.map((s) => s.trackId),
        position,
        anchors,
        entry: work.entry,
        minRank: Math.min(...songs.map((s) => s.rank)),
        maxRank: Math.max(...songs.map((s) => s.rank)),
      });
    });
    if (own.length === 0) return;
    // Keys never decrease within a playlist, so the stable sort below keeps its writes in order.
    const randomKey = work.entry === "Randomized" ? consideredCount : undefined;
    const addKeys = own.map((s) => (s.op === "add" ? (randomKey ?? s.maxRank) : -1));
    let running = -1;
    const keys = addKeys.map((k) => (running = Math.max(running, k)));
    // Steps before the first add take that add's key.
    const firstAddKey = addKeys.find((k) => k >= 0) ?? -1;
    own.forEach((s, i) => {
      const key =
        s.op === "create"
          ? CREATE_KEY
          : s.op === "add"
            ? (keys[i] ?? -1)
            : Math.max(keys[i] ?? -1, firstAddKey);
      drafts.push({ ...s, key });
    });
  });
  drafts.sort((a, b) => a.key - b.key);

  const steps: PlannedStep[] = new Array(drafts.length);
  // Standard: songs below the lowest rank still waiting to be added are finished.
  let lowestPending = consideredCount;
  for (let i = drafts.length - 1; i >= 0; i--) {
    const d = drafts[i] as DraftStep;
    const progressAfter = d.entry === "Standard" ? lowestPending : 0;
    steps[i] = {
      work: d.work,
      op: d.op,
      trackIds: d.trackIds,
      position: d.position,
      ...(d.anchors ? { anchors: d.anchors } : {}),
      ...(d.reasons ? { reasons: d.reasons } : {}),
      entry: d.entry,
      progressAfter,
    };
    if (d.entry === "Standard" && d.op === "add") lowestPending = Math.min(lowestPending, d.minRank);
  }
  // Randomized: a random playlist counts once its last write is done.
  const lastStepOfWork = new Map<number, number>();
  steps.forEach((s, i) => {
    lastStepOfWork.set(s.work, i);
  });
  let randomDone = 0;
  steps.forEach((s, i) => {
    if (s.entry !== "Randomized") return;
    if (lastStepOfWork.get(s.work) === i) randomDone += 1;
    s.progressAfter = randomDone;
  });
  return { steps, totals: { Standard: consideredCount, Randomized: randomWorks } };
}

interface AddRun {
  songs: PlannedSong[];
  position?: number;
  anchors?: Anchors;
}

/** How many of Crate's songs on each side of an insert its step names (the nearest still there places it). */
const ANCHOR_REACH = 50;

/**
 * A playlist's adds as calls of at most `batch` songs: Latest N's at the top, songs returning to their like-order
 * place in runs of consecutive positions (one call each, with its neighbours when the plan gave its order),
 * the rest appended.
 */
function addRuns(work: PlaylistWork, batch: number): AddRun[] {
  if (work.addAtTop)
    return chunk(work.adds, batch).map((songs, i) => ({ songs: [...songs], position: i * batch }));
  const positions = work.addPositions;
  if (!positions) return chunk(work.adds, batch).map((songs) => ({ songs: [...songs] }));
  const runs = positionedRuns(work.adds, positions, batch);
  if (!work.heldOrder) return runs;
  // The playlist as each run finds it: the held songs with the earlier runs' songs in.
  const sequence = [...work.heldOrder];
  return runs.map((run) => {
    const ids = run.songs.map((s) => s.trackId);
    if (run.position === undefined) {
      sequence.push(...ids);
      return run;
    }
    const at = run.position;
    const anchors = {
      after: sequence.slice(Math.max(0, at - ANCHOR_REACH), at).reverse(),
      before: sequence.slice(at, at + ANCHOR_REACH),
    };
    sequence.splice(at, 0, ...ids);
    return { ...run, anchors };
  });
}

function positionedRuns(
  adds: readonly PlannedSong[],
  positions: readonly (number | undefined)[],
  batch: number,
): AddRun[] {
  const runs: AddRun[] = [];
  adds.forEach((song, i) => {
    const at = positions[i];
    const run = runs.at(-1);
    const previous = positions[i - 1];
    const continues =
      run !== undefined &&
      run.songs.length < batch &&
      (at === undefined ? previous === undefined : previous !== undefined && at === previous + 1);
    if (continues) run.songs.push(song);
    else runs.push({ songs: [song], position: at });
  });
  return runs;
}
