// Undoing an exclusion brings the songs back at their like-order place in the Spotify playlist, not at its end,
// even after newer likes were added behind them; the insertions go through the journal in runs.

import { beforeAll, describe, expect, test } from "bun:test";
import { runHourlySync } from "../../../src/server/distribution/batch/batch-jobs.ts";
import { classifyTrack } from "../../../src/server/library/classify.ts";
import { type Listener, managed, setUpHarness } from "../distribution/support.ts";
import { categoriesOf, factsOf as trackFacts } from "./support.ts";

const h = setUpHarness();
let listener: Listener;
let decade: string;

const factsOf = (trackId: string) => trackFacts(h, trackId);
const inDecade = (trackId: string) => categoriesOf(h, trackId).includes(decade);
/** The decade's liked songs in like order (oldest first), as the playlist should read. */
const likeOrder = () =>
  h
    .likesOldestFirst(listener.id)
    .map((l) => l.trackId)
    .filter(inDecade);

const settled = () => h.workSettled(listener);

beforeAll(async () => {
  listener = await h.signIn("undo-order", 400, 11);
  const counts = new Map<string, number>();
  for (const l of h.likesOldestFirst(listener.id)) {
    const f = factsOf(l.trackId);
    for (const name of classifyTrack({ artistGenres: [], releaseDate: f.releaseDate, features: null }))
      if (/^\d{4}s$/.test(name)) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  decade = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "";
  expect(decade).not.toBe("");
  await h.distributeAndWait(listener, [decade]);
}, 120_000);

describe("undoing an exclusion", () => {
  test("puts the songs back at their like-order place at the next update", async () => {
    const before = h.playlistsOf(listener.id).get(managed(decade)) ?? [];
    expect(before).toEqual(likeOrder());
    // An artist with songs in the first half of the playlist (so appending would be visibly wrong).
    const counts = new Map<string, number>();
    for (const id of before.slice(0, Math.floor(before.length / 2)))
      for (const a of factsOf(id).artistIds) counts.set(a, (counts.get(a) ?? 0) + 1);
    const artist = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "";
    const theirs = before.filter((id) => factsOf(id).artistIds.includes(artist));
    expect(theirs.length).toBeGreaterThan(1);
    const path = `/api/playlists/${encodeURIComponent(decade)}/exclusions`;
    expect((await h.call(listener.cookie, "POST", path, { artistId: artist })).status).toBe(201);
    await settled();
    const without = h.playlistsOf(listener.id).get(managed(decade)) ?? [];
    for (const id of theirs) expect(without).not.toContain(id);

    // Newer likes arrive and are added behind, while the artist is still kept out.
    h.spotify.control.like(listener.id, { count: 60 });
    await runHourlySync(h.crate.deps);
    await settled();
    const grown = h.playlistsOf(listener.id).get(managed(decade)) ?? [];
    expect(grown.length).toBeGreaterThan(without.length);

    const undo = await fetch(`${h.crate.url}${path}/artist/${artist}`, {
      method: "DELETE",
      headers: { cookie: listener.cookie, origin: h.crate.url },
    });
    expect(undo.status).toBe(204);
    await settled();
    const after = h.playlistsOf(listener.id).get(managed(decade)) ?? [];
    for (const id of theirs) expect(after).toContain(id);
    expect(after).toEqual(likeOrder());

    // The page lists them in the same order as Spotify.
    const page = await h.call(listener.cookie, "GET", `${path.replace("/exclusions", "/songs")}?limit=500`);
    expect((page.body.songs as { trackId: string }[]).map((s) => s.trackId)).toEqual(after.slice(0, 500));

    // A later update changes nothing: no song is added twice.
    await runHourlySync(h.crate.deps);
    await settled();
    expect(h.playlistsOf(listener.id).get(managed(decade))).toEqual(after);
  }, 120_000);

  test("when the listener took songs out and added others by hand in Spotify, a returning song lands exactly at its place", async () => {
    const summary = h.spotify.control.listenerPlaylists(listener.id).find((p) => p.name === managed(decade));
    const playlistId = summary?.id ?? "";
    const before = h.playlistsOf(listener.id).get(managed(decade)) ?? [];
    const song = before.at(-2) ?? "";
    const path = `/api/playlists/${encodeURIComponent(decade)}/exclusions`;
    expect((await h.call(listener.cookie, "POST", path, { trackId: song })).status).toBe(201);
    await settled();
    // Crate has not looked since: the listener removes the five songs before it and adds two of their own
    // likes by hand, one near the top and one just before the song's place.
    const taken = before.slice(-7, -2);
    for (const id of taken) h.spotify.control.removePlaylistItem(playlistId, id);
    const others = h
      .likesOldestFirst(listener.id)
      .map((l) => l.trackId)
      .filter((id) => !before.includes(id))
      .slice(0, 2);
    const [first = "", second = ""] = others;
    h.spotify.control.addPlaylistItems(playlistId, [first], 1);
    const held = h.playlistsOf(listener.id).get(managed(decade)) ?? [];
    h.spotify.control.addPlaylistItems(playlistId, [second], held.length - 1);
    const edited = h.playlistsOf(listener.id).get(managed(decade)) ?? [];
    const undo = await fetch(`${h.crate.url}${path}/track/${song}`, {
      method: "DELETE",
      headers: { cookie: listener.cookie, origin: h.crate.url },
    });
    expect(undo.status).toBe(204);
    await settled();
    const after = h.playlistsOf(listener.id).get(managed(decade)) ?? [];
    // Its like-order place: right after the nearest song before it still there (the listener's song by hand
    // just before the last one keeps its place after it).
    const predecessor =
      before
        .slice(0, -2)
        .filter((id) => !taken.includes(id))
        .at(-1) ?? "";
    const expected = [...edited];
    expected.splice(edited.indexOf(predecessor) + 1, 0, song);
    expect(after).toEqual(expected);
    expect(after.filter((id) => id === song)).toHaveLength(1);
    for (const id of taken) expect(after).not.toContain(id);
    // The songs the listener removed are listed as removed.
    const page = await h.call(listener.cookie, "GET", `${path.replace("/exclusions", "/songs")}?limit=5`);
    const removed = (page.body.notIncluded as { trackId: string; kind: string }[])
      .filter((s) => s.kind === "removed")
      .map((s) => s.trackId);
    expect(removed.sort()).toEqual([...taken].sort());
  }, 120_000);
});
