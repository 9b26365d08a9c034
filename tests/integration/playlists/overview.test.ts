// The listener's view against the real server and the emulator: counts, parts, last updates and links
// match the playlists Spotify holds; AddRecordingOnce off, on, and turned on later.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { runHourlySync } from "../../../src/server/distribution/batch/batch-jobs.ts";
import { spotifyPlaylistUrl } from "../../../src/shared/playlist-overview.ts";
import { fastClock } from "../../support/fast-clock.ts";
import { createAndWait, partsOf } from "../combinations/support.ts";
import {
  call,
  clearThrottles,
  distribute,
  distributeAndWait,
  type Harness,
  type Listener,
  playlistsOf,
  premiumListener,
  startHarness,
  waitForProgress,
} from "../distribution/support.ts";
import {
  duplicatePairs,
  overview,
  plainTrack,
  runPlaylists,
  setSettings,
  testCatalogueSize,
} from "./support.ts";

let h: Harness;
const pairs = duplicatePairs();
const pair = (i: number) => pairs[i] ?? ["", ""];

beforeAll(async () => {
  // Spotify's side ten times faster: a failing update's retries and backoffs run out in a tenth of the time
  h = await startHarness({ catalogueSize: testCatalogueSize, spotifyTime: fastClock(10) });
});
afterAll(() => h.dispose());

/** A premium listener who liked exactly `trackIds`, oldest first, starting at `from`. */
async function listenerWith(
  id: string,
  trackIds: string[],
  from = "2025-06-01T10:00:00Z",
): Promise<Listener> {
  h.spotify.control.createListener({ id, likes: 0 });
  h.spotify.control.like(id, { trackIds, addedAt: from });
  return premiumListener(h, id, null);
}

const isrcOf = (trackId: string) => h.spotify.control.track(trackId)?.isrc;

/** The listener's playlists on the emulator by name: id and items. */
function spotifyPlaylists(listenerId: string): Map<string, { id: string; items: string[] }> {
  const found = new Map<string, { id: string; items: string[] }>();
  for (const summary of h.spotify.control.listenerPlaylists(listenerId)) {
    found.set(summary.name, {
      id: summary.id,
      items: h.spotify.control.playlist(summary.id)?.trackIds ?? [],
    });
  }
  return found;
}

