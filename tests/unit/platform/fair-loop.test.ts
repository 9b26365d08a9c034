import { describe, expect, test } from "bun:test";
import { LoopRoom, RequestTraffic } from "../../../src/server/platform/loop-room.ts";

describe("what the batch gives way to", () => {
  test("a client past its share of requests in a second is no longer counted as traffic", () => {
    let clock = 0;
    const traffic = new RequestTraffic(() => clock, 3);
    for (let i = 0; i < 3; i++) traffic.seen("flooder");
    clock = 900;
    // the flooder's fourth request within the second does not count: the last counted one was at 0
    traffic.seen("flooder");
    clock = 1_050;
    expect(traffic.recent()).toBe(false);
    // another client's request counts, and so does the flooder's once its second has passed
    traffic.seen("listener");
    expect(traffic.recent()).toBe(true);
    clock = 3_000;
    traffic.seen("flooder");
    expect(traffic.recent()).toBe(true);
  });

  test("the work gives way for at most its share of the time it has run", () => {
    let clock = 0;
    const room = new LoopRoom({
      now: () => clock,
      sampleMs: 10,
      targetLagMs: 4,
      maxWaitMs: 50,
      yieldShare: 0.1,
      requestsComing: () => true,
    });
    // the loop lags all the time while requests keep coming
    let laggingSamples = 0;
    for (let i = 0; i < 1_000; i++) {
      room.sample(clock);
      // what the work sees until the next sample
      if (room.lagging) laggingSamples += 1;
      clock += 20;
    }
    // 20 s of running: it gave way at first, and in all for at most 10% of it (plus one pause), not all of it
    const yieldedMs = laggingSamples * 20;
    expect(laggingSamples).toBeGreaterThan(0);
    expect(yieldedMs).toBeLessThanOrEqual(0.1 * clock + 50);
  });
});
