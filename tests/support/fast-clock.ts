// A clock that runs `speed` times faster than the real one: its `sleep` waits 1/speed of what it is asked and its
// `now` moves `speed` ms per real ms. Given to the metadata sources' clients and to their emulators alike, every
// pace, backoff and Retry-After keeps its length on that clock (the emulators count their limits on it), so the
// same waits happen, in a fraction of the time. Unlike virtual-time.ts it needs no driving: servers and sockets
// run as they are.
import { realSleep } from "../../src/server/platform/clock.ts";

export interface FastClock {
  /** how many of its ms pass in one real ms */
  speed: number;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

export function fastClock(speed: number): FastClock {
  const start = Date.now();
  return {
    speed,
    now: () => start + (Date.now() - start) * speed,
    sleep: (ms) => realSleep(ms / speed),
  };
}
