import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { api, json, signIn, testEmulator } from "./spotify-support.ts";

const emulator = testEmulator();
let token = "";
let likedIds: string[] = [];
afterAll(() => emulator.close());
beforeAll(async () => {
  token = (await signIn(emulator, "crate-free")).access_token;
  likedIds = emulator.control.likes("crate-free").map((l) => l.trackId);
});

const call = (method: string, path: string, body?: unknown) => api(emulator, token, method, path, body);
const uris = (ids: string[]) => ids.map((id) => `spotify:track:${id}`);
const newPlaylist = async (name = "P", isPublic = false) =>
  (await json<{ id: string }>(await call("POST", "/me/playlists", { name, public: isPublic }))).id;

describe("listeners and their likes", () => {
  test("the demo listeners have about 3,000, over 10,000 and a few hundred likes", () => {
    const counts = Object.fromEntries(emulator.control.listeners().map((l) => [l.id, l.likes]));
    expect(counts["crate-free"]).toBe(3_000);
    expect(counts["crate-premium"]).toBeGreaterThan(10_000);
    expect(counts["crate-admin"]).toBeGreaterThan(200);
    expect(counts["crate-admin"]).toBeLessThan(1_000);
  });

  test("likes are newest first, spread over several years, at distinct UTC seconds", async () => {
    const likes = emulator.control.likes("crate-free");
    const times = likes.map((l) => Date.parse(l.addedAt));
    expect(likes.every((l) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(l.addedAt))).toBe(true);
    expect(times.every((t, i) => i === 0 || t < (times[i - 1] ?? 0))).toBe(true);
    const years = new Set(likes.map((l) => l.addedAt.slice(0, 4)));
    expect(years.size).toBeGreaterThanOrEqual(3);
    const page = await json<{ items: { added_at: string; track: { id: string } }[] }>(
      await call("GET", "/me/tracks?limit=50&offset=100"),
    );
    expect(page.items.map((i) => i.track.id)).toEqual(likedIds.slice(100, 150));
  });

  test("with a market, tracks say is_playable instead of listing markets, and the links keep it", async () => {
    const page = await json<{ next: string; items: { track: Record<string, unknown> }[] }>(
      await call("GET", "/me/tracks?limit=2&market=from_token"),
    );
    expect(page.next).toEndWith("/me/tracks?offset=2&limit=2&market=from_token");
    const track = page.items[0]?.track ?? {};
    expect(track.is_playable).toBe(true);
    expect(track.available_markets).toBeUndefined();
    const plain = await json<{ items: { track: Record<string, unknown> }[] }>(
      await call("GET", "/me/tracks?limit=1"),
    );
    expect(plain.items[0]?.track.available_markets).toBeArray();
  });

  test("a like through the control API comes first; an unlike disappears", async () => {
    const [newest] = emulator.control.like("crate-free", { count: 1 });
    const page = await json<{ items: { track: { id: string } }[]; total: number }>(
      await call("GET", "/me/tracks?limit=1"),
    );
    expect(page.items[0]?.track.id).toBe(newest ?? "");
    expect(page.total).toBe(3_001);
    expect(emulator.control.unlike("crate-free", likedIds[0] ?? "")).toBe(true);
    const after = emulator.control.likes("crate-free").map((l) => l.trackId);
    expect(after).not.toContain(likedIds[0]);
    expect(after).toHaveLength(3_000);
  });

  test("/me/tracks needs the user-library-read scope", async () => {
    const narrow = (await signIn(emulator, "crate-free", "playlist-modify-private")).access_token;
    const res = await api(emulator, narrow, "GET", "/me/tracks");
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: { status: 403, message: "Insufficient client scope" } });
  });
});

