// A choice (an exclusion, a correction, their undo, a loaded choices document) takes effect on Spotify at
// once: an update of the listener's playlists is queued behind their other work. Choices made while one waits
// join it (it plans from what is stored when it starts), so a listener has one pending update at most. When it
// starts, it waits until the listener has made no choice for a moment: a burst of changes (a correction flipped
// back and forth, songs excluded one after another) costs one update, not one per change that came after the
// previous update began.
import { workLimits } from "../../shared/work-limits.ts";
import type { Deps } from "../deps/deps.ts";
import { createDistribution, runDistribution } from "../distribution/runs/run.ts";

interface Settling {
  /** when the listener's last choice came (ms, monotonic) */
  lastChoiceAt: number;
  /** an update has started and is waiting for the choices to settle: a new choice joins it */
  settling: boolean;
}

/** Per server (tests run several in one process), per listener. */
const settlingByServer = new WeakMap<Deps["work"], Map<string, Settling>>();

function settlingOf(deps: Deps, userId: string): Settling {
  let listeners = settlingByServer.get(deps.work);
  if (!listeners) {
    listeners = new Map();
    settlingByServer.set(deps.work, listeners);
  }
  let state = listeners.get(userId);
  if (!state) {
    state = { lastChoiceAt: 0, settling: false };
    listeners.set(userId, state);
  }
  return state;
}

export function startChoicesUpdate(deps: Deps, userId: string): void {
  const state = settlingOf(deps, userId);
  state.lastChoiceAt = performance.now();
  if (state.settling) return;
  deps.work.spawn(
    userId,
    "choices update",
    async () => {
      state.settling = true;
      try {
        await choicesSettled(deps, state);
      } finally {
        state.settling = false;
        settlingByServer.get(deps.work)?.delete(userId);
      }
      const id = createDistribution(deps, userId, "hourly");
      await runDistribution(deps, id, { synced: true });
    },
    { key: "choices-update" },
  );
}

/** Resolves once no choice has come for `choicesSettleMs` (real time: the update's pace, not the app's clock). */
async function choicesSettled(deps: Deps, state: Settling): Promise<void> {
  const settle = workLimits.choicesSettleMs;
  for (;;) {
    const quiet = performance.now() - state.lastChoiceAt;
    if (quiet >= settle || deps.work.isStopping) return;
    await Bun.sleep(settle - quiet);
  }
}
