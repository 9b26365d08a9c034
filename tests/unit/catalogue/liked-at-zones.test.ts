import { describe, expect, test } from "bun:test";
import {
  calendarMonth,
  likedAtBucketFor,
  likedAtBuckets,
  monthKeyIn,
} from "../../../src/server/library/liked-at.ts";

const at = (iso: string) => Date.parse(iso);
const AUCKLAND = "Pacific/Auckland";

describe("Liked At in the listener's time zone", () => {
  test("the Auckland like: 09:00 on 1 April there is April, though UTC is still in March", () => {
    const like = at("2025-04-01T09:00:00+13:00");
    expect(new Date(like).toISOString()).toBe("2025-03-31T20:00:00.000Z");
    expect(likedAtBuckets(like).month.name).toBe("Liked in March 2025");
    expect(likedAtBuckets(like, AUCKLAND).month).toEqual({ key: "2025-04", name: "Liked in April 2025" });
    expect(likedAtBucketFor("monthFromSelection", like, AUCKLAND).name).toBe("Liked in April 2025");
  });

  test("without a zone the calendar is UTC", () => {
    const like = at("2025-03-31T20:00:00Z");
    expect(likedAtBuckets(like)).toEqual(likedAtBuckets(like, "UTC"));
    expect(monthKeyIn(like)).toBe("2025-03");
  });

  test("daylight saving moves the month boundary: Berlin is UTC+1 in winter and UTC+2 in summer", () => {
    const berlin = "Europe/Berlin";
    expect(monthKeyIn(at("2025-01-31T22:59:59Z"), berlin)).toBe("2025-01");
    expect(monthKeyIn(at("2025-01-31T23:00:00Z"), berlin)).toBe("2025-02");
    expect(monthKeyIn(at("2025-03-31T21:59:59Z"), berlin)).toBe("2025-03");
    expect(monthKeyIn(at("2025-03-31T22:00:00Z"), berlin)).toBe("2025-04");
  });

  test("daylight saving in the west: New York is UTC-4 on 1 November and UTC-5 on 1 March", () => {
    const newYork = "America/New_York";
    expect(monthKeyIn(at("2025-11-01T03:59:59Z"), newYork)).toBe("2025-10");
    expect(monthKeyIn(at("2025-11-01T04:00:00Z"), newYork)).toBe("2025-11");
    expect(monthKeyIn(at("2025-03-01T04:59:59Z"), newYork)).toBe("2025-02");
    expect(monthKeyIn(at("2025-03-01T05:00:00Z"), newYork)).toBe("2025-03");
  });

  test("the hour daylight saving ends in Auckland (6 April 2025, 03:00 → 02:00) stays in April", () => {
    for (const iso of ["2025-04-05T13:30:00Z", "2025-04-05T14:30:00Z"]) {
      expect(calendarMonth(at(iso), AUCKLAND)).toEqual({ year: 2025, month: 3 });
    }
  });

  test("southern seasons follow the local month: 1 March 00:00 in Auckland starts autumn", () => {
    const like = at("2025-02-28T11:00:00Z");
    expect(likedAtBuckets(like).seasonSouth.name).toBe("Liked in Summer 2024-2025 - Southern Hemisphere");
    const local = likedAtBuckets(like, AUCKLAND);
    expect(local.seasonSouth).toEqual({ key: "2025-03", name: "Liked in Autumn 2025 - Southern Hemisphere" });
    expect(local.seasonNorth.name).toBe("Liked in Spring 2025 - Northern Hemisphere");
    const winter = likedAtBuckets(at("2025-05-31T12:00:00Z"), AUCKLAND);
    expect(winter.seasonSouth.name).toBe("Liked in Winter 2025 - Southern Hemisphere");
  });

  test("the year boundary: New Year's morning in Auckland is 2025, New Year's Eve in Honolulu is 2024", () => {
    const auckland = likedAtBuckets(at("2024-12-31T11:00:00Z"), AUCKLAND);
    expect(auckland.year.name).toBe("Liked in 2025");
    expect(auckland.month.name).toBe("Liked in January 2025");
    // The summer season spans the two years and keeps its key across the boundary.
    expect(auckland.seasonSouth).toEqual({
      key: "2024-12",
      name: "Liked in Summer 2024-2025 - Southern Hemisphere",
    });
    const honolulu = likedAtBuckets(at("2025-01-01T09:59:59Z"), "Pacific/Honolulu");
    expect(honolulu.year.name).toBe("Liked in 2024");
    expect(honolulu.month.name).toBe("Liked in December 2024");
    expect(likedAtBuckets(at("2025-01-01T10:00:00Z"), "Pacific/Honolulu").year.name).toBe("Liked in 2025");
  });

  test("a northern winter ends later in the west: 23:00 on 28 February in New York is still winter", () => {
    const like = at("2025-03-01T04:00:00Z");
    expect(likedAtBuckets(like).seasonNorth.name).toBe("Liked in Spring 2025 - Northern Hemisphere");
    expect(likedAtBuckets(like, "America/New_York").seasonNorth.name).toBe(
      "Liked in Winter 2024-2025 - Northern Hemisphere",
    );
  });
});