describe("batch limits", () => {
  test("artists 50, tracks 50, audio features 100; more is 400", async () => {
    const artistId = emulator.control.track(likedIds[0] ?? "")?.artistIds[0] ?? "";
    expect((await call("GET", `/artists?ids=${Array(50).fill(artistId).join(",")}`)).status).toBe(200);
    expect((await call("GET", `/artists?ids=${Array(51).fill(artistId).join(",")}`)).status).toBe(400);
    expect((await call("GET", `/tracks?ids=${likedIds.slice(0, 50).join(",")}`)).status).toBe(200);
    expect((await call("GET", `/tracks?ids=${likedIds.slice(0, 51).join(",")}`)).status).toBe(400);
    expect((await call("GET", `/audio-features?ids=${likedIds.slice(0, 100).join(",")}`)).status).toBe(200);
    const tooMany = await call("GET", `/audio-features?ids=${likedIds.slice(0, 101).join(",")}`);
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toEqual({ error: { status: 400, message: "Too many ids requested" } });
  });

  test("pages: /me/tracks and /items up to 50, the older /tracks up to 100", async () => {
    const id = await newPlaylist();
    expect((await call("GET", "/me/tracks?limit=0")).status).toBe(400);
    expect((await call("GET", "/me/tracks?offset=-1")).status).toBe(400);
    expect((await call("GET", `/playlists/${id}/items?limit=51`)).status).toBe(400);
    expect((await call("GET", `/playlists/${id}/tracks?limit=100`)).status).toBe(200);
  });

  test("playlist writes take at most 100 items", async () => {
    const id = await newPlaylist();
    expect(
      (await call("POST", `/playlists/${id}/items`, { uris: uris(likedIds.slice(0, 101)) })).status,
    ).toBe(400);
    expect(
      (await call("POST", `/playlists/${id}/items`, { uris: uris(likedIds.slice(0, 100)) })).status,
    ).toBe(201);
    const items = likedIds.slice(0, 101).map((t) => ({ uri: `spotify:track:${t}` }));
    expect((await call("DELETE", `/playlists/${id}/items`, { items })).status).toBe(400);
    expect((await call("DELETE", `/playlists/${id}/items`, { tracks: items.slice(0, 100) })).status).toBe(
      200,
    );
    expect(emulator.control.playlist(id)?.total).toBe(0);
  });

  test("bad URIs, unknown tracks and positions out of bounds are 400", async () => {
    const id = await newPlaylist();
    expect((await call("POST", `/playlists/${id}/items`, { uris: ["spotify:album:x"] })).status).toBe(400);
    const unknown = await call("POST", `/playlists/${id}/items`, {
      uris: ["spotify:track:0000000000000000000000"],
    });
    expect(unknown.status).toBe(400);
    const out = await call("POST", `/playlists/${id}/items`, {
      uris: uris(likedIds.slice(0, 1)),
      position: 5,
    });
    expect(out.status).toBe(400);
    expect((await call("POST", `/playlists/${id}/items`, "not json")).status).toBe(400);
  });
});

