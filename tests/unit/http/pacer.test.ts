// The adaptive pacer on simulated time: it learns an unpublished limit from 429s alone, honours Retry-After,
// and serves interactive callers first.
import { describe, expect, test } from "bun:test";
import { AdaptivePacer } from "../../../src/server/platform/pacer.ts";
import { limitedProvider } from "../../support/limited-provider.ts";
import { virtualTime } from "../../support/virtual-time.ts";

/** `workers` callers sending back to back through the pacer for `seconds` of simulated time. */
async function saturate(limit: number, rttMs: number, seconds: number, workers = 40) {
  const time = virtualTime();
  const pacer = new AdaptivePacer({ now: time.now, sleep: time.sleep });
  const provider = limitedProvider(time, { limit, rttMs });
  const worker = async () => {
    while (time.now() < seconds * 1000) {
      const release = await pacer.acquire("background");
      const answer = await provider.call().finally(release);
      if (answer.status === 429) pacer.rateLimited((answer.retryAfterSec ?? 1) * 1000);
      else pacer.accepted();
    }
  };
  await time.run(Promise.all(Array.from({ length: workers }, worker)));
  return { stats: provider.stats, pacer: pacer.state(), elapsedMs: time.now() };
}

describe("learning the limit", () => {
  test("before any 429 nothing is held back", async () => {
    const time = virtualTime();
    const pacer = new AdaptivePacer({ now: time.now, sleep: time.sleep });
    const releases = await time.run(Promise.all(Array.from({ length: 50 }, () => pacer.acquire())));
    expect(time.now()).toBe(0);
    expect(pacer.state().rate).toBe(Number.POSITIVE_INFINITY);
    for (const release of releases) release();
  });

  test("a 429 pauses every caller for Retry-After, then the pace is below the refused one", async () => {
    const time = virtualTime();
    const pacer = new AdaptivePacer({ now: time.now, sleep: time.sleep });
    await time.run(
      (async () => {
        for (let i = 0; i < 30; i++) {
          (await pacer.acquire())();
          pacer.accepted();
        }
        pacer.rateLimited(1000);
        const started = time.now();
        (await pacer.acquire())();
        expect(time.now() - started).toBe(1000);
      })(),
    );
    const state = pacer.state();
    expect(state.ceiling).toBe(30);
    expect(state.rate).toBeLessThan(30);
    expect(state.refusals).toBe(1);
  });

  test("at 100 calls/s and a 100 ms round trip: ≥ 90% of the limit used, < 2% refused, no Retry-After broken", async () => {
    const { stats, elapsedMs } = await saturate(100, 100, 300);
    console.info("100/s, 100 ms:", { ...stats, used: stats.accepted / (elapsedMs / 1000) / 100 });
    const used = stats.accepted / (elapsedMs / 1000) / 100;
    expect(used).toBeGreaterThanOrEqual(0.9);
    expect(stats.refused / stats.accepted).toBeLessThan(0.02);
    expect(stats.violations).toBe(0);
    expect(stats.maxAcceptedPerSecond).toBeLessThanOrEqual(100);
  }, 30_000);

  test("a lower limit is learned as well (10 calls/s)", async () => {
    const { stats, elapsedMs, pacer } = await saturate(10, 100, 600);
    console.info("10/s, 100 ms:", { ...stats, used: stats.accepted / (elapsedMs / 1000) / 10 });
    expect(stats.accepted / (elapsedMs / 1000) / 10).toBeGreaterThanOrEqual(0.85);
    expect(stats.refused / stats.accepted).toBeLessThan(0.05);
    expect(pacer.rate).toBeLessThan(12);
  });
});

describe("priorities", () => {
  test("interactive callers go before background callers that queued earlier", async () => {
    const time = virtualTime();
    const pacer = new AdaptivePacer({ now: time.now, sleep: time.sleep });
    const order: string[] = [];
    await time.run(
      (async () => {
        (await pacer.acquire())();
        pacer.rateLimited(1000);
        const take = async (priority: "interactive" | "background", name: string) => {
          const release = await pacer.acquire(priority);
          order.push(name);
          release();
        };
        const waits = [
          ...Array.from({ length: 5 }, (_, i) => take("background", `b${i}`)),
          take("interactive", "i"),
        ];
        await Promise.all(waits);
      })(),
    );
    expect(order[0]).toBe("i");
  });

  test("background work leaves slots free for interactive calls", async () => {
    const pacer = new AdaptivePacer({ maxInFlight: 10, reserved: 3 });
    const held = await Promise.all(Array.from({ length: 7 }, () => pacer.acquire("background")));
    let eighth = false;
    void pacer.acquire("background").then(() => {
      eighth = true;
    });
    const interactive = await pacer.acquire("interactive");
    await Bun.sleep(5);
    expect(eighth).toBe(false);
    expect(pacer.state().inFlight).toBe(8);
    interactive();
    for (const release of held) release();
  });
});
