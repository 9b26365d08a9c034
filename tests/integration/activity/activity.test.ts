// Every change a listener can see: a song they removed in Spotify is noticed at the next update that writes to
// the playlist, whatever the hour; a playlist's activity lists its creation, updates, rolling removals, an
// exclusion and its undo and removals in Spotify, newest first.
import { beforeAll, describe, expect, test } from "bun:test";
import { runHourlySync } from "../../../src/server/distribution/batch/batch-jobs.ts";
import { type Listener, managed, setUpHarness } from "../distribution/support.ts";

const h = setUpHarness();
let listener: Listener;
/** Latest 50 as the first fill made it */
let firstLatest: string[] = [];

interface Entry {
  at: string;
  when: string;
  kind: string;
  count: number;
  songs: { trackId: string; name: string }[];
  text: string;
}

const encoded = (name: string) => encodeURIComponent(name);

async function activity(name: string): Promise<Entry[]> {
  const answer = await h.call(listener.cookie, "GET", `/api/playlists/${encoded(name)}/activity`);
  expect(answer.status).toBe(200);
  return answer.body.entries as Entry[];
}

const summaryOf = (entries: Entry[]) =>
  entries.map((e) => ({ kind: e.kind, count: e.count, songs: e.songs.map((s) => s.trackId) }));

function spotifyIdOf(name: string): string {
  const found = h.spotify.control.listenerPlaylists(listener.id).find((p) => p.name === managed(name));
  if (!found) throw new Error(`no playlist ${name}`);
  return found.id;
}

const onSpotify = (name: string) => h.playlistsOf(listener.id).get(managed(name)) ?? [];

async function hourly(): Promise<void> {
  await runHourlySync(h.crate.deps);
  await h.workSettled(listener);
}

beforeAll(async () => {
  listener = await h.premiumListener("activity-listener", 200);
  await h.distributeAndWait(listener, ["Everything", "Latest 50 Liked Songs"]);
  firstLatest = onSpotify("Latest 50 Liked Songs");
}, 120_000);

describe("a song the listener removed in Spotify", () => {
  test("is listed as removed after the next update that adds to the playlist, within the hour", async () => {
    // The page was opened a moment ago (the old once-an-hour read would not look again).
    expect((await h.call(listener.cookie, "GET", "/api/playlists/Everything/songs")).status).toBe(200);
    const removed = onSpotify("Everything")[10] ?? "";
    h.spotify.control.removePlaylistItem(spotifyIdOf("Everything"), removed);
    const [fresh = ""] = h.spotify.control.like(listener.id, { count: 1 });
    h.spotify.control.resetCalls();
    await hourly();
    // The update learned Everything's version from the library's listing (one call, which also tells that
    // no playlist was deleted), saw it moved and read its items once; Latest 50, written at its top (a place),
    // had its own version read.
    const calls = h.spotify.control.calls().counts;
    expect(calls["GET /v1/me/playlists"]).toBe(1);
    expect(calls["GET /v1/me/library/contains"]).toBeUndefined();
    expect(calls["GET /v1/playlists/{playlist_id}"]).toBe(1);
    expect(calls["GET /v1/playlists/{playlist_id}/items"]).toBe(Math.ceil(199 / 50));
    // Known without opening the page: its activity says so, then the page lists it.
    const [latest, before] = summaryOf(await activity("Everything"));
    expect(latest).toEqual({ kind: "added", count: 1, songs: [fresh] });
    expect(before).toEqual({ kind: "removedInSpotify", count: 1, songs: [removed] });
    const page = await h.call(listener.cookie, "GET", "/api/playlists/Everything/songs?limit=500");
    const notIncluded = page.body.notIncluded as { trackId: string; kind: string }[];
    expect(notIncluded).toContainEqual(expect.objectContaining({ trackId: removed, kind: "removed" }));
    expect((page.body.songs as { trackId: string }[]).map((s) => s.trackId)).not.toContain(removed);
  }, 60_000);

  test("is noticed when the playlist's page opens, even with no update in between", async () => {
    const removed = onSpotify("Everything")[20] ?? "";
    h.spotify.control.removePlaylistItem(spotifyIdOf("Everything"), removed);
    const page = await h.call(listener.cookie, "GET", "/api/playlists/Everything/songs");
    expect(page.body.notIncluded as unknown[]).toContainEqual(
      expect.objectContaining({ trackId: removed, kind: "removed" }),
    );
  }, 60_000);

  test("an idle hourly update is still one call, and an unchanged playlist's page costs one", async () => {
    h.spotify.control.resetCalls();
    await hourly();
    expect(h.spotify.control.calls().counts).toEqual({ "GET /v1/me/tracks": 1 });
    h.spotify.control.resetCalls();
    await h.call(listener.cookie, "GET", "/api/playlists/Everything/songs");
    expect(h.spotify.control.calls().counts).toEqual({ "GET /v1/playlists/{playlist_id}": 1 });
  }, 60_000);
});

