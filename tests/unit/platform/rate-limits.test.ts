// The one rate limiter and its rules: each rule admits its allowance within a sliding window, per listener or
// address, apart from every other rule, and refuses with the rule's own error code and a wait.
import { describe, expect, test } from "bun:test";
import { RateLimited, RateLimiter } from "../../../src/server/platform/rate-limits.ts";
import { ErrorCode, httpStatusForErrorCode } from "../../../src/shared/errors.ts";
import { limits } from "../../../src/shared/limits.ts";
import { type RateRule, rateRules, signInRule } from "../../../src/shared/rate-rules.ts";
import { workLimits } from "../../../src/shared/work-limits.ts";

function limiter() {
  const clock = { now: 1_000_000 };
  return { clock, limits: new RateLimiter(() => clock.now) };
}

/** The code a take refuses with, or "admitted". */
function outcome(take: () => void): number | "admitted" {
  try {
    take();
    return "admitted";
  } catch (error) {
    if (error instanceof RateLimited) return error.code;
    throw error;
  }
}

const threeInTen: RateRule = {
  key: "test",
  windowMs: 10_000,
  allowance: 3,
  errorCode: ErrorCode.ChangesTooOften,
};

describe("the rate limiter", () => {
  test("admits the allowance within the window, then refuses with the rule's code until the oldest leaves it", () => {
    const { clock, limits } = limiter();
    const take = () => outcome(() => limits.take(threeInTen, "u1"));
    expect(take()).toBe("admitted");
    clock.now += 1_000;
    expect([take(), take()]).toEqual(["admitted", "admitted"]);
    expect(take()).toBe(ErrorCode.ChangesTooOften);
    clock.now += 8_999;
    expect(take()).toBe(ErrorCode.ChangesTooOften);
    // sliding: the first leaves the window, one more is admitted, and only one until the next two leave
    clock.now += 1;
    expect([take(), take()]).toEqual(["admitted", ErrorCode.ChangesTooOften]);
    clock.now += 1_000;
    expect([take(), take(), take()]).toEqual(["admitted", "admitted", ErrorCode.ChangesTooOften]);
  });

  test("a refusal counts nothing and says how long until one more is admitted", () => {
    const { clock, limits } = limiter();
    limits.take(threeInTen, "u1");
    clock.now += 4_000;
    limits.take(threeInTen, "u1");
    limits.take(threeInTen, "u1");
    let refused: RateLimited | undefined;
    for (let i = 0; i < 5; i++) {
      try {
        limits.take(threeInTen, "u1");
      } catch (error) {
        refused = error as RateLimited;
      }
    }
    expect(refused?.retryAfterMs).toBe(6_000);
    expect(refused?.status).toBe(429);
    clock.now += 6_000;
    expect(outcome(() => limits.take(threeInTen, "u1"))).toBe("admitted");
  });

  test("each listener, and each rule, counts apart", () => {
    const { limits } = limiter();
    const once: RateRule = { ...threeInTen, key: "other", allowance: 1 };
    limits.take(once, "u1");
    expect(outcome(() => limits.take(once, "u1"))).toBe(ErrorCode.ChangesTooOften);
    expect(outcome(() => limits.take(once, "u2"))).toBe("admitted");
    expect(outcome(() => limits.take(threeInTen, "u1"))).toBe("admitted");
  });

  test("tryTake answers instead of refusing, and counts only what it admits", () => {
    const { clock, limits } = limiter();
    const hourly: RateRule = { ...threeInTen, key: "hourly", windowMs: 3_600_000, allowance: 1 };
    expect(limits.tryTake(hourly, "u1:p1")).toBe(true);
    expect(limits.tryTake(hourly, "u1:p1")).toBe(false);
    expect(limits.tryTake(hourly, "u1:p2")).toBe(true);
    clock.now += 3_600_000;
    expect(limits.tryTake(hourly, "u1:p1")).toBe(true);
  });
});

describe("Crate's rules", () => {
  test("a playlist's page checks Spotify 60 times in 10 minutes per listener, then answers from the record", () => {
    const { clock, limits: l } = limiter();
    for (let i = 0; i < 60; i++) expect(l.tryTake(rateRules.playlistPageCheck, "u1")).toBe(true);
    expect(l.tryTake(rateRules.playlistPageCheck, "u1")).toBe(false);
    expect(l.tryTake(rateRules.playlistPageCheck, "u2")).toBe(true);
    clock.now += 10 * 60_000;
    expect(l.tryTake(rateRules.playlistPageCheck, "u1")).toBe(true);
  });

  test("a distribution, and new combinations, once every 30 seconds per listener (codes 10 and 11)", () => {
    const { clock, limits: l } = limiter();
    l.take(rateRules.distribution, "u1");
    expect(outcome(() => l.take(rateRules.distribution, "u1"))).toBe(ErrorCode.DistributionNotYetPermitted);
    // the combinations' throttle is its own
    expect(outcome(() => l.take(rateRules.combinationDistribution, "u1"))).toBe("admitted");
    expect(outcome(() => l.take(rateRules.combinationDistribution, "u1"))).toBe(
      ErrorCode.CombinationDistributionNotYetPermitted,
    );
    clock.now += limits.distributionThrottleMs;
    expect(outcome(() => l.take(rateRules.distribution, "u1"))).toBe("admitted");
  });

  test("an analysis once every 20 seconds (38); personal data a few times an hour (66); settings ten in ten seconds (68)", () => {
    const { clock, limits: l } = limiter();
    l.take(rateRules.analysis, "u1");
    expect(outcome(() => l.take(rateRules.analysis, "u1"))).toBe(ErrorCode.AnalysisStartedTooRecently);
    clock.now += limits.analysisThrottleMs;
    expect(outcome(() => l.take(rateRules.analysis, "u1"))).toBe("admitted");

    for (let i = 0; i < workLimits.personalDataPerHour; i++) l.take(rateRules.personalData, "u1");
    expect(outcome(() => l.take(rateRules.personalData, "u1"))).toBe(ErrorCode.PersonalDataTooOften);

    for (let i = 0; i < workLimits.settingsChangesPer10s; i++) l.take(rateRules.settingsChange, "u1");
    expect(outcome(() => l.take(rateRules.settingsChange, "u1"))).toBe(ErrorCode.ChangesTooOften);
  });

  test("sign-in starts and callbacks per address, each with its own count, refused as 429 code 42 in its own words", () => {
    const { limits: l } = limiter();
    const starts = signInRule("start", 2);
    l.take(starts, "10.0.0.1");
    l.take(starts, "10.0.0.1");
    let refused: RateLimited | undefined;
    try {
      l.take(starts, "10.0.0.1");
    } catch (error) {
      refused = error as RateLimited;
    }
    expect(refused?.code).toBe(ErrorCode.RateLimited);
    expect(refused?.message).toBe("Too many sign-in attempts from this address. Try again in a minute.");
    expect(outcome(() => l.take(signInRule("callback", 2), "10.0.0.1"))).toBe("admitted");
    expect(outcome(() => l.take(starts, "10.0.0.2"))).toBe("admitted");
  });

  test("every rule refuses with a 429", () => {
    const rules: RateRule[] = [...Object.values(rateRules), signInRule("start", 1)];
    for (const rule of rules) expect(httpStatusForErrorCode(rule.errorCode)).toBe(429);
  });
});
