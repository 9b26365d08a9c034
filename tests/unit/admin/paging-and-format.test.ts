import { describe, expect, test } from "bun:test";
import { spacedTicks } from "../../../src/client/pages/admin/chart-ticks.ts";
import { adminUserPath, formatDuration, formatTime } from "../../../src/client/pages/admin/format.ts";
import { nextOffset, previousOffset } from "../../../src/client/pages/admin/paging.ts";

describe("admin paging (spec §4)", () => {
  test("Previous goes back 20, never below 0", () => {
    expect(previousOffset(40)).toBe(20);
    expect(previousOffset(20)).toBe(0);
    expect(previousOffset(5)).toBe(0);
    expect(previousOffset(0)).toBe(0);
  });

  test("Next moves on 20 only when a full page of 20 is shown", () => {
    expect(nextOffset(0, 20)).toBe(20);
    expect(nextOffset(20, 20)).toBe(40);
    expect(nextOffset(20, 19)).toBe(20);
    expect(nextOffset(0, 0)).toBe(0);
  });
});

describe("admin formatting", () => {
  test("times in UTC, year-month-day first; absent times as a dash", () => {
    expect(formatTime("2026-01-15T12:34:56.789Z")).toBe("2026-01-15 12:34:56 UTC");
    expect(formatTime(undefined)).toBe("—");
    expect(formatTime(null)).toBe("—");
  });

  test("durations of batch runs", () => {
    const start = "2026-01-15T12:00:00.000Z";
    expect(formatDuration(start, undefined)).toBe("running");
    expect(formatDuration(start, "2026-01-15T12:00:00.850Z")).toBe("850 ms");
    expect(formatDuration(start, "2026-01-15T12:00:42.000Z")).toBe("42 s");
    expect(formatDuration(start, "2026-01-15T12:03:05.000Z")).toBe("3 min 5 s");
    expect(formatDuration(start, "2026-01-15T13:02:00.000Z")).toBe("1 h 2 min");
  });

  test("user detail links carry the id, encoded", () => {
    expect(adminUserPath({ userId: "a b" })).toBe("/admin/users?userId=a%20b");
    expect(adminUserPath({ spotifyId: "crate-free" })).toBe("/admin/users?spotifyId=crate-free");
  });
});

describe("spacedTicks", () => {
  const weeks = Array.from({ length: 12 }, (_, i) => `w${i}`);
  test("as many labels as fit, one step throughout, from the first", () => {
    expect(spacedTicks(weeks, 76 * 6, "day")).toEqual(["w0", "w2", "w4", "w6", "w8", "w10"]);
    expect(spacedTicks(weeks, 76 * 20, "day")).toEqual(weeks);
    expect(spacedTicks(weeks, 50, "day")).toEqual(["w0"]);
    expect(spacedTicks(weeks, 0, "day")).toEqual([]);
    expect(spacedTicks([], 500, "hour")).toEqual([]);
  });
});
