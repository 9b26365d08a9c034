// Choices to take along: a listener's document loaded by a second listener reproduces every choice; a bad
// document is refused naming its first bad field, with nothing applied.
import { beforeAll, describe, expect, test } from "bun:test";
import { type Listener, setUpHarness } from "../distribution/support.ts";

const h = setUpHarness();
let first: Listener;
let second: Listener;

const settle = (l: Listener) => h.workSettled(l);

beforeAll(async () => {
  first = await h.signIn("choices-a", 150, 3);
  // the second listener likes the same songs: a document may name only the loading listener's own likes
  h.spotify.control.createListener({ id: "choices-b", likes: 0 });
  h.spotify.control.like("choices-b", { trackIds: h.likesOldestFirst(first.id).map((l) => l.trackId) });
  second = await h.signIn("choices-b", null);
  await settle(second);
  await h.distributeAndWait(first, ["1990s", "2000s", "Rock"]);
}, 120_000);

describe("choices to take along", () => {
  test("export, then import on a second listener reproduces every choice", async () => {
    const song = h.likesOldestFirst(first.id)[0]?.trackId ?? "";
    const artist = h.spotify.control.track(song)?.artistIds[0] ?? "";
    expect(
      (await h.call(first.cookie, "POST", "/api/playlists/1990s/exclusions", { trackId: song })).status,
    ).toBe(201);
    expect(
      (await h.call(first.cookie, "POST", "/api/playlists/Rock/exclusions", { artistId: artist })).status,
    ).toBe(201);
    expect(
      (await h.call(first.cookie, "PUT", `/api/corrections/artists/${artist}`, { country: "dk" })).status,
    ).toBe(200);
    expect(
      (
        await h.call(first.cookie, "PUT", "/api/playlist-preferences/settings", {
          createPlaylistsAsPrivate: true,
          removePlaylistPostfix: false,
        })
      ).status,
    ).toBeLessThan(300);
    await settle(first);
    const exported = await h.call(first.cookie, "GET", "/api/user/choices");
    expect(exported.status).toBe(200);
    const doc = structuredClone(exported.body);
    expect(exported.body).toMatchObject({
      version: 1,
      selection: expect.arrayContaining(["1990s", "2000s", "Rock"]),
      exclusions: expect.arrayContaining([
        { playlist: "1990s", kind: "track", id: song },
        { playlist: "Rock", kind: "artist", id: artist },
      ]),
      corrections: [{ artistId: artist, genres: null, country: "DK" }],
    });

    const loaded = await h.call(second.cookie, "POST", "/api/user/choices", doc);
    expect(loaded.status).toBe(200);
    expect(loaded.body.changed).toMatchObject({ selection: 3, exclusions: 2, corrections: 1 });
    await settle(second);
    const again = await h.call(second.cookie, "GET", "/api/user/choices");
    const byId = (list: unknown) => [...(list as { id: string }[])].sort((a, b) => a.id.localeCompare(b.id));
    expect({ ...again.body, exclusions: byId(again.body.exclusions) }).toEqual({
      ...doc,
      exclusions: byId(doc.exclusions),
    });
    // loading the same document again changes nothing
    h.clearThrottles();
    const twice = await h.call(second.cookie, "POST", "/api/user/choices", doc);
    expect(twice.body.changed).toEqual({
      selection: 0,
      combinations: 0,
      exclusions: 0,
      corrections: 0,
      settings: 0,
    });
  }, 120_000);

  test("a bad document is refused, naming the first bad field, and nothing is applied", async () => {
    const third = await h.signIn("choices-c", 30, 5);
    const good = {
      version: 1,
      selection: ["1990s"],
      combinations: [],
      exclusions: [],
      corrections: [],
      settings: { createPlaylistsAsPrivate: false, removePlaylistPostfix: true, addRecordingOnce: false },
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, version: 2 }, "version"],
      [{ ...good, selection: ["1990s", "Not A Playlist"] }, "selection"],
      [{ ...good, exclusions: [{ playlist: "2000s", kind: "track", id: "abc" }] }, "exclusions"],
      [{ ...good, corrections: [{ artistId: "abc", genres: ["Nope"], country: null }] }, "corrections"],
      [{ ...good, settings: { createPlaylistsAsPrivate: "yes" } }, "settings"],
    ];
    for (const [doc, field] of cases) {
      const answer = await h.call(third.cookie, "POST", "/api/user/choices", doc);
      expect(answer.status).toBe(400);
      expect(String(answer.body.error)).toContain(field);
    }
    const after = await h.call(third.cookie, "GET", "/api/user/choices");
    expect(after.body).toMatchObject({ selection: [], exclusions: [], corrections: [] });
    expect(after.body.settings).toMatchObject({ removePlaylistPostfix: false });
  });
});

describe("security: a choices document names only the listener's own songs and artists", () => {
  test("another listener's song or artist is refused with 400 naming the field, and nothing is stored", async () => {
    // a listener with other likes (another seed) than the first one
    const stranger = await h.signIn("choices-d", 30, 11);
    await settle(stranger);
    const mine = new Set(h.likesOldestFirst(stranger.id).map((l) => l.trackId));
    const artistsOf = (ids: Iterable<string>) =>
      new Set([...ids].flatMap((id) => h.spotify.control.track(id)?.artistIds ?? []));
    const myArtists = artistsOf(mine);
    const theirs = h.likesOldestFirst(first.id).map((l) => l.trackId);
    const song = theirs.find((id) => !mine.has(id)) ?? "";
    const artist = [...artistsOf(theirs)].find((id) => !myArtists.has(id)) ?? "";
    expect(song).not.toBe("");
    expect(artist).not.toBe("");
    const base = {
      version: 1,
      selection: ["1990s"],
      combinations: [],
      exclusions: [],
      corrections: [],
      settings: { createPlaylistsAsPrivate: false, removePlaylistPostfix: false, addRecordingOnce: false },
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, exclusions: [{ playlist: "1990s", kind: "track", id: song }] }, "exclusions[0].id"],
      [{ ...base, exclusions: [{ playlist: "1990s", kind: "artist", id: artist }] }, "exclusions[0].id"],
      [
        { ...base, corrections: [{ artistId: artist, genres: null, country: "DK" }] },
        "corrections[0].artistId",
      ],
    ];
    for (const [doc, field] of cases) {
      const answer = await h.call(stranger.cookie, "POST", "/api/user/choices", doc);
      expect(answer.status).toBe(400);
      expect(String(answer.body.error)).toContain(field);
    }
    const after = await h.call(stranger.cookie, "GET", "/api/user/choices");
    expect(after.body).toMatchObject({ selection: [], exclusions: [], corrections: [] });
    expect((await h.call(stranger.cookie, "GET", "/api/corrections")).body).toEqual({ artists: [] });
    // the listener's own song and artist are taken, with their names
    const own = [...mine][0] ?? "";
    const ownArtist = [...myArtists][0] ?? "";
    const loaded = await h.call(stranger.cookie, "POST", "/api/user/choices", {
      ...base,
      exclusions: [
        { playlist: "1990s", kind: "track", id: own },
        { playlist: "1990s", kind: "artist", id: ownArtist },
      ],
      corrections: [{ artistId: ownArtist, genres: null, country: "DK" }],
    });
    expect(loaded.status).toBe(200);
    await settle(stranger);
    const labels = await h.call(stranger.cookie, "GET", "/api/playlists/1990s/exclusions");
    expect(labels.body.exclusions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "track", id: own, label: h.spotify.control.track(own)?.name }),
      ]),
    );
  }, 120_000);
});
