import { describe, expect, test } from "bun:test";
import { p75, utcWeek } from "../../../src/server/web-vitals/service.ts";
import { webVitalBounds, webVitalBucket, webVitalRoute } from "../../../src/shared/web-vitals.ts";

describe("web vitals rules", () => {
  test("a path becomes a bounded route label", () => {
    expect(webVitalRoute("/")).toBe("/");
    expect(webVitalRoute("/faq")).toBe("/faq");
    expect(webVitalRoute("/playlists/mood")).toBe("/playlists/*");
    expect(webVitalRoute("/admin/users/abc")).toBe("/admin/*");
    expect(webVitalRoute("/wp-login.php")).toBe("other");
    expect(webVitalRoute("/faq?x=1")).toBe("/faq");
  });

  test("a value is counted in the first bucket whose bound holds it; beyond the last, in the last", () => {
    expect(webVitalBucket("lcp", 0)).toBe(0);
    expect(webVitalBucket("lcp", 25)).toBe(0);
    expect(webVitalBucket("lcp", 26)).toBe(1);
    expect(webVitalBounds.lcp[webVitalBucket("lcp", 2400)]).toBe(2500);
    expect(webVitalBucket("cls", 99)).toBe(webVitalBounds.cls.length - 1);
  });

  test("weeks start on Monday, UTC", () => {
    expect(utcWeek(Date.UTC(2026, 10, 23, 0, 0))).toBe("2026-11-23"); // Monday
    expect(utcWeek(Date.UTC(2026, 10, 29, 23, 59))).toBe("2026-11-23"); // Sunday
    expect(utcWeek(Date.UTC(2026, 10, 30, 0, 0))).toBe("2026-11-30");
  });

  test("the 75th percentile is the bound of the bucket holding it", () => {
    expect(p75("lcp", [])).toBeNull();
    expect(p75("lcp", [1, 1, 1, 1])).toBe(webVitalBounds.lcp[2] ?? -1);
    expect(p75("lcp", [3, 0, 0, 1])).toBe(webVitalBounds.lcp[0] ?? -1);
    expect(p75("cls", [0, 0, 4])).toBe(0.05);
  });
});
