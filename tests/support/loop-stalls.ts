// How long this process's event loop stood still, for an emulator sharing the process with its client (the test
// harness): a request sent just before a stall reaches the emulator's handler only after it. A timer ticks every
// few milliseconds; a tick that comes late marks a stall of that lateness, on the clock given (a fast clock's
// milliseconds are its own).
import type { LoopStall } from "../../src/emulators/spotify/model/retry-after-watch.ts";

const TICK_MS = 10;
/** stalls kept, the newest; older ones are forgotten */
const KEPT = 2_000;

export interface LoopStallWatch {
  /** the longest stall between two times of the clock, the one just ended at `to` included */
  longest: LoopStall;
  stop(): void;
}

export function watchLoopStalls(clock: { now: () => number; speed: number }): LoopStallWatch {
  const tick = TICK_MS * clock.speed;
  const stalls: { endedAt: number; ms: number }[] = [];
  let lastTick = clock.now();
  const timer = setInterval(() => {
    const at = clock.now();
    const ms = at - lastTick - tick;
    lastTick = at;
    if (ms <= tick) return;
    stalls.push({ endedAt: at, ms });
    if (stalls.length > KEPT) stalls.shift();
  }, TICK_MS);
  timer.unref?.();
  return {
    longest(from, to) {
      // the loop is running the caller now: a tick it has not run yet marks a stall that just ended
      let longest = Math.max(0, to - lastTick - tick);
      for (const stall of stalls)
        if (stall.endedAt >= from && stall.endedAt - stall.ms <= to) longest = Math.max(longest, stall.ms);
      return longest;
    },
    stop: () => clearInterval(timer),
  };
}
