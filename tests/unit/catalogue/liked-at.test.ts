import { describe, expect, test } from "bun:test";
import { likedAtBucketFor, likedAtBuckets } from "../../../src/server/library/liked-at.ts";

const at = (iso: string) => Date.parse(iso);

describe("likedAtBuckets", () => {
  test("month, year and seasons of a spring like", () => {
    expect(likedAtBuckets(at("2025-03-15T12:00:00Z"))).toEqual({
      month: { key: "2025-03", name: "Liked in March 2025" },
      year: { key: "2025", name: "Liked in 2025" },
      seasonNorth: { key: "2025-03", name: "Liked in Spring 2025 - Northern Hemisphere" },
      seasonSouth: { key: "2025-03", name: "Liked in Autumn 2025 - Southern Hemisphere" },
    });
  });

  test("winter crosses the year: December 2024 to February 2025 is one season", () => {
    for (const iso of ["2024-12-01T00:00:00Z", "2025-01-10T08:00:00Z", "2025-02-28T23:59:59Z"]) {
      const buckets = likedAtBuckets(at(iso));
      expect(buckets.seasonNorth).toEqual({
        key: "2024-12",
        name: "Liked in Winter 2024-2025 - Northern Hemisphere",
      });
      expect(buckets.seasonSouth).toEqual({
        key: "2024-12",
        name: "Liked in Summer 2024-2025 - Southern Hemisphere",
      });
    }
    expect(likedAtBuckets(at("2025-01-10T08:00:00Z")).year.name).toBe("Liked in 2025");
    expect(likedAtBuckets(at("2024-12-31T23:59:59Z")).year.name).toBe("Liked in 2024");
  });

  test("every month falls in the right meteorological season", () => {
    const north = [
      "Winter",
      "Winter",
      "Spring",
      "Spring",
      "Spring",
      "Summer",
      "Summer",
      "Summer",
      "Autumn",
      "Autumn",
      "Autumn",
      "Winter",
    ];
    // the southern hemisphere has the opposite season in every month
    const opposite: Record<string, string> = {
      Winter: "Summer",
      Spring: "Autumn",
      Summer: "Winter",
      Autumn: "Spring",
    };
    const south = north.map((season) => opposite[season]);
    for (let month = 0; month < 12; month++) {
      const buckets = likedAtBuckets(Date.UTC(2023, month, 15));
      expect(buckets.seasonNorth.name).toStartWith(`Liked in ${north[month]} `);
      expect(buckets.seasonSouth.name).toStartWith(`Liked in ${south[month]} `);
      expect(buckets.month.key).toBe(`2023-${String(month + 1).padStart(2, "0")}`);
    }
  });

  test("UTC, not local time: the boundary is midnight UTC", () => {
    expect(likedAtBuckets(at("2025-02-28T23:59:59.999Z")).month.name).toBe("Liked in February 2025");
    expect(likedAtBuckets(at("2025-03-01T00:00:00.000Z")).month.name).toBe("Liked in March 2025");
    expect(likedAtBuckets(at("2025-05-31T23:30:00-02:00")).month.name).toBe("Liked in June 2025");
  });

  test("keys sort chronologically", () => {
    const keys = ["2025-06-01", "2024-12-05", "2025-03-03", "2024-09-30"].map(
      (day) => likedAtBuckets(at(`${day}T00:00:00Z`)).seasonNorth.key,
    );
    expect([...keys].sort()).toEqual(["2024-09", "2024-12", "2025-03", "2025-06"]);
  });

  test("bucket per Liked At entry period", () => {
    const likedAt = at("2025-08-20T10:00:00Z");
    expect(likedAtBucketFor("month", likedAt).name).toBe("Liked in August 2025");
    expect(likedAtBucketFor("monthFromSelection", likedAt).name).toBe("Liked in August 2025");
    expect(likedAtBucketFor("year", likedAt).name).toBe("Liked in 2025");
    expect(likedAtBucketFor("seasonNorth", likedAt).name).toBe("Liked in Summer 2025 - Northern Hemisphere");
    expect(likedAtBucketFor("seasonSouth", likedAt).name).toBe("Liked in Winter 2025 - Southern Hemisphere");
  });
});
