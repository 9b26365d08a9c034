import { describe, expect, test } from "bun:test";
import {
  giveLoopRoom,
  LoopRoom,
  RequestTraffic,
  withLoopRoom,
} from "../../../src/server/platform/loop-room.ts";

describe("room for requests between pieces of background work", () => {
  test("a late timer counts at once; calm samples bring the lag down gradually", () => {
    const room = new LoopRoom({ now: () => 0, sampleMs: 10, targetLagMs: 20 });
    room.sample(0);
    room.sample(60);
    expect(room.lagMs).toBe(50);
    expect(room.lagging).toBe(true);
    // each sample on time: 10 ms after the one before
    for (const at of [70, 80]) room.sample(at);
    expect(room.lagging).toBe(true);
    for (const at of [90, 100]) room.sample(at);
    expect(room.lagMs).toBeLessThan(20);
    expect(room.lagging).toBe(false);
  });

  test("give waits while the loop lags, at most maxWaitMs, and not at all when it is calm", async () => {
    const room = new LoopRoom({ sampleMs: 5, maxWaitMs: 60, targetLagMs: 20 });
    room.sample(0);
    room.sample(1_000);
    let started = performance.now();
    await room.give();
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(55);
    room.stop();
    started = performance.now();
    await room.give();
    expect(performance.now() - started).toBeLessThan(55);
  });

  test("the loop's lag makes the work wait only while requests are coming in", async () => {
    let clock = 0;
    const traffic = new RequestTraffic(() => clock);
    const room = new LoopRoom({
      sampleMs: 5,
      maxWaitMs: 60,
      targetLagMs: 20,
      requestsComing: () => traffic.recent(),
    });
    room.sample(0);
    room.sample(1_000);
    expect(room.lagMs).toBeGreaterThan(20);
    // no request yet: the lag is the work's own, nobody waits behind it
    expect(room.lagging).toBe(false);
    let started = performance.now();
    await room.give();
    expect(performance.now() - started).toBeLessThan(55);
    traffic.seen();
    expect(room.lagging).toBe(true);
    started = performance.now();
    await room.give();
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
    // a second after the last request, the work goes on at full pace again
    clock += 1_000;
    expect(room.lagging).toBe(false);
    room.stop();
  });

  test("only work inside withLoopRoom gives way; elsewhere (a listener's own run) it is a no-op", async () => {
    const room = new LoopRoom();
    expect(giveLoopRoom()).toBeUndefined();
    // the scope carries over awaits, as the job's turns await provider calls between steps
    const givesInside = await withLoopRoom(room, async () => {
      await Promise.resolve();
      const given = giveLoopRoom();
      await given;
      return given !== undefined;
    });
    expect(givesInside).toBe(true);
  });
});
