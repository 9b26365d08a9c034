// Unlikes far back in the library: the first page's `total` tells that the stored likes no longer add up, a full
// resync follows in the same hourly turn, and Latest N drops the song (other playlists keep it). An idle run still
// costs one call; every user also gets a full resync once a week, in their own hour of the week.
import { beforeAll, describe, expect, test } from "bun:test";
import { runHourlySync } from "../../../src/server/distribution/batch/batch-jobs.ts";
import { type Listener, managed, setUpHarness } from "./support.ts";

const h = setUpHarness();
let listener: Listener;
const selection = ["Everything", "Latest 200 Liked Songs"];
const LIKES = 300;

beforeAll(async () => {
  listener = await h.premiumListener("unlikes-listener", LIKES);
  await h.distributeAndWait(listener, selection);
}, 120_000);

const newestFirst = () => h.spotify.control.likes(listener.id).map((l) => l.trackId);

describe("unlikes beyond the first page", () => {
  test("an idle hourly run costs one call", async () => {
    h.spotify.control.resetCalls();
    await runHourlySync(h.crate.deps);
    expect(h.spotify.control.calls()).toEqual({ total: 1, counts: { "GET /v1/me/tracks": 1 } });
  });

  test("a song unliked at position 120 leaves Latest 200 at the next hourly run; Everything keeps it", async () => {
    const unliked = newestFirst()[119] ?? "";
    expect(h.playlistsOf(listener.id).get(managed("Latest 200 Liked Songs"))).toContain(unliked);
    h.spotify.control.unlike(listener.id, unliked);
    h.spotify.control.resetCalls();
    const outcome = await runHourlySync(h.crate.deps);
    expect(outcome).toMatchObject({ usersProcessed: 1, distributions: 1, failures: 0 });
    const after = h.playlistsOf(listener.id);
    expect(after.get(managed("Latest 200 Liked Songs"))).not.toContain(unliked);
    expect(after.get(managed("Latest 200 Liked Songs"))).toEqual(newestFirst().slice(0, 200));
    expect(after.get(managed("Everything"))).toContain(unliked);
    // the first page, then the whole library (299 likes: 6 pages)
    expect(h.spotify.control.calls().counts["GET /v1/me/tracks"]).toBe(1 + Math.ceil((LIKES - 1) / 50));
  });

  test("after the resync an idle run costs one call again", async () => {
    h.spotify.control.resetCalls();
    await runHourlySync(h.crate.deps);
    expect(h.spotify.control.calls()).toEqual({ total: 1, counts: { "GET /v1/me/tracks": 1 } });
  });

  test("a library last read in full more than a week and a day ago is read in full again", async () => {
    const nine = Date.now() - 9 * 24 * 3_600_000;
    h.crate.deps.db.$client
      .query("UPDATE library_syncs SET last_full_sync_at = ? WHERE user_id = ?")
      .run(nine, listener.userId);
    h.spotify.control.resetCalls();
    await runHourlySync(h.crate.deps);
    expect(h.spotify.control.calls().counts["GET /v1/me/tracks"]).toBe(Math.ceil((LIKES - 1) / 50));
    h.spotify.control.resetCalls();
    await runHourlySync(h.crate.deps);
    expect(h.spotify.control.calls()).toEqual({ total: 1, counts: { "GET /v1/me/tracks": 1 } });
  });
});
