// Provider faults: with 10% of calls answering 429 and 5% answering 5xx the playlists end up identical to a
// clean run's; a run that fails for good is finished by the next hourly job; audio features refused with 403
// are remembered and shown, without failing anything else.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { runHourlySync } from "../../../src/server/distribution/batch/batch-jobs.ts";
import { fastClock } from "../../support/fast-clock.ts";
import {
  call,
  distributeAndWait,
  type Harness,
  type Listener,
  playlistsOf,
  premiumListener,
  signIn,
  startHarness,
  waitForProgress,
} from "./support.ts";

/**
 * Spotify's side under faults (its Retry-Afters and latency, and the client's backoffs and pauses) runs this many
 * times faster than real time: the same waits on that clock, in a tenth of the real time.
 */
const SPOTIFY_SPEED = 10;

const selection = [
  "Everything",
  "Latest 50 Liked Songs",
  "Partitions of 100 Songs",
  "Liked in Month",
  "Rock",
  "Pop",
  "Electronic",
  "2010s",
  "2020s",
  "Chill",
];

describe("429 and 5xx answers", () => {
  // Two emulators with the same seed give the listener the same library; one of them misbehaves.
  let clean: Harness;
  let faulty: Harness;

  beforeAll(async () => {
    [clean, faulty] = await Promise.all([
      startHarness(),
      startHarness({ spotifyTime: fastClock(SPOTIFY_SPEED) }),
    ]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([clean.dispose(), faulty.dispose()]);
  });

  async function run(h: Harness, laterLikes: string[] | null): Promise<{ calls: number; later: string[] }> {
    const listener = await premiumListener(h, "faults-listener", 700);
    h.spotify.control.resetCalls();
    await distributeAndWait(h, listener, selection);
    const addedAt = "2026-01-12T08:00:00Z";
    const later = laterLikes
      ? h.spotify.control.like(listener.id, { trackIds: laterLikes, addedAt })
      : h.spotify.control.like(listener.id, { count: 30, addedAt });
    await runHourlySync(h.crate.deps);
    return { calls: h.spotify.control.calls().total, later };
  }

  test("the same library gives the same playlists with and without faults", async () => {
    const reference = await run(clean, null);
    faulty.spotify.control.setFaults({ rate429: 0.1, rate5xx: 0.05, retryAfterSec: 0, seed: 7 });
    const underFaults = await run(faulty, reference.later);
    faulty.spotify.control.setFaults({});

    const want = playlistsOf(clean, "faults-listener");
    const got = playlistsOf(faulty, "faults-listener");
    expect(want.size).toBeGreaterThan(10);
    expect([...got.keys()].sort()).toEqual([...want.keys()].sort());
    for (const [name, items] of want) expect({ name, items: got.get(name) }).toEqual({ name, items });
    // the refused calls were sent again
    expect(underFaults.calls).toBeGreaterThan(reference.calls);
  }, 120_000);
});

describe("a provider failure", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ spotifyTime: fastClock(SPOTIFY_SPEED) });
  }, 60_000);
  afterAll(async () => {
    await h.dispose();
  });

  test("marks the run failed (-1); the next hourly job finishes it with nothing lost or doubled", async () => {
    const listener = await premiumListener(h, "failing-listener", 900);
    // 20 ms of real latency, so the run is still going when the outage starts
    h.spotify.control.setFaults({ latencyMs: 20 * SPOTIFY_SPEED });
    const started = await call(h, listener.cookie, "POST", "/api/distributor/distribute-historically", {
      playlistPreferences: ["Everything", "Partitions of 50 Songs", "Liked in Year"],
    });
    const id = String(started.body.distributionProgressId);
    for (let i = 0; i < 2_000; i++) {
      const p = await call(h, listener.cookie, "GET", `/api/distributor/${id}/progress`);
      const entries = p.body.progress as { completedWork: number }[];
      if ((entries[0]?.completedWork ?? 0) > 0) break;
      await Bun.sleep(10);
    }
    // Spotify now fails every call; the client's retries run out.
    h.spotify.control.setFaults({ rate5xx: 1, seed: 3 });
    const failed = await waitForProgress(h, listener, id);
    expect((failed.body.progress as { completedWork: number }[]).map((e) => e.completedWork)).toEqual([-1]);

    h.spotify.control.setFaults({});
    const outcome = await runHourlySync(h.crate.deps);
    expect(outcome).toMatchObject({ failures: 0, distributions: 1 });
    const done = await call(h, listener.cookie, "GET", `/api/distributor/${id}/progress`);
    expect(done.body).toMatchObject({ finished: true, progress: [{ totalWork: 900, completedWork: 900 }] });
    const likes = [...h.spotify.control.likes(listener.id)].reverse().map((l) => l.trackId);
    const playlists = playlistsOf(h, listener.id);
    expect(playlists.get("Everything - Managed Playlist")).toEqual(likes);
    for (let part = 1; part <= 18; part++) {
      expect(playlists.get(`Partitions of 50 Songs ${part} - Managed Playlist`)).toEqual(
        likes.slice((part - 1) * 50, part * 50),
      );
    }
  }, 120_000);

  test("a run that failed before planning is planned and finished by the next hourly job", async () => {
    const listener = await signIn(h, "early-failure", 120);
    h.spotify.control.setFaults({ rate5xx: 1, seed: 5 });
    const started = await call(h, listener.cookie, "POST", "/api/distributor/distribute-historically", {
      playlistPreferences: ["2010s", "2020s"],
    });
    const id = String(started.body.distributionProgressId);
    const failed = await waitForProgress(h, listener, id);
    expect((failed.body.progress as { completedWork: number }[])[0]?.completedWork).toBe(-1);
    h.spotify.control.setFaults({});
    await runHourlySync(h.crate.deps);
    const done = await call(h, listener.cookie, "GET", `/api/distributor/${id}/progress`);
    expect(done.body).toMatchObject({ finished: true, progress: [{ totalWork: 120, completedWork: 120 }] });
    expect(playlistsOf(h, listener.id).size).toBeGreaterThan(0);
  }, 60_000);
});

describe("audio features refused (403)", () => {
  let h: Harness;
  let listener: Listener;

  beforeAll(async () => {
    h = await startHarness();
    h.spotify.control.setFaults({ audioFeatures403: true });
    listener = await signIn(h, "no-features", 150);
  }, 60_000);
  afterAll(async () => {
    await h.dispose();
  });

  test("mood and tempo playlists stay empty, the others fill, and the fact is exposed", async () => {
    await distributeAndWait(h, listener, ["Chill", "Party", "Midtempo (71-110 BPM)", "2020s", "2010s"]);
    const names = [...playlistsOf(h, listener.id).keys()];
    expect(names.some((n) => n.startsWith("20"))).toBe(true);
    expect(names.filter((n) => /Chill|Party|BPM/.test(n))).toEqual([]);
    const prefs = await call(h, listener.cookie, "GET", "/api/playlist-preferences");
    expect(prefs.body.featuresUnavailable).toBe(true);
    const statuses = h.crate.deps.db.$client
      .query<{ s: string; n: number }, []>(
        "SELECT features_status AS s, count(*) AS n FROM tracks GROUP BY 1",
      )
      .all();
    expect(statuses).toEqual([{ s: "unavailable", n: 150 }]);
  });

  test("later syncs do not ask again while the refusal is fresh", async () => {
    h.spotify.control.like(listener.id, { count: 5 });
    h.spotify.control.resetCalls();
    await runHourlySync(h.crate.deps);
    expect(h.spotify.control.calls().counts["GET /v1/audio-features"]).toBeUndefined();
  });
});
