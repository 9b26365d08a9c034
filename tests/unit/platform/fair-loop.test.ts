import { describe, expect, test } from "bun:test";
import { LoopRoom, RequestTraffic } from "../../../src/server/platform/loop-room.ts";
import { workLimits } from "../../../src/shared/work-limits.ts";

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
    const room = laggingRoom(0.1);
    // 20 s of running: it gave way at first, and in all for at most 10% of it (plus one pause), not all of it
    const yieldedMs = room.yieldedOver(1_000);
    expect(yieldedMs).toBeGreaterThan(0);
    expect(yieldedMs).toBeLessThanOrEqual(0.1 * room.elapsed() + 50);
  });

  test("the share it may give way grows with the clients asking again: one flooder keeps the least, many listeners the most", () => {
    const { batchYieldSharePerClient: perClient, batchYieldShareMax: most } = workLimits;
    let clock = 0;
    const traffic = new RequestTraffic(() => clock, 3);
    expect(traffic.activeClients()).toBe(0);
    for (let i = 0; i < 50; i++) traffic.seen("flooder");
    for (let i = 0; i < 200; i++) traffic.seen(`listener ${i}`);
    // nobody has asked in a second second yet
    expect(traffic.activeClients()).toBe(0);
    expect(traffic.yieldShare()).toBeCloseTo(perClient);
    clock = 1_200;
    for (let i = 0; i < 50; i++) traffic.seen("flooder");
    expect(traffic.activeClients()).toBe(1);
    // sessions used once each (the flooder's sign-ins) do not count
    for (let i = 0; i < 30; i++) traffic.seen(`sign-in ${i}`);
    expect(traffic.activeClients()).toBe(1);
    expect(traffic.yieldShare()).toBeCloseTo(perClient);
    for (let i = 0; i < 3; i++) traffic.seen(`listener ${i}`);
    expect(traffic.yieldShare()).toBeCloseTo(4 * perClient);
    for (let i = 3; i < 200; i++) traffic.seen(`listener ${i}`);
    expect(traffic.activeClients()).toBe(201);
    expect(traffic.yieldShare()).toBe(most);
    // two quiet seconds later nobody is asking: back to the share of one client
    clock = 3_300;
    expect(traffic.activeClients()).toBe(0);
    expect(traffic.yieldShare()).toBeCloseTo(perClient);
  });

  test("a room whose share is asked each time gives way longer while more clients ask", () => {
    let share = 0.1;
    const room = laggingRoom(() => share);
    const fewClients = room.yieldedOver(1_000);
    expect(fewClients).toBeLessThanOrEqual(0.1 * room.elapsed() + 50);
    share = 0.8;
    const manyClients = room.yieldedOver(1_000);
    expect(manyClients).toBeGreaterThan(fewClients * 4);
    expect(fewClients + manyClients).toBeLessThanOrEqual(0.8 * room.elapsed() + 50);
  });
});

/** A room whose loop lags all the time while requests keep coming, on a clock the test moves. */
function laggingRoom(yieldShare: number | (() => number)) {
  let clock = 0;
  const room = new LoopRoom({
    now: () => clock,
    sampleMs: 10,
    targetLagMs: 4,
    maxWaitMs: 50,
    yieldShare,
    requestsComing: () => true,
  });
  return {
    elapsed: () => clock,
    /** `samples` samples 20 ms apart: the time during which the work saw the loop lagging (and gave way) */
    yieldedOver(samples: number): number {
      let lagging = 0;
      for (let i = 0; i < samples; i++) {
        room.sample(clock);
        if (room.lagging) lagging += 1;
        clock += 20;
      }
      return lagging * 20;
    },
  };
}
