/** Time source, injected so tests can move through throttles, periods and expiries. */
export interface Clock {
  now(): number;
}
export const systemClock: Clock = { now: () => Date.now() };

/** The real wait; the timed code takes a `sleep` so tests can replace it. */
export const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The time a provider client's paces, backoffs and Retry-Afters run on: the real one, or in tests a faster one that
 * the emulators count their limits on too, so the same waits take less time (Spotify's client and the open sources').
 */
export interface ProviderTime {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

export function manualClock(
  start = Date.UTC(2026, 0, 15, 12),
): Clock & { advance(ms: number): void; set(ms: number): void } {
  let t = start;
  return {
    now: () => t,
    advance: (ms) => {
      t += ms;
    },
    set: (ms) => {
      t = ms;
    },
  };
}
