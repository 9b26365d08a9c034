// Provider faults: with 10% of calls answering 429 and 5% answering 5xx the playlists end up identical to a
// clean run's; audio features refused with 403 are remembered and shown, without failing anything else.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { runHourlySync } from "../../../src/server/distribution/batch.ts";
import {
  call,
  distributeAndWait,
  type Harness,
  type Listener,
  playlistsOf,
  signIn,
  startHarness,
} from "./support.ts";

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
    [clean, faulty] = await Promise.all([startHarness(), startHarness()]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([clean.dispose(), faulty.dispose()]);
  });

  async function run(h: Harness, laterLikes: string[] | null): Promise<{ calls: number; later: string[] }> {
    const listener = await signIn(h, "faults-listener", 700);
    h.crate.deps.db.$client
      .query("UPDATE users SET membership_level = 'PremiumYearly' WHERE id = ?")
      .run(listener.userId);
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
