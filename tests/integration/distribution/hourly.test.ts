// The hourly job: new likes are added; removed songs stay removed; unliked songs stay (but leave Latest N);
// Latest N rolls; partitions fill up; a playlist gone from Spotify is not recreated; one provider call when
// nothing is new.
// A playlist deleted in the Spotify app (unfollowed, still there): tests/integration/distribution/vanished.test.ts;
// a 404 on a write: tests/unit/distribution/vanished.test.ts.
import { beforeAll, describe, expect, test } from "bun:test";
import { parseConfig } from "../../../src/server/config/config.ts";
import { runHourlySync, startBatchJob } from "../../../src/server/distribution/batch/batch-jobs.ts";
import type { SpotifyUserApi } from "../../../src/server/spotify/types.ts";
import type { SpotifyWork } from "../../../src/server/spotify/work.ts";
import { type Listener, managed, setUpHarness } from "./support.ts";

const h = setUpHarness();
let listener: Listener;
const selection = ["Everything", "Latest 50 Liked Songs", "Partitions of 50 Songs", "Liked in Year"];

function playlistId(name: string): string {
  const found = h.spotify.control.listenerPlaylists(listener.id).find((p) => p.name === managed(name));
  if (!found) throw new Error(`no playlist ${name}`);
  return found.id;
}

beforeAll(async () => {
  listener = await h.premiumListener("hourly-listener", 300);
  await h.distributeAndWait(listener, selection);
}, 120_000);

