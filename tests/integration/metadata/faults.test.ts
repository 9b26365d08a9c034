// Sources that refuse, slow down or are down: answers are waited out without exceeding a limit, and a source that
// is down leaves the distribution finished, its songs placed by a later pass once it is back.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { distributeAndWait, type Listener, playlistsOf, signIn } from "../distribution/support.ts";
import { type MetadataHarness, startMetadataHarness } from "./support.ts";

setDefaultTimeout(200_000);

let h: MetadataHarness;
beforeAll(async () => {
  h = await startMetadataHarness();
});
afterAll(async () => {
  await h.dispose();
});

const songsIn = (l: Listener, name: string) =>
  playlistsOf(h, l.id).get(`${name} - Managed Playlist`)?.length ?? 0;

describe("metadata sources under faults", () => {
  test("a source that is down: the distribution finishes, its songs join their playlists once it is back", async () => {
    const listener = await signIn(h, "down-listener", 150, 3);
    await h.faults("musicbrainz", { down: true });
    await distributeAndWait(h, listener, ["Rock", "Chill"]);
    await h.settled();
    expect(songsIn(listener, "Chill")).toBeGreaterThan(0);
    expect(songsIn(listener, "Rock")).toBe(0);
    await h.faults("musicbrainz", {});
    h.crate.deps.metadataLookups.schedule(listener.userId);
    await h.settled();
    expect(songsIn(listener, "Rock")).toBeGreaterThan(0);
    // The later pass is background work: its calls count (and wait for SPOTIFY_DAILY_CALLS) as follow-ups.
    expect(h.crate.deps.spotifyCalls.last24h().byKind.followUp).toBeGreaterThan(0);
  });

  test("429 from ReccoBeats, 503 from MusicBrainz and Deezer's quota answers are waited out, with no violation", async () => {
    await h.resetCalls();
    await h.faults("reccobeats", { rateLimited: 0.2, retryAfterSec: 1, seed: 5 });
    await h.faults("musicbrainz", { rateLimited: 0.15, seed: 6 });
    await h.faults("deezer", { rateLimited: 0.1, seed: 7 });
    const listener = await signIn(h, "busy-listener", 120, 9);
    await distributeAndWait(h, listener, ["Rock", "Chill", "Fast (111-160 BPM)"]);
    await h.settled();
    expect(songsIn(listener, "Chill")).toBeGreaterThan(0);
    expect(songsIn(listener, "Rock")).toBeGreaterThan(0);
    for (const source of ["reccobeats", "musicbrainz", "deezer"] as const) {
      const calls = await h.calls(source);
      expect(calls.total).toBeGreaterThan(0);
      expect(calls.violations).toBe(0);
    }
    // Nothing stayed unasked: a new pass finds nothing to look up.
    await h.resetCalls();
    h.crate.deps.metadataLookups.schedule(listener.userId);
    await h.settled();
    for (const source of ["reccobeats", "musicbrainz", "deezer"] as const)
      expect((await h.calls(source)).total).toBe(0);
  });

  test("a slow source does not hold back what the others found: genres are placed before Deezer has finished", async () => {
    await h.resetCalls();
    await h.faults("deezer", { latencyMs: 150 });
    const listener = await signIn(h, "slow-deezer-listener", 150, 11);
    await distributeAndWait(h, listener, ["Rock"]);
    let deezerCallsWhenRockFilled = -1;
    for (let waited = 0; waited < 120_000 && deezerCallsWhenRockFilled < 0; waited += 100) {
      if (songsIn(listener, "Rock") > 0) deezerCallsWhenRockFilled = (await h.calls("deezer")).total;
      else await Bun.sleep(100);
    }
    await h.settled();
    await h.faults("deezer", {});
    const deezerCalls = (await h.calls("deezer")).total;
    expect(deezerCallsWhenRockFilled).toBeGreaterThanOrEqual(0);
    expect(deezerCalls).toBeGreaterThan(deezerCallsWhenRockFilled);
  });
});
