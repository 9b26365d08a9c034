// Simulated time for pacing tests and benchmarks: `sleep` queues a timer, and `run` advances the clock to the next
// timer only once nothing else can happen (every promise settled), so an hour passes in seconds of CPU.

interface Timer {
  at: number;
  seq: number;
  resolve: () => void;
}

export interface VirtualTime {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** drives the clock until `main` settles; throws if it waits with no timer left (a deadlock) */
  run<T>(main: Promise<T>): Promise<T>;
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

export function virtualTime(start = 0): VirtualTime {
  let now = start;
  let seq = 0;
  const timers: Timer[] = [];
  const insert = (timer: Timer) => {
    let lo = 0;
    let hi = timers.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const t = timers[mid] as Timer;
      if (t.at < timer.at || (t.at === timer.at && t.seq < timer.seq)) lo = mid + 1;
      else hi = mid;
    }
    timers.splice(lo, 0, timer);
  };
  return {
    now: () => now,
    sleep: (ms) => new Promise<void>((resolve) => insert({ at: now + Math.max(0, ms), seq: seq++, resolve })),
    async run(main) {
      let done = false;
      const watched = main.finally(() => {
        done = true;
      });
      watched.catch(() => {});
      for (;;) {
        await settle();
        await settle();
        if (done) return main;
        const timer = timers.shift();
        if (!timer) throw new Error("simulated work waits with no timer left");
        now = timer.at;
        timer.resolve();
      }
    },
  };
}