describe("hourly job", () => {
  test("an hourly run with no new like costs one provider call", async () => {
    h.spotify.control.resetCalls();
    const outcome = await runHourlySync(h.crate.deps);
    expect(outcome).toMatchObject({ started: true, usersProcessed: 1, distributions: 0, failures: 0 });
    expect(h.spotify.control.calls()).toEqual({ total: 1, counts: { "GET /v1/me/tracks": 1 } });
  });

  test("new likes are added; a removed song is not re-added; an unliked song stays; Latest 50 rolls", async () => {
    const before = h.playlistsOf(listener.id);
    const everything = before.get(managed("Everything")) ?? [];
    const removed = everything[10] ?? "";
    const unliked = everything[20] ?? "";
    h.spotify.control.removePlaylistItem(playlistId("Everything"), removed);
    h.spotify.control.unlike(listener.id, unliked);
    const fresh = h.spotify.control.like(listener.id, { count: 10 });

    const outcome = await runHourlySync(h.crate.deps);
    expect(outcome).toMatchObject({ usersProcessed: 1, distributions: 1, failures: 0 });

    const after = h.playlistsOf(listener.id);
    const wantEverything = [...everything.filter((id) => id !== removed), ...fresh];
    expect(after.get(managed("Everything"))).toEqual(wantEverything);
    expect(after.get(managed("Everything"))).toContain(unliked);

    const newestFirst = h.spotify.control.likes(listener.id).map((l) => l.trackId);
    expect(after.get(managed("Latest 50 Liked Songs"))).toEqual(newestFirst.slice(0, 50));
    expect(fresh.reverse()).toEqual(newestFirst.slice(0, 10));
  });

  test("a song unliked among the newest leaves Latest 50 at the next run, with nothing new liked", async () => {
    const newestBefore = h.spotify.control.likes(listener.id).map((l) => l.trackId);
    const unliked = newestBefore[3] ?? "";
    h.spotify.control.unlike(listener.id, unliked);
    h.spotify.control.resetCalls();
    const outcome = await runHourlySync(h.crate.deps);
    expect(outcome).toMatchObject({ usersProcessed: 1, distributions: 1, failures: 0 });
    // the unlike was seen on the one page the sync reads anyway
    expect(h.spotify.control.calls().counts["GET /v1/me/tracks"]).toBe(1);
    const after = h.playlistsOf(listener.id);
    const newestFirst = h.spotify.control.likes(listener.id).map((l) => l.trackId);
    expect(after.get(managed("Latest 50 Liked Songs"))).toEqual(newestFirst.slice(0, 50));
    expect(after.get(managed("Latest 50 Liked Songs"))).not.toContain(unliked);
    // the other playlists keep it, as promised
    expect(after.get(managed("Everything"))).toContain(unliked);
  });

  test("partitions: new likes fill the last part, then open the next", async () => {
    // 300 likes made 6 full parts; the 10 new ones opened part 7.
    let playlists = h.playlistsOf(listener.id);
    expect(playlists.get(managed("Partitions of 50 Songs 6"))).toHaveLength(50);
    expect(playlists.get(managed("Partitions of 50 Songs 7"))).toHaveLength(10);
    const more = h.spotify.control.like(listener.id, { count: 45 });
    await runHourlySync(h.crate.deps);
    playlists = h.playlistsOf(listener.id);
    expect(playlists.get(managed("Partitions of 50 Songs 7"))?.slice(10)).toEqual(more.slice(0, 40));
    expect(playlists.get(managed("Partitions of 50 Songs 8"))).toEqual(more.slice(40));
  });

  test("a playlist gone from Spotify (it answers 404) is marked and never recreated", async () => {
    const yearPlaylists = h.spotify.control
      .listenerPlaylists(listener.id)
      .filter((p) => /^Liked in \d{4} /.test(p.name));
    const newestYear = yearPlaylists.sort((a, b) => a.name.localeCompare(b.name)).at(-1);
    if (!newestYear) throw new Error("no year playlist");
    h.spotify.control.deletePlaylist(listener.id, newestYear.id, { hard: true });
    h.spotify.control.like(listener.id, { count: 3 });
    await runHourlySync(h.crate.deps);
    const names = h.spotify.control.listenerPlaylists(listener.id).map((p) => p.name);
    expect(names).not.toContain(newestYear.name);
    const row = h.crate.deps.db.$client
      .query<{ status: string }, [string]>(
        "SELECT status FROM managed_playlists WHERE spotify_playlist_id = ?",
      )
      .get(newestYear.id);
    expect(row?.status).toBe("vanished");
    // the other playlists still got the new likes
    const newest = h.spotify.control.likes(listener.id)[0]?.trackId ?? "";
    expect(h.playlistsOf(listener.id).get(managed("Everything"))?.at(-1)).toBe(newest);
    const preferences = await fetch(`${h.crate.url}/api/playlist-preferences`, {
      headers: { cookie: listener.cookie },
    });
    const body = (await preferences.json()) as { vanishedPlaylists: { playlistName: string }[] };
    expect(body.vanishedPlaylists.map((v) => v.playlistName)).toContain(newestYear.name);
  });

  test("no song is ever twice in a playlist", () => {
    for (const [name, items] of h.playlistsOf(listener.id)) {
      expect({ name, size: new Set(items).size }).toEqual({ name, size: items.length });
    }
  });

  test("the batch start runs the same job and refuses while it runs; runs are recorded", async () => {
    h.spotify.control.like(listener.id, { count: 2 });
    const first = startBatchJob(h.crate.deps);
    const second = startBatchJob(h.crate.deps);
    expect(first).toEqual({ jobStarted: true });
    expect(second).toEqual({ jobStarted: false });
    const until = Date.now() + 30_000;
    while (Date.now() < until) {
      const running = h.crate.deps.db.$client
        .query<{ n: number }, []>("SELECT count(*) AS n FROM batch_executions WHERE status = 'running'")
        .get();
      if (running?.n === 0) break;
      await Bun.sleep(20);
    }
    const rows = h.crate.deps.db.$client
      .query<{ job: string; status: string; end_time: number | null }, []>(
        "SELECT job, status, end_time FROM batch_executions ORDER BY start_time",
      )
      .all();
    expect(rows.length).toBeGreaterThanOrEqual(5);
    for (const row of rows) expect(row).toMatchObject({ job: "hourly-sync", status: "finished" });
    const newest = h.spotify.control.likes(listener.id)[0]?.trackId ?? "";
    expect(h.playlistsOf(listener.id).get(managed("Everything"))?.at(-1)).toBe(newest);
  });

  test("JOB_CONCURRENCY fixes how many listeners the job serves at once; unset, it adapts from 4", async () => {
    for (const id of ["hourly-a", "hourly-b", "hourly-c", "hourly-d", "hourly-e"]) await h.signIn(id, 20);
    const { deps } = h.crate;
    /** The job's deps with every listener's library read held a moment, counting the reads under way at once. */
    const counted = (jobConcurrency: number | null) => {
      const seen = { now: 0, most: 0 };
      const spotifyFor = (userId: string, work?: SpotifyWork): SpotifyUserApi => {
        const api = deps.spotifyFor(userId, work);
        return Object.assign(Object.create(api), {
          async *likedTracks(...args: Parameters<SpotifyUserApi["likedTracks"]>) {
            seen.now += 1;
            seen.most = Math.max(seen.most, seen.now);
            await Bun.sleep(30);
            try {
              yield* api.likedTracks(...args);
            } finally {
              seen.now -= 1;
            }
          },
        });
      };
      return { seen, deps: { ...deps, config: { ...deps.config, jobConcurrency }, spotifyFor } };
    };
    const one = counted(1);
    expect(await runHourlySync(one.deps)).toMatchObject({ usersProcessed: 6, failures: 0 });
    expect(one.seen.most).toBe(1);
    const adaptive = counted(null);
    expect(await runHourlySync(adaptive.deps)).toMatchObject({ usersProcessed: 6, failures: 0 });
    expect(adaptive.seen.most).toBeGreaterThan(1);
    expect(parseConfig({ JOB_CONCURRENCY: "16" }).jobConcurrency).toBe(16);
    expect(parseConfig({}).jobConcurrency).toBeNull();
    expect(() => parseConfig({ JOB_CONCURRENCY: "0" })).toThrow(/JOB_CONCURRENCY/);
  });
});
