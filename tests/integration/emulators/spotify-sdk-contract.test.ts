// Spotify's own TypeScript SDK (@spotify/web-api-ts-sdk, pinned) drives the Spotify emulator through every
// call Crate makes, its `fetch` option sending https://api.spotify.com/v1 to the emulator's /v1. The emulator
// runs as an app with extended quota (audio features and batch artist lookups answer), as these calls need.
// The SDK predates Spotify's 2024-2026 changes: where it still calls a withdrawn endpoint (creating playlists
// under /users/{id}, saving and checking tracks under /me/tracks), the test says so and makes the current
// call through the SDK's own makeRequest; /playlists/{id}/tracks is deprecated but still served.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SpotifyApi } from "@spotify/web-api-ts-sdk";
import { API, CLIENT_ID, signIn, testEmulator } from "./spotify-support.ts";

const ROOT = "https://api.spotify.com/v1/";
const emulator = testEmulator();
const sent: string[] = [];
let sdk: SpotifyApi;
let trackIds: string[] = [];
let artistIds: string[] = [];

beforeAll(async () => {
  const tokens = await signIn(emulator, "crate-premium");
  sdk = SpotifyApi.withAccessToken(
    CLIENT_ID,
    {
      access_token: tokens.access_token,
      token_type: tokens.token_type,
      expires_in: tokens.expires_in,
      refresh_token: tokens.refresh_token ?? "",
    },
    {
      fetch: (req: RequestInfo | URL, init?: RequestInit) => {
        const url = String(req);
        if (!url.startsWith(ROOT)) throw new Error(`the SDK called ${url}`);
        sent.push(`${init?.method ?? "GET"} /${url.slice(ROOT.length).split("?")[0]}`);
        return emulator.fetch(`${API}/${url.slice(ROOT.length)}`, init);
      },
    },
  );
});
afterAll(() => emulator.close());

/** The SDK's error for an answer it refuses, as text (it throws plain Errors naming the status). */
const failure = (p: Promise<unknown>) =>
  p.then(
    () => "no error",
    (e: Error) => e.message,
  );

test("profile", async () => {
  const me = await sdk.currentUser.profile();
  expect(me.id).toBe("crate-premium");
  expect(me.type).toBe("user");
  expect(me.uri).toBe("spotify:user:crate-premium");
  expect(me.product).toBe("premium");
  expect(me.external_urls.spotify).toStartWith("https://");
});

test("saved tracks, newest first, paged", async () => {
  const page = await sdk.currentUser.tracks.savedTracks(50, 0);
  expect(page.items).toHaveLength(50);
  expect(page.limit).toBe(50);
  expect(page.total).toBeGreaterThan(50);
  expect(page.next).toContain("offset=50");
  const first = page.items[0];
  expect(Date.parse(first?.added_at ?? "")).toBeGreaterThan(Date.parse(page.items[49]?.added_at ?? ""));
  expect(first?.track.album.release_date_precision).toMatch(/^(year|month|day)$/);
  expect(first?.track.artists[0]?.id).toBeString();
  trackIds = page.items.map((i) => i.track.id);
  artistIds = [...new Set(page.items.flatMap((i) => i.track.artists.map((a) => a.id)))];
  const next = await sdk.currentUser.tracks.savedTracks(50, 50);
  expect(next.offset).toBe(50);
  expect(next.items[0]?.track.id).not.toBe(trackIds[0]);
});

test("one artist and several", async () => {
  const one = await sdk.artists.get(artistIds[0] as string);
  expect(one.id).toBe(artistIds[0] as string);
  expect(Array.isArray(one.genres)).toBe(true);
  expect(one.followers.total).toBeNumber();
  const several = await sdk.artists.get(artistIds.slice(0, 50));
  expect(several.map((a) => a.id)).toEqual(artistIds.slice(0, 50));
});

test("a track and several", async () => {
  const track = await sdk.tracks.get(trackIds[0] as string);
  expect(track.id).toBe(trackIds[0] as string);
  expect(track.duration_ms).toBeNumber();
  const tracks = await sdk.tracks.get(trackIds.slice(0, 20));
  expect(tracks.map((t) => t.id)).toEqual(trackIds.slice(0, 20));
});

test("audio features, one and several (an extended-quota app)", async () => {
  const many = await sdk.tracks.audioFeatures(trackIds);
  expect(many).toHaveLength(trackIds.length);
  const withFeatures = many.find((f) => f !== null);
  expect(withFeatures?.tempo).toBeNumber();
  expect(withFeatures?.valence).toBeNumber();
  const one = await sdk.tracks.audioFeatures(withFeatures?.id as string);
  expect(one.id).toBe(withFeatures?.id as string);
  expect(one.energy).toBe(withFeatures?.energy as number);
});

