import { describe, expect, test } from "bun:test";
import { billingRetentionEnd } from "../../../src/server/account/retention.ts";
import { addCalendarMonths } from "../../../src/shared/calendar.ts";

const day = 24 * 3600_000;
const at = (iso: string) => Date.parse(iso);

describe("calendar months", () => {
  test("adds months in UTC", () => {
    expect(addCalendarMonths(at("2025-03-10T08:00:00Z"), 14)).toBe(at("2026-05-10T08:00:00Z"));
    expect(addCalendarMonths(at("2025-11-30T00:00:00Z"), 2)).toBe(at("2026-01-30T00:00:00Z"));
  });

  test("clamps to the last day of a shorter month, so the period never runs long", () => {
    expect(addCalendarMonths(at("2024-12-31T12:00:00Z"), 14)).toBe(at("2026-02-28T12:00:00Z"));
    expect(addCalendarMonths(at("2026-05-31T00:00:00Z"), -14)).toBe(at("2025-03-31T00:00:00Z"));
  });
});

describe("how long a deleted user's billing records are kept", () => {
  const lastPayment = at("2025-01-20T10:00:00Z");

  test("14 months after the last payment while the subscription has not ended", () => {
    expect(billingRetentionEnd(lastPayment, [null])).toBe(at("2026-03-20T10:00:00Z"));
  });

  test("70 days after the subscription ended when that comes first", () => {
    const ended = at("2025-02-01T00:00:00Z");
    expect(billingRetentionEnd(lastPayment, [ended])).toBe(ended + 70 * day);
  });

  test("14 months after the last payment when that comes before 70 days after the end", () => {
    const ended = at("2026-03-01T00:00:00Z");
    expect(billingRetentionEnd(lastPayment, [ended])).toBe(at("2026-03-20T10:00:00Z"));
  });

  test("the latest end counts when there were several subscriptions", () => {
    const first = at("2025-02-01T00:00:00Z");
    const second = at("2025-06-01T00:00:00Z");
    expect(billingRetentionEnd(null, [first, second])).toBe(second + 70 * day);
  });

  test("a subscription without payments that still runs is kept", () => {
    expect(billingRetentionEnd(null, [null])).toBeNull();
  });

  test("no payment and no subscription: nothing to keep", () => {
    expect(billingRetentionEnd(null, [])).toBe(0);
  });
});
