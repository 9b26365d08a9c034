import { describe, expect, test } from "bun:test";
import { calibratedSlowdown, THROTTLED_PHONE } from "../../support/phone.ts";

// The throttled phone of the browser tests is the same on any host: its CPU slowdown is calibrated to how fast the
// host runs a fixed workload at that moment (tests/support/phone.ts).
describe("the throttled phone's calibrated CPU slowdown", () => {
  const reference = THROTTLED_PHONE.referenceMs;

  test("the reference host gets the phone's ×4; a host half as fast (busy) ×2, a quarter as fast ×1", () => {
    expect(calibratedSlowdown(reference)).toBe(THROTTLED_PHONE.cpuSlowdown);
    expect(calibratedSlowdown(reference * 2)).toBe(THROTTLED_PHONE.cpuSlowdown / 2);
    expect(calibratedSlowdown(reference * 4)).toBe(1);
  });

  test("a host slower than the phone is not sped up, and a faster one is slowed by the targets' ×4, no more", () => {
    expect(calibratedSlowdown(reference * 10)).toBe(1);
    expect(calibratedSlowdown(reference / 1.4)).toBe(THROTTLED_PHONE.cpuSlowdown);
    expect(calibratedSlowdown(0.01)).toBe(THROTTLED_PHONE.cpuSlowdown);
  });
});
