import { describe, expect, test } from "bun:test";
import { emptyWindow, STATISTICS_WINDOW_DAYS } from "../../../src/server/admin/statistics.ts";

describe("statistics window", () => {
  test("the last 30 UTC days including today, oldest first, all zero", () => {
    const window = emptyWindow(Date.UTC(2026, 2, 1, 23, 59));
    const days = Object.keys(window);
    expect(days).toHaveLength(STATISTICS_WINDOW_DAYS);
    expect(days[0]).toBe("2026-01-31");
    expect(days.at(-1)).toBe("2026-03-01");
    expect(Object.values(window).every((n) => n === 0)).toBe(true);
  });

  test("a day starts at midnight UTC", () => {
    expect(Object.keys(emptyWindow(Date.UTC(2026, 0, 1, 0, 0), 2))).toEqual(["2025-12-31", "2026-01-01"]);
  });
});
