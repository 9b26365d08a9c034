// Lookups are remembered across a restart: songs still waiting for a source when the server stops are looked up
// when it starts again on the same database, and join their playlists without waiting for the next sync.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { moodsOf } from "../../../src/server/library/classify.ts";
import { type RunningServer, startServer } from "../../../src/server/server.ts";
import type { MetadataCoverage } from "../../../src/shared/metadata.ts";
import { distributeAndWait, type Listener, playlistsOf, signIn } from "../distribution/support.ts";
import { type MetadataHarness, startMetadataHarness, world } from "./support.ts";

setDefaultTimeout(120_000);

let h: MetadataHarness;
let listener: Listener;
let restarted: RunningServer | undefined;
beforeAll(async () => {
  h = await startMetadataHarness();
  listener = await signIn(h, "restart-listener", 120, 11);
});
afterAll(async () => {
  await restarted?.stop();
  await h.dispose();
});

const chill = () => [...(playlistsOf(h, listener.id).get("Chill - Managed Playlist") ?? [])].sort();

async function coverage(url: string): Promise<MetadataCoverage> {
  const res = await fetch(`${url}/api/trpc/metadata.coverage`, { headers: { cookie: listener.cookie } });
  return ((await res.json()) as { result: { data: MetadataCoverage } }).result.data;
}

describe("lookups pending when the server stops", () => {
  test("are looked up at the next start, and their songs join their playlists without a sync", async () => {
    await h.faults("reccobeats", { down: true });
    await distributeAndWait(h, listener, ["Chill", "Rock"]);
    await h.settled();
    expect(chill()).toEqual([]);
    expect((await coverage(h.crate.url)).lookup).not.toBeNull();

    await h.crate.stop();
    await h.faults("reccobeats", {});
    await h.resetCalls();
    restarted = await startServer(h.crate.deps.config, { metadataTime: h.sourcesClock });
    await restarted.deps.metadataLookups.idle();

    const liked = h.spotify.control.likes(listener.id).map((like) => like.trackId);
    const expected = liked.filter((id) => {
      const known = world().reccoBeats(id);
      return known?.track.features && moodsOf(known.track.features).includes("Chill");
    });
    expect(expected.length).toBeGreaterThan(0);
    expect(chill()).toEqual(expected.sort());
    expect((await h.calls("reccobeats")).total).toBe(Math.ceil(liked.length / 40));
    // the library was not read again: what was stored said what was left to look up
    expect(h.spotify.control.calls().counts["GET /me/tracks"] ?? 0).toBe(0);
    expect((await coverage(restarted.url)).lookup).toBeNull();
  });
});
