// A premium listener with more than 10,000 likes (the demo listener): Everything holds 10,000 songs and
// Everything 2 the rest, in like order.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { runHourlySync } from "../../../src/server/distribution/batch.ts";
import {
  distributeAndWait,
  type Harness,
  type Listener,
  likesOldestFirst,
  playlistsOf,
  premiumListener,
  startHarness,
} from "./support.ts";

let h: Harness;
let listener: Listener;

beforeAll(async () => {
  h = await startHarness({ catalogueSize: { artists: 4_000, tracks: 40_000 } });
  listener = await premiumListener(h, "crate-premium", null);
  await distributeAndWait(h, listener, ["Everything"]);
}, 180_000);
afterAll(async () => {
  await h.dispose();
});

test("Everything spills into Everything 2 at 10,000 songs", () => {
  const likes = likesOldestFirst(h, listener.id).map((l) => l.trackId);
  expect(likes.length).toBeGreaterThan(10_000);
  const playlists = playlistsOf(h, listener.id);
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
  const playlists = playlistsOf(h, listener.id);
  expect(playlists.get("Everything - Managed Playlist")).toHaveLength(10_000);
  expect(playlists.get("Everything 2 - Managed Playlist")?.slice(-3)).toEqual(fresh);
});