describe("duplicate recordings", () => {
  test("the test catalogue has recordings on two tracks", () => {
    expect(pairs.length).toBeGreaterThanOrEqual(6);
    for (const [single, album] of pairs) expect(isrcOf(single)).toBe(isrcOf(album) ?? "");
  });

  test("off (the default): both versions land, in like order; the counts and links match Spotify", async () => {
    const [s0, a0] = pair(0);
    const [s1, a1] = pair(1);
    const likes = [s0, plainTrack(0), a0, a1, plainTrack(1), s1];
    const listener = await listenerWith("dup-off", likes);
    const settings = await call(h, listener.cookie, "GET", "/api/playlist-preferences/settings");
    expect(settings.body.settings).toContainEqual({ name: "AddRecordingOnce", value: false });
    const id = await distributeAndWait(h, listener, ["Everything", "Latest 50 Liked Songs"]);

    const onSpotify = spotifyPlaylists(listener.id);
    const everything = onSpotify.get("Everything - Managed Playlist");
    expect(everything?.items).toEqual(likes);
    const view = await overview(h, listener);
    const chosen = new Map(view.playlists.map((p) => [p.name, p]));
    expect(chosen.get("Everything")).toMatchObject({
      source: "predefined",
      state: "active",
      songCount: 6,
      parts: [
        {
          name: "Everything - Managed Playlist",
          songCount: 6,
          spotifyUrl: `https://open.spotify.com/playlist/${everything?.id}`,
          deletedInSpotify: false,
        },
      ],
    });
    expect(chosen.get("Latest 50 Liked Songs")?.songCount).toBe(6);
    expect(chosen.get("Everything")?.lastUpdatedAt).not.toBeNull();
    expect(view.library.lastSyncedAt).not.toBeNull();
    expect(view.library).toMatchObject({ nextUpdateWithinMinutes: 60, lastRunFailure: null });

    const run = await runPlaylists(h, listener, id);
    expect(run.finished).toBe(true);
    expect(run.playlists.every((p) => p.created)).toBe(true);
    expect(run.playlists.map((p) => [p.name, p.songCount, p.spotifyUrl])).toEqual(
      [...onSpotify]
        .map(([name, p]) => [name, p.items.length, spotifyPlaylistUrl(p.id)])
        .sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
    );
  }, 60_000);

  test("on: exactly one song per recording, the version liked first, in like order", async () => {
    const [s0, a0] = pair(2);
    const [s1, a1] = pair(3);
    const p0 = plainTrack(2);
    const p1 = plainTrack(3);
    const listener = await listenerWith("dup-on", [s0, p0, a0, a1, p1, s1]);
    expect((await setSettings(h, listener, true)).body.settings).toContainEqual({
      name: "AddRecordingOnce",
      value: true,
    });
    await distributeAndWait(h, listener, ["Everything", "Latest 50 Liked Songs", "Partitions of 50 Songs"]);
    const onSpotify = playlistsOf(h, listener.id);
    expect(onSpotify.get("Everything")).toEqual([s0, p0, a1, p1]);
    expect(onSpotify.get("Latest 50 Liked Songs")).toEqual([p1, a1, p0, s0]);
    expect(onSpotify.get("Partitions of 50 Songs 1")).toEqual([s0, p0, a1, p1]);
    const isrcs = (onSpotify.get("Everything") ?? []).map(isrcOf);
    expect(new Set(isrcs).size).toBe(isrcs.length);
    const view = await overview(h, listener);
    expect(view.playlists.find((p) => p.name === "Everything")?.songCount).toBe(4);
    expect(view.playlists.find((p) => p.name === "Latest 50 Liked Songs")?.songCount).toBe(4);
  }, 60_000);

  test("turned on later: songs already added stay, new repeats are not added", async () => {
    const [s0, a0] = pair(4);
    const [s1, a1] = pair(5);
    const p0 = plainTrack(4);
    const listener = await listenerWith("dup-later", [s0, p0, a0]);
    await distributeAndWait(h, listener, ["Everything"]);
    expect(playlistsOf(h, listener.id).get("Everything - Managed Playlist")).toEqual([s0, p0, a0]);

    await setSettings(h, listener, true);
    const p1 = plainTrack(5);
    h.spotify.control.like(listener.id, { trackIds: [s1, a0, p1, a1] });
    clearThrottles(h);
    await distributeAndWait(h, listener, ["Everything"]);
    // a0 was liked again after s1: the playlist keeps reading in like order, so s1 goes in before it (ADR 0030)
    expect(playlistsOf(h, listener.id).get("Everything")).toEqual([s0, p0, s1, a0, p1]);
    const view = await overview(h, listener);
    expect(view.playlists.find((p) => p.name === "Everything")?.songCount).toBe(5);

    // Turned off again: the version held back and the next repeat land.
    await setSettings(h, listener, false);
    const [s2, a2] = pair(6);
    h.spotify.control.like(listener.id, { trackIds: [s2, a2] });
    clearThrottles(h);
    await distributeAndWait(h, listener, ["Everything"]);
    expect(playlistsOf(h, listener.id).get("Everything")).toEqual([s0, p0, s1, a0, p1, a1, s2, a2]);
  }, 60_000);
});

test("songs stored before Crate kept ISRCs get them when the setting is turned on", async () => {
  const [single, album] = pair(7);
  const plain = plainTrack(7);
  const listener = await listenerWith("dup-old", [single, plain]);
  await distributeAndWait(h, listener, ["Everything"]);
  const sqlite = h.crate.deps.db.$client;
  sqlite.query("UPDATE tracks SET isrc = NULL").run();
  await setSettings(h, listener, true);
  const unknown = () =>
    sqlite
      .query<{ n: number }, [string]>(
        "SELECT count(*) AS n FROM likes l JOIN tracks t ON t.id = l.track_id WHERE l.user_id = ? AND t.isrc IS NULL",
      )
      .get(listener.userId)?.n;
  for (let i = 0; i < 200 && unknown() !== 0; i++) await Bun.sleep(25);
  expect(unknown()).toBe(0);
  h.spotify.control.like(listener.id, { trackIds: [album] });
  clearThrottles(h);
  await distributeAndWait(h, listener, ["Everything"]);
  expect(playlistsOf(h, listener.id).get("Everything")).toEqual([single, plain]);
}, 60_000);

