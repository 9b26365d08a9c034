// The Spotify emulator's record of how a client treats 429 answers, and its seeded timeout fault.
import { describe, expect, test } from "bun:test";
import { FaultInjector } from "../../../src/emulators/spotify/model/faults.ts";

function injector(loopStall?: (from: number, to: number) => number) {
  let now = 1_000_000;
  const faults = new FaultInjector(() => now, undefined, loopStall);
  return {
    faults,
    at: (ms: number) => {
      now = ms;
    },
  };
}

describe("Retry-After watch", () => {
  test("calls during a wait are violations; calls already on their way are not; the wait ends on time", () => {
    const { faults, at } = injector();
    faults.configure({ rate429: 1, retryAfterSec: 1, seed: 3 });
    at(10_000);
    expect(faults.decide("app", "GET /a", 10_000)).toMatchObject({ kind: "rateLimited", retryAfterSec: 1 });
    faults.configure({});
    at(10_020);
    faults.decide("app", "GET /b", 10_020); // on its way when the 429 was answered
    at(10_400);
    faults.decide("app", "GET /c", 10_400); // the client knew: a violation
    at(11_000);
    faults.decide("app", "GET /d", 11_000); // the wait is over
    expect(faults.calls().rateLimiting).toEqual({
      answers: { limit: 0, injected: 1 },
      waits: 1,
      retryAfterViolations: 1,
      inFlightAfter429: 1,
      maxAcceptedPerSecond: 3,
    });
  });

  test("the refused call sent again at once is a violation, even within the grace", () => {
    const { faults, at } = injector();
    faults.configure({ rate429: 1, retryAfterSec: 2 });
    at(5_000);
    faults.decide("app", "POST /x body", 5_000);
    faults.configure({});
    at(5_001);
    faults.decide("app", "POST /x body", 5_001);
    expect(faults.calls().rateLimiting?.retryAfterViolations).toBe(1);
    // another client is not bound by this client's wait
    faults.decide("other", "POST /x body", 5_001);
    expect(faults.calls().rateLimiting?.retryAfterViolations).toBe(1);
  });

  test("in a process shared with the client, a call late by a stall of the loop was still on its way", () => {
    // the loop stood still from 10_010 to 10_390: a call sent before the 429 could be read reached the emulator
    // only at 10_400
    const stalls = [{ from: 10_010, to: 10_390 }];
    const { faults, at } = injector((from, to) =>
      Math.max(0, ...stalls.filter((s) => s.to >= from && s.from <= to).map((s) => s.to - s.from)),
    );
    faults.configure({ rate429: 1, retryAfterSec: 1, seed: 3 });
    at(10_000);
    faults.decide("app", "GET /a", 10_000);
    faults.configure({});
    at(10_400);
    faults.decide("app", "GET /b", 10_400); // late by the stall: on its way
    at(10_600);
    faults.decide("app", "GET /c", 10_600); // later than the stall and the grace together: a violation
    at(10_610);
    faults.decide("app", "GET /a", 10_610); // the refused call again: a violation whatever the stall
    expect(faults.calls().rateLimiting).toMatchObject({ retryAfterViolations: 2, inFlightAfter429: 1 });
  });

  test("429s within a wait lengthen it; the limit's refusals are counted apart; reset clears the figures", () => {
    const { faults, at } = injector();
    faults.configure({ rateLimitPerSec: 2 });
    at(1_000);
    faults.decide("app", "1", 1_000);
    faults.decide("app", "2", 1_000);
    at(1_010);
    expect(faults.decide("app", "3", 1_010).kind).toBe("rateLimited");
    at(1_030);
    expect(faults.decide("app", "4", 1_030).kind).toBe("rateLimited"); // in flight, lengthens the wait
    at(2_020);
    // 3's wait is over, 4's is not: a violation, though the window has room again
    expect(faults.decide("app", "5", 2_020).kind).toBe("none");
    const log = faults.calls().rateLimiting;
    expect(log).toMatchObject({
      answers: { limit: 2, injected: 0 },
      waits: 1,
      retryAfterViolations: 1,
      inFlightAfter429: 1,
    });
    expect(log?.maxAcceptedPerSecond).toBe(2);
    faults.resetCalls();
    expect(faults.calls()).toEqual({ total: 0, counts: {} });
  });
});

describe("timeout fault", () => {
  test("a seeded share of calls is held back for timeoutStallMs; the default holds none back", () => {
    const { faults } = injector();
    const draws = () => Array.from({ length: 400 }, () => faults.decide("app").kind);
    faults.configure({ rateTimeout: 0.1, timeoutStallMs: 1500, seed: 9 });
    const first = draws();
    faults.configure({ rateTimeout: 0.1, timeoutStallMs: 1500, seed: 9 });
    expect(draws()).toEqual(first);
    const stalls = first.filter((k) => k === "stall").length;
    expect(stalls).toBeGreaterThan(20);
    expect(stalls).toBeLessThan(65);
    expect(faults.calls().timeouts).toBe(stalls * 2);
    faults.configure({});
    expect(faults.current()).toMatchObject({ rateTimeout: 0, timeoutStallMs: 16_000 });
    expect(new Set(draws())).toEqual(new Set(["none"]));
  });
});