describe("a playlist's activity", () => {
  test("through creation, updates, a rolling removal, an exclusion and its undo, and a removal in Spotify", async () => {
    const name = "Latest 50 Liked Songs";
    const created = summaryOf(await activity(name)).at(-1);
    expect(created).toEqual({ kind: "created", count: 50, songs: firstLatest });
    // The earlier update added one song at the top and pushed the oldest out.
    const history = summaryOf(await activity(name));
    expect(history.map((e) => e.kind)).toEqual(["added", "removedByCrate", "created"]);

    // Two new likes: two added at the top, two pushed out by them.
    const top = onSpotify(name);
    const liked = h.spotify.control.like(listener.id, { count: 2 });
    await hourly();
    const [added, rolled] = await activity(name);
    expect(summaryOf([added as Entry])).toEqual([{ kind: "added", count: 2, songs: [...liked].reverse() }]);
    expect(summaryOf([rolled as Entry])).toEqual([
      { kind: "removedByCrate", count: 2, songs: top.slice(-2) },
    ]);
    expect(rolled?.text).toBe("Took out 2 songs: pushed past the playlist's limit by newer ones");

    // Kept out: taken out for the exclusion, and the next newest like takes its place.
    const kept = onSpotify(name)[5] ?? "";
    const path = `/api/playlists/${encoded(name)}/exclusions`;
    expect((await h.call(listener.cookie, "POST", path, { trackId: kept })).status).toBe(201);
    await h.workSettled(listener);
    const afterExclusion = summaryOf(await activity(name));
    expect(afterExclusion.slice(0, 3)).toEqual([
      { kind: "added", count: 1, songs: [top.at(-2) ?? ""] },
      { kind: "removedByCrate", count: 1, songs: [kept] },
      { kind: "excluded", count: 1, songs: [kept] },
    ]);
    expect((await activity(name))[1]?.text).toBe("Took out 1 song: you keep it out of this playlist");

    // The undo: the song returns at its place and the one that stood in for it leaves again.
    const undo = await fetch(`${h.crate.url}${path}/track/${kept}`, {
      method: "DELETE",
      headers: { cookie: listener.cookie, origin: h.crate.url },
    });
    expect(undo.status).toBe(204);
    await h.workSettled(listener);
    const afterUndo = summaryOf(await activity(name));
    expect(afterUndo.slice(0, 3)).toEqual([
      { kind: "added", count: 1, songs: [kept] },
      { kind: "removedByCrate", count: 1, songs: [top.at(-2) ?? ""] },
      { kind: "exclusionUndone", count: 1, songs: [kept] },
    ]);

    // Removed in Spotify, noticed at the next update. It takes no place under the limit: the new like pushes
    // nothing out.
    const before = onSpotify(name);
    const gone = before[3] ?? "";
    h.spotify.control.removePlaylistItem(spotifyIdOf(name), gone);
    const [fresh = ""] = h.spotify.control.like(listener.id, { count: 1 });
    await hourly();
    const latest = await activity(name);
    expect(latest.map((e) => e.kind).slice(0, 3)).toEqual(["added", "removedInSpotify", "added"]);
    expect(summaryOf(latest)[1]).toEqual({ kind: "removedInSpotify", count: 1, songs: [gone] });
    expect(onSpotify(name)).toEqual([fresh, ...before.filter((id) => id !== gone)]);
    // Newest first, each with the listener's own clock and a text for a person.
    const times = latest.map((e) => Date.parse(e.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    for (const entry of latest) {
      expect(entry.when).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4} at \d{2}:\d{2}$/);
      expect(entry.text.length).toBeGreaterThan(5);
    }
    expect(
      (await h.call(listener.cookie, "GET", `/api/playlists/${encoded(name)}/activity?limit=2`)).body,
    ).toMatchObject({ entries: latest.slice(0, 2) });
  }, 120_000);

  test("bad input is a 400 naming the field; another listener's or an unknown playlist is a 404", async () => {
    const bad = await h.call(listener.cookie, "GET", "/api/playlists/Everything/activity?limit=0");
    expect(bad.status).toBe(400);
    expect(String(bad.body.error)).toMatch(/^limit/);
    expect(
      (await h.call(listener.cookie, "GET", "/api/playlists/Everything/activity?limit=501")).status,
    ).toBe(400);
    expect((await h.call(listener.cookie, "GET", "/api/playlists/Nothing%20Here/activity")).status).toBe(404);
    const other = await h.premiumListener("activity-other", 20);
    const theirs = await h.call(other.cookie, "GET", "/api/playlists/Everything/activity");
    expect(theirs.status).toBe(404);
    expect((await h.call(null, "GET", "/api/playlists/Everything/activity")).status).toBe(401);
  }, 60_000);
});
