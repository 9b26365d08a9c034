// Random playlists: the same sample within a UTC day / ISO week, a new one after it (the clock is injected).
import { beforeAll, describe, expect, test } from "bun:test";
import { runRandomRefresh } from "../../../src/server/distribution/batch/batch-jobs.ts";
import { manualClock } from "../../../src/server/platform/clock.ts";
import { type Listener, setUpHarness } from "./support.ts";

const clock = manualClock(Date.UTC(2026, 0, 15, 9)); // a Thursday
const h = setUpHarness({ clock });
let listener: Listener;
const daily = "50 Random Songs - Updated Daily - Managed Playlist";
const weekly = "200 Random Songs - Updated Weekly - Managed Playlist";

beforeAll(async () => {
  listener = await h.premiumListener("random-listener", 600);
  const answer = await h.distribute(listener, [
    "50 Random Songs - Updated Daily",
    "200 Random Songs - Updated Weekly",
    "Everything",
  ]);
  const done = await h.waitForProgress(listener, String(answer.body.distributionProgressId));
  expect(done.body.progress).toEqual([
    { distributionType: "Standard", totalWork: 600, completedWork: 600 },
    { distributionType: "Randomized", totalWork: 2, completedWork: 2 },
  ]);
}, 120_000);

const current = () => {
  const playlists = h.playlistsOf(listener.id);
  return { daily: playlists.get(daily) ?? [], weekly: playlists.get(weekly) ?? [] };
};

describe("random playlists", () => {
  test("hold distinct liked songs: 50 daily, 200 weekly", () => {
    const { daily: d, weekly: w } = current();
    const liked = new Set(h.spotify.control.likes(listener.id).map((l) => l.trackId));
    expect(d).toHaveLength(50);
    expect(w).toHaveLength(200);
    expect(new Set(d).size).toBe(50);
    expect(new Set(w).size).toBe(200);
    expect([...d, ...w].every((id) => liked.has(id))).toBe(true);
  });

  test("stay the same within the period, even when distributing again", async () => {
    const before = current();
    clock.advance(10 * 3600_000); // 19:00 the same day
    await runRandomRefresh(h.crate.deps);
    expect(current()).toEqual(before);
    const again = await h.distribute(listener, [
      "50 Random Songs - Updated Daily",
      "200 Random Songs - Updated Weekly",
      "Everything",
    ]);
    await h.waitForProgress(listener, String(again.body.distributionProgressId));
    expect(current()).toEqual(before);
  });

  test("the daily one is replaced on the next UTC day; the weekly one waits for the next ISO week", async () => {
    const before = current();
    clock.set(Date.UTC(2026, 0, 16, 0, 5)); // Friday
    const outcome = await runRandomRefresh(h.crate.deps);
    expect(outcome).toMatchObject({ started: true, usersProcessed: 1, failures: 0 });
    const friday = current();
    expect(friday.daily).toHaveLength(50);
    expect(friday.daily).not.toEqual(before.daily);
    expect(friday.weekly).toEqual(before.weekly);

    clock.set(Date.UTC(2026, 0, 18, 23, 0)); // Sunday, same ISO week
    await runRandomRefresh(h.crate.deps);
    expect(current().weekly).toEqual(before.weekly);

    clock.set(Date.UTC(2026, 0, 19, 0, 5)); // Monday
    await runRandomRefresh(h.crate.deps);
    const monday = current();
    expect(monday.weekly).toHaveLength(200);
    expect(monday.weekly).not.toEqual(before.weekly);
    expect(new Set(monday.weekly).size).toBe(200);
  });

  test("other playlists are untouched by the refresh", () => {
    const everything = h.playlistsOf(listener.id).get("Everything - Managed Playlist") ?? [];
    expect(everything).toEqual([...h.spotify.control.likes(listener.id)].reverse().map((l) => l.trackId));
  });
});