describe("playlists", () => {
  test("a playlist holds at most 10,000 items", async () => {
    const id = await newPlaylist("Everything");
    const premium = emulator.control.likes("crate-premium").map((l) => l.trackId);
    for (let i = 0; i < 10_000; i += 100) {
      const res = await call("POST", `/playlists/${id}/items`, { uris: uris(premium.slice(i, i + 100)) });
      expect(res.status).toBe(201);
    }
    const full = await call("POST", `/playlists/${id}/items`, { uris: uris(premium.slice(10_000, 10_001)) });
    expect(full.status).toBe(400);
    expect(await full.json()).toEqual({ error: { status: 400, message: "Playlist size limit reached" } });
    const page = await json<{ total: number; items: { item: { id: string } }[] }>(
      await call("GET", `/playlists/${id}/items?offset=9950&limit=50`),
    );
    expect(page.total).toBe(10_000);
    expect(page.items.map((i) => i.item.id)).toEqual(premium.slice(9_950, 10_000));
  });

  test("items insert at a position; duplicates are allowed; a removal takes every occurrence", async () => {
    const id = await newPlaylist();
    const [a = "", b = "", c = ""] = likedIds;
    await call("POST", `/playlists/${id}/items`, { uris: uris([a, b]) });
    await call("POST", `/playlists/${id}/items?position=1`, { uris: uris([c, a]) });
    expect(emulator.control.playlist(id)?.trackIds).toEqual([a, c, a, b]);
    await call("DELETE", `/playlists/${id}/items`, { items: [{ uri: `spotify:track:${a}` }] });
    expect(emulator.control.playlist(id)?.trackIds).toEqual([c, b]);
  });

  test("another listener's playlist: readable, not writable, its items refused", async () => {
    const id = await newPlaylist("Mine", true);
    const other = (await signIn(emulator, "crate-admin")).access_token;
    expect((await api(emulator, other, "GET", `/playlists/${id}`)).status).toBe(200);
    expect((await api(emulator, other, "GET", `/playlists/${id}/items`)).status).toBe(403);
    const write = await api(emulator, other, "POST", `/playlists/${id}/items`, {
      uris: uris(likedIds.slice(0, 1)),
    });
    expect(write.status).toBe(403);
    expect((await api(emulator, other, "PUT", `/playlists/${id}`, { name: "Theirs" })).status).toBe(403);
  });

  test("the listener removes a song and deletes a playlist in the app: it leaves the library, still exists", async () => {
    const id = await newPlaylist("Deleted later");
    await call("POST", `/playlists/${id}/items`, { uris: uris(likedIds.slice(0, 3)) });
    expect(emulator.control.removePlaylistItem(id, likedIds[1] ?? "")).toBe(1);
    expect(emulator.control.playlist(id)?.trackIds).toEqual([likedIds[0] ?? "", likedIds[2] ?? ""]);
    const contains = async () =>
      json<boolean[]>(await call("GET", `/me/library/contains?uris=spotify:playlist:${id}`));
    expect(await contains()).toEqual([true]);
    emulator.control.deletePlaylist("crate-free", id);
    // As on Spotify: deleting in the app unfollows; the Web API still serves the playlist and takes writes.
    expect(await contains()).toEqual([false]);
    expect((await call("GET", `/playlists/${id}`)).status).toBe(200);
    expect((await call("GET", `/playlists/${id}/items`)).status).toBe(200);
    expect((await call("POST", `/playlists/${id}/items`, { uris: uris(likedIds.slice(3, 4)) })).status).toBe(
      201,
    );
    expect(emulator.control.playlist(id)?.trackIds).toHaveLength(3);
    const listed = await json<{ items: { id: string }[] }>(await call("GET", "/me/playlists?limit=50"));
    expect(listed.items.map((p) => p.id)).not.toContain(id);
    expect(emulator.control.listenerPlaylists("crate-free").map((p) => p.id)).not.toContain(id);
    expect(
      emulator.control.listenerPlaylists("crate-free", { includeDeleted: true }).find((p) => p.id === id),
    ).toMatchObject({ deleted: true, hardDeleted: false });
    // Saved again, it is back in the library.
    expect((await call("PUT", `/me/library?uris=spotify:playlist:${id}`)).status).toBe(200);
    expect(await contains()).toEqual([true]);
  });

  test("a playlist removed for good (hard delete) answers 404 everywhere", async () => {
    const id = await newPlaylist("Gone for good");
    await call("POST", `/playlists/${id}/items`, { uris: uris(likedIds.slice(0, 3)) });
    emulator.control.deletePlaylist("crate-free", id, { hard: true });
    expect((await call("GET", `/playlists/${id}`)).status).toBe(404);
    expect((await call("GET", `/playlists/${id}/items`)).status).toBe(404);
    expect((await call("POST", `/playlists/${id}/items`, { uris: uris(likedIds.slice(0, 1)) })).status).toBe(
      404,
    );
    expect((await call("PUT", `/playlists/${id}`, { name: "Back?" })).status).toBe(404);
    expect(emulator.control.listenerPlaylists("crate-free").map((p) => p.id)).not.toContain(id);
    expect(
      emulator.control.listenerPlaylists("crate-free", { includeDeleted: true }).find((p) => p.id === id),
    ).toMatchObject({ deleted: true, hardDeleted: true });
    expect(
      await json<boolean[]>(await call("GET", `/me/library/contains?uris=spotify:playlist:${id}`)),
    ).toEqual([false]);
    // Saving it again does not bring it back.
    expect((await call("PUT", `/me/library?uris=spotify:playlist:${id}`)).status).toBe(200);
    expect((await call("GET", `/playlists/${id}`)).status).toBe(404);
  });

  test("GET /me/library/contains: answers in order for tracks and playlists, at most 40 URIs", async () => {
    const mine = await newPlaylist("Mine to check");
    const others = (await signIn(emulator, "crate-admin")).access_token;
    const theirs = (
      await json<{ id: string }>(await api(emulator, others, "POST", "/me/playlists", { name: "Theirs" }))
    ).id;
    const liked = emulator.control.likes("crate-free").map((l) => l.trackId);
    const notLiked = emulator.control.likes("crate-admin").find((l) => !liked.includes(l.trackId));
    const uriList = [
      `spotify:track:${liked[0]}`,
      `spotify:playlist:${mine}`,
      `spotify:playlist:${theirs}`,
      `spotify:track:${notLiked?.trackId}`,
      "spotify:playlist:0000000000000000000000",
      "spotify:artist:0000000000000000000000",
    ];
    const res = await call("GET", `/me/library/contains?uris=${uriList.join(",")}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([true, true, false, false, false, false]);
    const tooMany = Array.from({ length: 41 }, () => `spotify:playlist:${mine}`).join(",");
    const refused = await call("GET", `/me/library/contains?uris=${tooMany}`);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: { status: 400, message: "Too many URIs: maximum is 40" } });
    expect((await call("GET", "/me/library/contains")).status).toBe(400);
    expect((await call("GET", "/me/library/contains?uris=spotify:playlist:bad-id")).status).toBe(400);
    expect((await call("GET", "/me/library/contains?uris=spotify:station:abc")).status).toBe(400);
    const counted = emulator.control.calls().counts["GET /v1/me/library/contains"] ?? 0;
    expect(counted).toBeGreaterThanOrEqual(5);
    const noScope = (await signIn(emulator, "crate-free", "playlist-modify-public")).access_token;
    const forbidden = await api(
      emulator,
      noScope,
      "GET",
      `/me/library/contains?uris=spotify:playlist:${mine}`,
    );
    expect(forbidden.status).toBe(403);
  });

  test("the older follow calls: DELETE unfollows, PUT follows again", async () => {
    const id = await newPlaylist("Followers");
    const contains = async () =>
      json<boolean[]>(await call("GET", `/me/library/contains?uris=spotify:playlist:${id}`));
    expect((await call("DELETE", `/playlists/${id}/followers`)).status).toBe(200);
    expect(await contains()).toEqual([false]);
    expect((await call("GET", `/playlists/${id}`)).status).toBe(200);
    expect((await call("PUT", `/playlists/${id}/followers`, { public: "yes" })).status).toBe(400);
    expect((await call("PUT", `/playlists/${id}/followers`, { public: false })).status).toBe(200);
    expect(await contains()).toEqual([true]);
    expect((await call("PUT", "/playlists/0000000000000000000000/followers")).status).toBe(404);
  });

  test("a private playlist needs playlist-modify-private to be created", async () => {
    const publicOnly = (await signIn(emulator, "crate-free", "playlist-modify-public")).access_token;
    expect(
      (await api(emulator, publicOnly, "POST", "/me/playlists", { name: "x", public: false })).status,
    ).toBe(403);
    expect(
      (await api(emulator, publicOnly, "POST", "/me/playlists", { name: "x", public: true })).status,
    ).toBe(201);
    expect((await call("POST", "/me/playlists", { public: false })).status).toBe(400);
  });

  test("unknown paths answer Spotify's 404", async () => {
    const res = await call("GET", "/me/nothing-here");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { status: 404, message: "Service not found" } });
  });
});
