import { describe, expect, test } from "bun:test";
import { AnalysisCounter } from "../../../src/server/analysis/count.ts";
import { entryByName } from "../../../src/shared/catalogue/index.ts";
import { ctx, plan, playlist, pref } from "./plan-support.ts";

const AUCKLAND = "Pacific/Auckland";
const song = (trackId: string, iso: string, rank: number) => ({
  trackId,
  likedAt: Date.parse(iso),
  rank,
  categories: [],
});
/** 31 March 20:00 UTC: 1 April 09:00 in Auckland */
const aucklandApril = song("t1", "2025-03-31T20:00:00Z", 0);

const targets = (works: ReturnType<typeof plan>) =>
  works.map((w) => [w.target, w.adds.map((s) => s.trackId)] as const);

describe("planning Liked At in the listener's zone", () => {
  test("the Auckland like goes to April in Auckland and to March in UTC", () => {
    const month = pref("Liked in Month", "LikedAt");
    expect(targets(plan(month, [aucklandApril], ctx({ timeZone: AUCKLAND })))).toEqual([
      [{ bucket: "2025-04", sequence: 1, name: "Liked in April 2025" }, ["t1"]],
    ]);
    expect(targets(plan(month, [aucklandApril], ctx()))).toEqual([
      [{ bucket: "2025-03", sequence: 1, name: "Liked in March 2025" }, ["t1"]],
    ]);
  });

  test("a song already added keeps its bucket when the zone changes; a new like uses the new zone", () => {
    const march = playlist({ id: "march", bucket: "2025-03", songCount: 1 });
    const month = pref("Liked in Month", "LikedAt", { playlists: [march], everAdded: new Set(["t1"]) });
    const newLike = song("t2", "2025-04-30T20:00:00Z", 1); // 1 May 08:00 in Auckland
    expect(targets(plan(month, [aucklandApril, newLike], ctx({ timeZone: AUCKLAND })))).toEqual([
      [{ bucket: "2025-05", sequence: 1, name: "Liked in May 2025" }, ["t2"]],
    ]);
  });

  test("Starting From Current Month counts months from the selection month in the listener's zone", () => {
    // Selected at 10:00 on 1 April in Auckland (still March in UTC): March likes there stay out.
    const selectedAt = Date.parse("2025-03-31T21:00:00Z");
    const p = pref("Liked in Month - Starting From Current Month", "LikedAt", { selectedAt });
    const songs = [song("mar", "2025-03-31T10:00:00Z", 0), aucklandApril];
    expect(targets(plan(p, songs, ctx({ timeZone: AUCKLAND })))).toEqual([
      [{ bucket: "2025-04", sequence: 1, name: "Liked in April 2025" }, ["t1"]],
    ]);
    // In UTC the selection month is March, so both March likes count.
    expect(targets(plan(p, songs, ctx()))).toEqual([
      [{ bucket: "2025-03", sequence: 1, name: "Liked in March 2025" }, ["mar", "t1"]],
    ]);
  });

  test("the analysis counts this month's likes in the listener's zone", () => {
    const entry = entryByName("Liked in Month - Starting From Current Month");
    if (!entry) throw new Error("entry missing");
    const now = Date.parse("2025-03-31T22:00:00Z"); // 11:00 on 1 April in Auckland
    const count = (timeZone?: string) => {
      const counter = new AnalysisCounter([entry], now, { timeZone });
      counter.add([aucklandApril]);
      return counter.result(true)[0]?.numberOfSongsApplicable;
    };
    expect(count(AUCKLAND)).toBe(1);
    // 31 March 01:00 in Auckland: last month there, this month in UTC.
    const march = song("mar", "2025-03-30T12:00:00Z", 0);
    const inZone = new AnalysisCounter([entry], now, { timeZone: AUCKLAND });
    const inUtc = new AnalysisCounter([entry], now);
    inZone.add([march]);
    inUtc.add([march]);
    expect(inZone.result(true)[0]?.numberOfSongsApplicable).toBe(0);
    expect(inUtc.result(true)[0]?.numberOfSongsApplicable).toBe(1);
  });
});
