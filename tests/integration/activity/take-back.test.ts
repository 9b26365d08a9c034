// Taking a change back: a song the listener removed in Spotify put back at its place with one call, and a
// playlist deleted in Spotify made again with the songs it held, in order, under its own name and number.
import { beforeAll, describe, expect, test } from "bun:test";
import { runHourlySync } from "../../../src/server/distribution/batch/batch-jobs.ts";
import { type Listener, managed, setUpHarness } from "../distribution/support.ts";

const h = setUpHarness();
let listener: Listener;

const encoded = (name: string) => encodeURIComponent(name);
const onSpotify = (name: string) => h.playlistsOf(listener.id).get(managed(name)) ?? [];

function spotifyIdOf(name: string): string {
  const found = h.spotify.control.listenerPlaylists(listener.id).find((p) => p.name === managed(name));
  if (!found) throw new Error(`no playlist ${name}`);
  return found.id;
}

async function kinds(name: string): Promise<{ kind: string; count: number; songs: string[] }[]> {
  const answer = await h.call(listener.cookie, "GET", `/api/playlists/${encoded(name)}/activity`);
  expect(answer.status).toBe(200);
  return (answer.body.entries as { kind: string; count: number; songs: { trackId: string }[] }[]).map(
    (e) => ({
      kind: e.kind,
      count: e.count,
      songs: e.songs.map((s) => s.trackId),
    }),
  );
}

async function removedOnPage(name: string): Promise<string[]> {
  const page = await h.call(listener.cookie, "GET", `/api/playlists/${encoded(name)}/songs`);
  expect(page.status).toBe(200);
  return (page.body.notIncluded as { trackId: string; kind: string }[])
    .filter((s) => s.kind === "removed")
    .map((s) => s.trackId);
}

async function hourly(): Promise<void> {
  await runHourlySync(h.crate.deps);
  await h.workSettled(listener);
}

beforeAll(async () => {
  listener = await h.premiumListener("take-back-listener", 130);
  await h.distributeAndWait(listener, ["Everything", "Partitions of 50 Songs"]);
}, 120_000);

describe("put back", () => {
  test("one call puts a song removed in Spotify back at its place, among the listener's own songs", async () => {
    const playlist = spotifyIdOf("Everything");
    const likeOrder = onSpotify("Everything");
    const song = likeOrder[30] ?? "";
    const neighbour = likeOrder[29] ?? "";
    // The listener removes it and its neighbour before it, and adds a song of their own at the top.
    h.spotify.control.removePlaylistItem(playlist, song);
    h.spotify.control.removePlaylistItem(playlist, neighbour);
    const [own = ""] = h.spotify.control.likes("crate-free").map((l) => l.trackId);
    h.spotify.control.addPlaylistItems(playlist, [own], 0);
    expect(await removedOnPage("Everything")).toEqual(expect.arrayContaining([song, neighbour]));

    const answer = await h.call(listener.cookie, "POST", "/api/playlists/Everything/put-back", {
      trackId: song,
    });
    expect(answer.status).toBe(202);
    expect(typeof answer.body.distributionProgressId).toBe("string");
    await h.workSettled(listener);
    // Back right after the nearest of Crate's songs before it that is still there; the listener's song stays first.
    const expected = [own, ...likeOrder.filter((id) => id !== neighbour)];
    expect(onSpotify("Everything")).toEqual(expected);
    expect(await removedOnPage("Everything")).toEqual([neighbour]);
    expect((await kinds("Everything"))[0]).toEqual({ kind: "putBack", count: 1, songs: [song] });

    // It counts as chosen again: the next update neither takes it out nor adds it twice.
    h.spotify.control.like(listener.id, { count: 1 });
    await hourly();
    expect(onSpotify("Everything").filter((id) => id === song)).toHaveLength(1);
    // Asked again, it is no longer listed as removed.
    const again = await h.call(listener.cookie, "POST", "/api/playlists/Everything/put-back", {
      trackId: song,
    });
    expect(again.status).toBe(404);
  }, 120_000);

  test("bad input is a 400 naming the field; an unknown song or playlist, or another listener's, a 404", async () => {
    const path = "/api/playlists/Everything/put-back";
    const missing = await h.call(listener.cookie, "POST", path, {});
    expect(missing.status).toBe(400);
    expect(String(missing.body.error)).toMatch(/^trackId/);
    const malformed = await h.call(listener.cookie, "POST", path, { trackId: "not an id!" });
    expect(malformed.status).toBe(400);
    expect(String(malformed.body.error)).toMatch(/^trackId/);
    const extra = await h.call(listener.cookie, "POST", path, { trackId: "a", other: 1 });
    expect(extra.status).toBe(400);
    // A song in the playlist, not removed: not listed so.
    const held = onSpotify("Everything")[5] ?? "";
    expect((await h.call(listener.cookie, "POST", path, { trackId: held })).status).toBe(404);
    expect(
      (await h.call(listener.cookie, "POST", "/api/playlists/Nothing%20Here/put-back", { trackId: held }))
        .status,
    ).toBe(404);
    const other = await h.premiumListener("take-back-other", 10);
    const [removed] = await removedOnPage("Everything");
    expect((await h.call(other.cookie, "POST", path, { trackId: removed })).status).toBe(404);
    expect((await h.call(null, "POST", path, { trackId: removed })).status).toBe(401);
  }, 60_000);
});

