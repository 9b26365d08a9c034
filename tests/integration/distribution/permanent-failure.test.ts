// The listener fills Crate's "Everything" by hand close to Spotify's 10,000-song limit: the next add is refused
// for good (400). That playlist stops and is shown with what to do; no run fails because of it, and a newly
// chosen playlist is created and filled.
import { beforeAll, describe, expect, test } from "bun:test";
import { runHourlySync } from "../../../src/server/distribution/batch/batch-jobs.ts";
import { playlistFailureTexts } from "../../../src/shared/playlist-failures.ts";
import { type Listener, managed, setUpHarness } from "./support.ts";

const h = setUpHarness();
let listener: Listener;

function spotifyPlaylist(name: string) {
  return h.spotify.control.listenerPlaylists(listener.id).find((p) => p.name === managed(name));
}

beforeAll(async () => {
  listener = await h.premiumListener("full-playlist-listener", 200);
  await h.distributeAndWait(listener, ["Everything"]);
}, 120_000);

describe("a playlist Spotify refuses for good (size limit)", () => {
  test("the hourly run finishes, the playlist is marked failed and shown with what to do", async () => {
    const everything = spotifyPlaylist("Everything");
    if (!everything) throw new Error("no Everything playlist");
    const liked = h.spotify.control.likes(listener.id).map((l) => l.trackId);
    const byHand = Array.from(
      { length: 9_990 - everything.total },
      (_, i) => liked[i % liked.length] as string,
    );
    expect(h.spotify.control.addPlaylistItems(everything.id, byHand)).toBe(9_990);
    h.spotify.control.like(listener.id, { count: 20 });

    const outcome = await runHourlySync(h.crate.deps);
    expect(outcome).toMatchObject({ usersProcessed: 1, failures: 0 });
    expect(h.spotify.control.playlist(everything.id)?.total).toBe(9_990);
    const runs = h.crate.deps.db.$client
      .query<{ status: string }, [string]>("SELECT status FROM distributions WHERE user_id = ?")
      .all(listener.userId);
    expect(runs.map((r) => r.status)).toEqual(["finished", "finished"]);

    const answer = await h.call(listener.cookie, "GET", "/api/playlist-preferences");
    expect(answer.body.failedPlaylists).toEqual([
      {
        source: "predefined",
        preferenceName: "Everything",
        playlistName: managed("Everything"),
        failure: "full",
      },
    ]);
    expect(playlistFailureTexts.full).toContain("size limit");
  }, 60_000);

  test("later distributions never fail because of it; a newly chosen playlist is created and filled", async () => {
    h.clearThrottles();
    await h.distributeAndWait(listener, ["Everything", "Liked in Year"]);
    const years = h.spotify.control
      .listenerPlaylists(listener.id)
      .filter((p) => p.name !== managed("Everything"));
    expect(years.length).toBeGreaterThan(0);
    expect(years.reduce((n, p) => n + p.total, 0)).toBe(220);
    expect(spotifyPlaylist("Everything")?.total).toBe(9_990);
    const failedRuns = h.crate.deps.db.$client
      .query<{ n: number }, [string]>(
        "SELECT count(*) AS n FROM distributions WHERE user_id = ? AND status != 'finished'",
      )
      .get(listener.userId);
    expect(failedRuns?.n).toBe(0);
  }, 60_000);
});