test("combination playlists: one song per recording with the setting on, counted and linked", async () => {
  // A recording whose both versions carry a genre (the same artist), so a genre combination takes both.
  const found = pairs
    .slice(8)
    .map(([single, album]) => ({
      single,
      album,
      genre: [...partsOf(h, single).genres].find((g) => /^[A-Z]/.test(g)),
    }))
    .find((p) => p.genre !== undefined && partsOf(h, p.album).genres.has(p.genre));
  if (!found?.genre) throw new Error("no duplicate recording with a genre in the test catalogue");
  const listener = await listenerWith("dup-combination", [found.single, found.album]);
  await setSettings(h, listener, true);
  await createAndWait(h, listener, [
    { playlistName: "Both Versions", criteria: [{ genres: [found.genre] }] },
  ]);
  const onSpotify = spotifyPlaylists(listener.id).get("Both Versions");
  expect(onSpotify?.items).toEqual([found.single]);
  const view = await overview(h, listener);
  expect(view.playlists.find((p) => p.source === "combination")).toMatchObject({
    name: "Both Versions",
    songCount: 1,
    parts: [{ name: "Both Versions", songCount: 1, spotifyUrl: spotifyPlaylistUrl(onSpotify?.id ?? "") }],
  });
}, 60_000);

describe("the playlists page's read model", () => {
  test("parts per period, and a playlist deleted in Spotify shown as such", async () => {
    const likes = [0, 1, 2, 3, 4].map((n) => plainTrack(10 + n));
    const listener = await listenerWith("parts", likes.slice(0, 2), "2025-03-01T10:00:00Z");
    h.spotify.control.like(listener.id, { trackIds: likes.slice(2), addedAt: "2025-04-02T10:00:00Z" });
    await distributeAndWait(h, listener, ["Liked in Month", "Everything"]);
    let view = await overview(h, listener);
    const month = view.playlists.find((p) => p.name === "Liked in Month");
    expect(month?.parts.map((p) => [p.name, p.songCount])).toEqual([
      ["Liked in March 2025 - Managed Playlist", 2],
      ["Liked in April 2025 - Managed Playlist", 3],
    ]);
    expect(month?.songCount).toBe(5);

    const everything = h.spotify.control
      .listenerPlaylists(listener.id)
      .find((p) => p.name === "Everything - Managed Playlist");
    h.spotify.control.deletePlaylist(listener.id, everything?.id ?? "");
    h.spotify.control.like(listener.id, { trackIds: [plainTrack(20)] });
    clearThrottles(h);
    await distributeAndWait(h, listener, ["Liked in Month", "Everything"]);
    view = await overview(h, listener);
    expect(view.playlists.find((p) => p.name === "Everything")).toMatchObject({
      state: "deleted",
      songCount: 0,
      parts: [{ deletedInSpotify: true, songCount: 5 }],
    });
  }, 60_000);

  test("another user's run is not found; not signed in is 401", async () => {
    const a = await listenerWith("owner-a", [plainTrack(30)]);
    const b = await listenerWith("owner-b", [plainTrack(31)]);
    const id = await distributeAndWait(h, a, ["Everything"]);
    expect((await call(h, b.cookie, "GET", `/api/distributor/${id}/playlists`)).status).toBe(404);
    expect((await call(h, null, "GET", "/api/playlist-preferences/playlists")).status).toBe(401);
  }, 60_000);

  test("a failed update says so and that it is retried; the next hourly run clears it", async () => {
    const listener = await listenerWith("failing", [plainTrack(40), plainTrack(41)]);
    h.spotify.control.setFaults({ rate5xx: 1, seed: 5 });
    const started = await distribute(h, listener, ["2010s", "Everything"]);
    const failed = await waitForProgress(h, listener, String(started.body.distributionProgressId));
    expect((failed.body.progress as { completedWork: number }[])[0]?.completedWork).toBe(-1);
    h.spotify.control.setFaults({});
    expect((await overview(h, listener)).library.lastRunFailure).toMatchObject({ next: "retried" });
    await runHourlySync(h.crate.deps);
    expect((await overview(h, listener)).library.lastRunFailure).toBeNull();
  }, 60_000);
});