describe("playlists", () => {
  let playlistId = "";

  test("creating under /users/{id} is withdrawn; POST /me/playlists creates", async () => {
    const withdrawn = await failure(sdk.playlists.createPlaylist("crate-premium", { name: "Old way" }));
    expect(withdrawn).toContain("404");
    const created = await sdk.makeRequest<{
      id: string;
      name: string;
      public: boolean;
      owner: { id: string };
    }>("POST", "me/playlists", { name: "Contract Mix", public: false, description: "made by the SDK" });
    expect(created.name).toBe("Contract Mix");
    expect(created.public).toBe(false);
    expect(created.owner.id).toBe("crate-premium");
    playlistId = created.id;
  });

  test("read, add and remove items (the SDK's /tracks and the current /items)", async () => {
    await sdk.playlists.addItemsToPlaylist(playlistId, [`spotify:track:${trackIds[0]}`]);
    await sdk.makeRequest("POST", `playlists/${playlistId}/items`, {
      uris: trackIds.slice(1, 4).map((id) => `spotify:track:${id}`),
    });
    const playlist = await sdk.playlists.getPlaylist(playlistId);
    expect(playlist.id).toBe(playlistId);
    expect(playlist.tracks.total).toBe(4);
    const items = await sdk.playlists.getPlaylistItems(playlistId);
    expect(items.items.map((i) => i.track.id)).toEqual(trackIds.slice(0, 4));
    await sdk.playlists.removeItemsFromPlaylist(playlistId, {
      tracks: [{ uri: `spotify:track:${trackIds[0]}` }],
    });
    await sdk.makeRequest("DELETE", `playlists/${playlistId}/items`, {
      items: [{ uri: `spotify:track:${trackIds[1]}` }],
    });
    const current = await sdk.makeRequest<{ total: number; items: { item: { id: string } }[] }>(
      "GET",
      `playlists/${playlistId}/items`,
    );
    expect(current.total).toBe(2);
    expect(current.items.map((i) => i.item.id)).toEqual(trackIds.slice(2, 4));
  });

  test("rename", async () => {
    await sdk.playlists.changePlaylistDetails(playlistId, { name: "Contract Mix II" });
    expect((await sdk.playlists.getPlaylist(playlistId)).name).toBe("Contract Mix II");
  });

  test("the user's playlists list it", async () => {
    const mine = await sdk.currentUser.playlists.playlists(50, 0);
    expect(mine.items.map((p) => p.id)).toContain(playlistId);
  });

  test("library contains, remove and save (the SDK's follow calls and the current /me/library)", async () => {
    const uri = `spotify:playlist:${playlistId}`;
    const contains = () =>
      sdk.makeRequest<boolean[]>("GET", `me/library/contains?uris=${encodeURIComponent(uri)}`);
    expect(await contains()).toEqual([true]);
    await sdk.currentUser.playlists.unfollow(playlistId);
    expect(await contains()).toEqual([false]);
    await sdk.currentUser.playlists.follow(playlistId);
    expect(await contains()).toEqual([true]);
    await sdk.makeRequest("DELETE", `me/library?uris=${encodeURIComponent(uri)}`);
    expect(await contains()).toEqual([false]);
    await sdk.makeRequest("PUT", `me/library?uris=${encodeURIComponent(uri)}`);
    expect(await contains()).toEqual([true]);
  });
});

test("saving and checking tracks under /me/tracks is withdrawn; /me/library saves and checks them", async () => {
  const track = `spotify:track:${trackIds[0]}`;
  expect(await failure(sdk.currentUser.tracks.hasSavedTracks([trackIds[0] as string]))).toContain("404");
  const contains = () =>
    sdk.makeRequest<boolean[]>("GET", `me/library/contains?uris=${encodeURIComponent(track)}`);
  expect(await contains()).toEqual([true]);
  await sdk.makeRequest("DELETE", `me/library?uris=${encodeURIComponent(track)}`);
  expect(await contains()).toEqual([false]);
  await sdk.makeRequest("PUT", `me/library?uris=${encodeURIComponent(track)}`);
  expect(await contains()).toEqual([true]);
  expect(await failure(sdk.currentUser.tracks.saveTracks([trackIds[0] as string]))).toContain("405");
});

test("every call went to the emulator's Web API", () => {
  expect(sent).toContain("GET /me");
  expect(sent).toContain("POST /me/playlists");
  expect(sent.length).toBeGreaterThan(20);
});
