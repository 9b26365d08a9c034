// A write the provider applied but answered with 500 (its outcome unknown to Crate) must not add songs twice:
// Crate checks the playlist and resends only what is missing.
import { describe, expect, test } from "bun:test";
import { setUpHarness } from "./support.ts";

const h = setUpHarness();

describe("writes answered with 500 after they were applied", () => {
  test("every playlist holds each song once, exactly the songs Crate recorded as added", async () => {
    const listener = await h.premiumListener("unknown-outcome-listener", 400);
    h.spotify.control.setFaults({ rate5xxAfterWrite: 0.2, rate429: 0.05, retryAfterSec: 0, seed: 11 });
    await h.distributeAndWait(listener, ["Everything", "Partitions of 50 Songs", "Rock", "Pop", "2020s"]);
    h.spotify.control.setFaults({});

    const names = h.spotify.control.listenerPlaylists("unknown-outcome-listener").map((p) => p.name);
    // a creation answered with 500 after it happened must not make a second playlist
    expect(names.length - new Set(names).size).toBe(0);
    const playlists = h.playlistsOf("unknown-outcome-listener");
    expect(playlists.size).toBeGreaterThan(5);
    const everything = [...playlists.entries()].find(([name]) => name.startsWith("Everything"))?.[1] ?? [];
    expect(everything).toHaveLength(400);

    const recorded = h.crate.deps.db.$client
      .query<{ spotifyId: string; trackId: string }, [string]>(
        `SELECT p.spotify_playlist_id AS spotifyId, s.track_id AS trackId
         FROM playlist_songs s JOIN managed_playlists p ON p.id = s.playlist_id
         WHERE p.user_id = ? AND s.removed_at IS NULL`,
      )
      .all(listener.userId);
    for (const summary of h.spotify.control.listenerPlaylists("unknown-outcome-listener")) {
      const items = h.spotify.control.playlist(summary.id)?.trackIds ?? [];
      const name = summary.name;
      expect({ name, duplicates: items.length - new Set(items).size }).toEqual({ name, duplicates: 0 });
      const added = recorded.filter((r) => r.spotifyId === summary.id).map((r) => r.trackId);
      expect({ name, items: [...items].sort() }).toEqual({ name, items: added.sort() });
    }
  }, 120_000);
});
