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

test("Everything 2 deleted in Spotify is recreated under its number, with its songs in order", async () => {
  const name = "Everything 2 - Managed Playlist";
  const old = h.spotify.control.listenerPlaylists(listener.id).find((p) => p.name === name)?.id ?? "";
  const songs = h.playlistsOf(listener.id).get(name) ?? [];
  h.spotify.control.deletePlaylist(listener.id, old);
  // The next update that writes (a new like for Everything 2) finds it gone and leaves it alone.
  const meanwhile = h.spotify.control.like(listener.id, { count: 1 });
  await runHourlySync(h.crate.deps);
  expect(h.playlistsOf(listener.id).has(name)).toBe(false);
  const answer = await h.call(listener.cookie, "POST", "/api/playlists/Everything%202/recreate");
  expect(answer.status).toBe(202);
  await h.waitForProgress(listener, String(answer.body.distributionProgressId));
  await h.workSettled(listener);
  const playlists = h.playlistsOf(listener.id);
  expect([...playlists.keys()].sort()).toEqual(["Everything - Managed Playlist", name]);
  expect(h.spotify.control.listenerPlaylists(listener.id).find((p) => p.name === name)?.id).not.toBe(old);
  expect(playlists.get(name)).toEqual([...songs, ...meanwhile]);
  expect(playlists.get("Everything - Managed Playlist")).toHaveLength(10_000);
}, 120_000);
