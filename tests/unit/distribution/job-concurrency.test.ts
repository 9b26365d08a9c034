import { describe, expect, test } from "bun:test";
import { AdaptiveConcurrency } from "../../../src/server/distribution/batch/job-concurrency.ts";
import type { PacerState } from "../../../src/server/platform/pacer.ts";

function pacer() {
  const state: PacerState = {
    rate: 100,
    ceiling: 100,
    pausedUntil: 0,
    inFlight: 0,
    waiting: { interactive: 0, background: 0 },
    refusals: 0,
  };
  return { state, pacing: () => state };
}

describe("users at a time", () => {
  test("grows by one a turn while no call waits for the pacer", () => {
    const p = pacer();
    const c = new AdaptiveConcurrency({ initial: 4, pacing: p.pacing });
    for (let i = 0; i < 10; i++) c.update();
    expect(c.limit).toBe(14);
  });

  test("shrinks by a quarter at a 429, once per refusal", () => {
    const p = pacer();
    const c = new AdaptiveConcurrency({ initial: 40, pacing: p.pacing });
    p.state.refusals = 1;
    p.state.waiting.background = 5;
    c.update();
    expect(c.limit).toBe(30);
    c.update();
    expect(c.limit).toBe(30);
  });

  test("shrinks by one while more calls wait than users are worked on; never below one", () => {
    const p = pacer();
    const c = new AdaptiveConcurrency({ initial: 3, pacing: p.pacing });
    p.state.waiting.background = 50;
    for (let i = 0; i < 10; i++) c.update();
    expect(c.limit).toBe(1);
  });

  test("a fixed setting never moves", () => {
    const p = pacer();
    const c = new AdaptiveConcurrency({ initial: 16, fixed: true, pacing: p.pacing });
    c.update();
    expect(c.limit).toBe(16);
  });
});
