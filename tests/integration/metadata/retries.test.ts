// A source that is down for several listeners at once: every one of them is asked again (per source, with a
// backoff), and each listener's songs join their playlists once the source is back, with no new like or restart.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { MetadataLookups } from "../../../src/server/metadata/background.ts";
import { distributeAndWait, type Listener, playlistsOf, signIn } from "../distribution/support.ts";
import { type MetadataHarness, startMetadataHarness } from "./support.ts";

setDefaultTimeout(200_000);

let h: MetadataHarness;
beforeAll(async () => {
  h = await startMetadataHarness();
  // The app's lookup queue with short waits, so the test sees a few retries in seconds rather than minutes.
  h.crate.deps.metadataLookups = new MetadataLookups(h.crate.deps, {
    retryMs: 300,
    retryMaxMs: 1_200,
    time: h.sourcesClock,
  });
});
afterAll(async () => {
  await h.dispose();
});

const rockSongs = (l: Listener) => playlistsOf(h, l.id).get("Rock - Managed Playlist")?.length ?? 0;

describe("retries for every listener", () => {
  test("two listeners' MusicBrainz lookups fail; both complete once it is back", async () => {
    const lookups = h.crate.deps.metadataLookups as MetadataLookups;
    await h.faults("musicbrainz", { down: true });
    const first = await signIn(h, "retry-first", 120, 21);
    const second = await signIn(h, "retry-second", 120, 22);
    await distributeAndWait(h, first, ["Rock", "Chill"]);
    await distributeAndWait(h, second, ["Rock", "Chill"]);
    // Both wait for MusicBrainz (their retries fail again while it is down, each wait longer).
    const down = Date.now() + 60_000;
    while (!("musicbrainz" in lookups.waitingForRetry()) && Date.now() < down) await Bun.sleep(100);
    await Bun.sleep(2_000);
    expect(rockSongs(first)).toBe(0);
    expect(rockSongs(second)).toBe(0);
    expect(Object.keys(lookups.waitingForRetry())).toContain("musicbrainz");

    await h.faults("musicbrainz", {});
    const until = Date.now() + 60_000;
    while ((rockSongs(first) === 0 || rockSongs(second) === 0) && Date.now() < until) await Bun.sleep(200);
    await h.settled();
    expect(rockSongs(first)).toBeGreaterThan(0);
    expect(rockSongs(second)).toBeGreaterThan(0);
    expect(lookups.waitingForRetry()).toEqual({});
  });
});