describe("recreate", () => {
  test("a numbered playlist deleted in Spotify comes back with its songs in order, name and number kept", async () => {
    const name = "Partitions of 50 Songs 2";
    const old = spotifyIdOf(name);
    const songs = onSpotify(name);
    expect(songs).toHaveLength(50);
    // Deleted in the app; the next update that writes (a new like in part 3) notices it.
    h.spotify.control.deletePlaylist(listener.id, old);
    h.spotify.control.like(listener.id, { count: 1 });
    await hourly();
    const overview = await h.call(listener.cookie, "GET", "/api/playlist-preferences/playlists");
    const partitions = (overview.body.playlists as { name: string; parts: Record<string, unknown>[] }[]).find(
      (p) => p.name === "Partitions of 50 Songs",
    );
    expect(partitions?.parts.find((p) => p.name === managed(name))).toMatchObject({ deletedInSpotify: true });
    expect((await kinds(name))[0]).toMatchObject({ kind: "vanished" });

    const answer = await h.call(listener.cookie, "POST", `/api/playlists/${encoded(name)}/recreate`);
    expect(answer.status).toBe(202);
    const done = await h.waitForProgress(listener, String(answer.body.distributionProgressId));
    expect(done.body.finished).toBe(true);
    await h.workSettled(listener);
    const again = spotifyIdOf(name);
    expect(again).not.toBe(old);
    expect(onSpotify(name)).toEqual(songs);
    // The other parts keep their names; the page gives the new playlist.
    expect([...h.playlistsOf(listener.id).keys()].sort()).toEqual(
      [managed("Everything"), ...[1, 2, 3].map((n) => managed(`Partitions of 50 Songs ${n}`))].sort(),
    );
    const page = await h.call(listener.cookie, "GET", `/api/playlists/${encoded(name)}/songs`);
    expect(page.body.spotifyPlaylistId).toBe(again);
    const [recreated, vanished] = await kinds(name);
    expect(recreated).toEqual({ kind: "recreated", count: 50, songs });
    expect(vanished).toMatchObject({ kind: "vanished" });
    // Recreated once: asked again it is not deleted any more.
    const twice = await h.call(listener.cookie, "POST", `/api/playlists/${encoded(name)}/recreate`);
    expect(twice.status).toBe(409);
    expect(twice.body.errorCode).toBe(76);
  }, 120_000);

  test("a recreated playlist is kept up to date again", async () => {
    const old = spotifyIdOf("Everything");
    const songs = onSpotify("Everything");
    h.spotify.control.deletePlaylist(listener.id, old, { hard: true });
    const meanwhile = h.spotify.control.like(listener.id, { count: 1 });
    await hourly();
    expect((await kinds("Everything"))[0]).toMatchObject({ kind: "vanished" });
    const answer = await h.call(listener.cookie, "POST", "/api/playlists/Everything/recreate");
    expect(answer.status).toBe(202);
    await h.waitForProgress(listener, String(answer.body.distributionProgressId));
    await h.workSettled(listener);
    // The songs Crate held in order (not the listener's own song, nor the one they removed), then at once the
    // like made while it was gone.
    const liked = new Set(h.spotify.control.likes(listener.id).map((l) => l.trackId));
    const held = songs.filter((id) => liked.has(id));
    expect(held.length).toBe(songs.length - 1);
    expect(onSpotify("Everything")).toEqual([...held, ...meanwhile]);
    const fresh = h.spotify.control.like(listener.id, { count: 2 });
    await hourly();
    expect(onSpotify("Everything").slice(-2)).toEqual(fresh);
  }, 120_000);

  test("a playlist deleted in Spotify that no update has noticed yet (an idle hour) is recreated at once", async () => {
    const name = "Partitions of 50 Songs 1";
    const old = spotifyIdOf(name);
    const songs = onSpotify(name);
    h.spotify.control.deletePlaylist(listener.id, old);
    await hourly(); // nothing new: the hour's one call does not look at the playlists
    const answer = await h.call(listener.cookie, "POST", `/api/playlists/${encoded(name)}/recreate`);
    expect(answer.status).toBe(202);
    await h.waitForProgress(listener, String(answer.body.distributionProgressId));
    await h.workSettled(listener);
    expect(spotifyIdOf(name)).not.toBe(old);
    expect(onSpotify(name)).toEqual(songs);
    expect((await kinds(name)).slice(0, 2).map((e) => e.kind)).toEqual(["recreated", "vanished"]);
  }, 120_000);

  test("a playlist deleted in Spotify that gets no new song shows as deleted when the Playlists page loads", async () => {
    h.clearThrottles();
    const name = "Partitions of 50 Songs 2";
    h.spotify.control.deletePlaylist(listener.id, spotifyIdOf(name));
    await hourly(); // nothing new: no update writes to it
    const overview = await h.call(listener.cookie, "GET", "/api/playlist-preferences/playlists");
    expect(overview.status).toBe(200);
    const partitions = (overview.body.playlists as { name: string; parts: Record<string, unknown>[] }[]).find(
      (p) => p.name === "Partitions of 50 Songs",
    );
    expect(partitions?.parts.find((p) => p.name === managed(name))).toMatchObject({ deletedInSpotify: true });
    expect(partitions?.parts.find((p) => p.name === managed("Partitions of 50 Songs 3"))).toMatchObject({
      deletedInSpotify: false,
    });
    // loaded again at once: the library is not asked again
    h.spotify.control.resetCalls();
    expect((await h.call(listener.cookie, "GET", "/api/playlist-preferences/playlists")).status).toBe(200);
    expect(h.spotify.control.calls().total).toBe(0);
  }, 120_000);

  test("a playlist not deleted is a 409; an unknown one or another listener's a 404; an empty name a 400", async () => {
    const answer = await h.call(listener.cookie, "POST", "/api/playlists/Everything/recreate");
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ errorCode: 76 });
    expect(typeof answer.body.error).toBe("string");
    expect((await h.call(listener.cookie, "POST", "/api/playlists/Nothing%20Here/recreate")).status).toBe(
      404,
    );
    const other = await h.premiumListener("take-back-third", 10);
    expect((await h.call(other.cookie, "POST", "/api/playlists/Everything/recreate")).status).toBe(404);
    const empty = await h.call(listener.cookie, "POST", "/api/playlists/%20/recreate");
    expect(empty.status).toBe(400);
    expect(String(empty.body.error)).toMatch(/^name/);
  }, 60_000);
});
