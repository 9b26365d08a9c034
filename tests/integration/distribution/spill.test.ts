// A premium listener with more than 10,000 likes (the demo listener): Everything holds 10,000 songs and
// Everything 2 the rest, in like order.
import { beforeAll, expect, test } from "bun:test";
import { runHourlySync } from "../../../src/server/distribution/batch/batch-jobs.ts";
import { type Listener, setUpHarness } from "./support.ts";

const h = setUpHarness({ catalogueSize: { artists: 4_000, tracks: 40_000 } });
let listener: Listener;

beforeAll(async () => {
  listener = await h.premiumListener("crate-premium", null);
  await h.distributeAndWait(listener, ["Everything"]);
}, 180_000);

test("Everything spills into Everything 2 at 10,000 songs", () => {
  const likes = h.likesOldestFirst(listener.id).map((l) => l.trackId);
  expect(likes.length).toBeGreaterThan(10_000);
  const playlists = h.playlistsOf(listener.id);
  expect([...playlists.keys()].sort()).toEqual([
    "Everything - Managed Playlist",
    "Everything 2 - Managed Playlist",
  ]);
  expect(playlists.get("Everything - Managed Playlist")).toEqual(likes.slice(0, 10_000));
  expect(playlists.get("Everything 2 - Managed Playlist")).toEqual(likes.slice(10_000));
});

test("new likes go to the last playlist of the spill sequence", async () => {
  const fresh = h.spotify.control.like(listener.id, { count: 3 });
  await runHourlySync(h.crate.deps);
  const playlists = h.playlistsOf(listener.id);
  expect(playlists.get("Everything - Managed Playlist")).toHaveLength(10_000);
  expect(playlists.get("Everything 2 - Managed Playlist")?.slice(-3)).toEqual(fresh);
});
