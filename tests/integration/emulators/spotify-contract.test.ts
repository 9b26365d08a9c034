// Every answer of the emulator's Web API is checked against Spotify's published contract (OpenAPI),
// read strictly for the objects Crate reads (tests/contracts/spotify-strict-overlay.ts).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import OpenAPIBackend from "openapi-backend";
import { strictContract } from "../../contracts/spotify-strict-overlay.ts";
import { api, signIn, testEmulator } from "./spotify-support.ts";

const USED_PATHS =
  /^\/(me|me\/tracks|me\/playlists|me\/library|me\/library\/contains|artists|artists\/\{id\}|tracks|tracks\/\{id\}|audio-features|audio-features\/\{id\}|playlists\/\{playlist_id\}|playlists\/\{playlist_id\}\/(items|tracks|followers))$/;

const emulator = testEmulator();
let contract: OpenAPIBackend;
let token = "";

beforeAll(async () => {
  contract = new OpenAPIBackend({
    definition: await strictContract(USED_PATHS),
    strict: false,
    validate: true,
    quick: true,
    ajvOpts: { logger: false },
  });
  await contract.init();
  token = (await signIn(emulator, "crate-premium")).access_token;
});
afterAll(() => emulator.close());

/** Calls the emulator and validates the answer against the operation the contract matches for the request. */
async function call(
  method: string,
  pathAndQuery: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  const res = await api(emulator, token, method, pathAndQuery, body);
  const text = await res.text();
  const json: unknown = text === "" ? undefined : JSON.parse(text);
  const url = new URL(`http://x${pathAndQuery}`);
  const operation = contract.matchOperation({
    method,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers: {},
  });
  if (!operation) throw new Error(`the contract has no ${method} ${url.pathname}`);
  // Error answers share one schema ({error: ErrorObject}); the contract declares it under 401 for every operation.
  const validatedStatus = res.status >= 400 ? 401 : res.status;
  const result = contract.validateResponse(json, operation, validatedStatus);
  if (!result.valid) {
    throw new Error(
      `${method} ${pathAndQuery} → ${res.status}: ${JSON.stringify(result.errors?.slice(0, 5), null, 1)}`,
    );
  }
  return { status: res.status, json };
}

test("the strict reading refuses objects missing what Crate reads", async () => {
  const res = await api(emulator, token, "GET", "/me/tracks?limit=2");
  const page = (await res.json()) as { items: Record<string, unknown>[] };
  const withoutDate = { ...page, items: page.items.map(({ added_at: _, ...rest }) => rest) };
  expect(contract.validateResponse(withoutDate, "get-users-saved-tracks", 200).valid).toBe(false);
  const features = { audio_features: [{ id: "x", type: "audio_features", uri: "spotify:track:x" }] };
  expect(contract.validateResponse(features, "get-several-audio-features", 200).valid).toBe(false);
  expect(contract.validateResponse({ error: { status: 400 } }, "get-current-users-profile", 401).valid).toBe(
    false,
  );
});

const ids = (values: unknown) => (values as { id: string }[]).map((v) => v.id);

describe("the emulator answers as the contract says", () => {
  let trackIds: string[] = [];
  let artistIds: string[] = [];
  let playlistId = "";

  test("GET /me", async () => {
    const { status, json } = await call("GET", "/me");
    expect(status).toBe(200);
    expect((json as { id: string }).id).toBe("crate-premium");
  });

  test("GET /me/tracks: pages of saved tracks with albums and artists", async () => {
    const first = await call("GET", "/me/tracks?limit=50");
    expect(first.status).toBe(200);
    const page = first.json as {
      items: { track: { id: string; artists: { id: string }[] } }[];
      total: number;
      next: string;
    };
    expect(page.items).toHaveLength(50);
    expect(page.total).toBe(10_600);
    trackIds = page.items.map((i) => i.track.id);
    artistIds = [...new Set(page.items.flatMap((i) => i.track.artists.map((a) => a.id)))];
    const last = await call("GET", "/me/tracks?limit=50&offset=10590");
    expect((last.json as { items: unknown[]; next: unknown }).items).toHaveLength(10);
    expect((last.json as { next: unknown }).next).toBeNull();
  });

  test("GET /artists?ids and /artists/{id}; unknown ids are null", async () => {
    const batch = await call(
      "GET",
      `/artists?ids=${[...artistIds.slice(0, 49), "0000000000000000000000"].join(",")}`,
    );
    const artists = (batch.json as { artists: ({ id: string } | null)[] }).artists;
    expect(artists).toHaveLength(Math.min(49, artistIds.length) + 1);
    expect(artists.at(-1)).toBeNull();
    const one = await call("GET", `/artists/${artistIds[0]}`);
    expect((one.json as { id: string }).id).toBe(artistIds[0] ?? "");
  });

  test("GET /tracks?ids and /tracks/{id}", async () => {
    const batch = await call("GET", `/tracks?ids=${trackIds.slice(0, 50).join(",")}`);
    expect(ids((batch.json as { tracks: unknown }).tracks)).toEqual(trackIds.slice(0, 50));
    expect((await call("GET", `/tracks/${trackIds[0]}`)).status).toBe(200);
  });

  test("GET /audio-features?ids (null for tracks without features) and /audio-features/{id}", async () => {
    const likes = emulator.control.likes("crate-premium").map((l) => l.trackId);
    const withoutFeatures = likes.find((id) => emulator.control.track(id)?.features === null);
    expect(withoutFeatures).toBeDefined();
    const batch = await call(
      "GET",
      `/audio-features?ids=${[...likes.slice(0, 99), withoutFeatures].join(",")}`,
    );
    const features = (batch.json as { audio_features: unknown[] }).audio_features;
    expect(features).toHaveLength(100);
    expect(features.at(-1)).toBeNull();
    expect((await call("GET", `/audio-features/${trackIds[0]}`)).status).toBe(200);
  });

  test("POST /me/playlists, GET and PUT /playlists/{id}", async () => {
    const created = await call("POST", "/me/playlists", {
      name: "Chill - Managed Playlist",
      public: false,
      description: "Made by Crate",
    });
    expect(created.status).toBe(201);
    playlistId = (created.json as { id: string }).id;
    const changed = await call("PUT", `/playlists/${playlistId}`, { name: "Chill", public: true });
    expect(changed.status).toBe(200);
    const got = await call("GET", `/playlists/${playlistId}`);
    expect(got.json).toMatchObject({
      id: playlistId,
      name: "Chill",
      public: true,
      description: "Made by Crate",
    });
  });

  test("POST, GET, PUT and DELETE /playlists/{id}/items (and the older /tracks)", async () => {
    const uris = trackIds.map((id) => `spotify:track:${id}`);
    const added = await call("POST", `/playlists/${playlistId}/items`, { uris: uris.slice(0, 30) });
    expect(added.status).toBe(201);
    expect(
      (await call("POST", `/playlists/${playlistId}/items`, { uris: uris.slice(30, 40), position: 0 }))
        .status,
    ).toBe(201);
    const page = await call("GET", `/playlists/${playlistId}/items?limit=50`);
    const items = (page.json as { items: { item: { id: string }; track: { id: string } }[] }).items;
    expect(items.map((i) => i.item.id)).toEqual([...trackIds.slice(30, 40), ...trackIds.slice(0, 30)]);
    expect(items.map((i) => i.track.id)).toEqual(items.map((i) => i.item.id));
    expect((await call("GET", `/playlists/${playlistId}/tracks?limit=100`)).status).toBe(200);
    const removed = await call("DELETE", `/playlists/${playlistId}/items`, { items: [{ uri: uris[0] }] });
    expect(removed.status).toBe(200);
    expect((removed.json as { snapshot_id: string }).snapshot_id).not.toBe(
      (added.json as { snapshot_id: string }).snapshot_id,
    );
    expect((await call("PUT", `/playlists/${playlistId}/items`, { uris: uris.slice(45, 47) })).status).toBe(
      200,
    );
    expect(emulator.control.playlist(playlistId)?.trackIds).toEqual(trackIds.slice(45, 47));
  });

  test("snapshot ids: one per version of the playlist, read alone with fields=snapshot_id", async () => {
    const uris = trackIds.map((id) => `spotify:track:${id}`);
    const created = await call("POST", "/me/playlists", { name: "Versions", public: true });
    const id = (created.json as { id: string; snapshot_id: string }).id;
    const snapshotOf = async () => {
      const res = await api(emulator, token, "GET", `/playlists/${id}?fields=snapshot_id`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as Record<string, unknown>;
      expect(Object.keys(body)).toEqual(["snapshot_id"]);
      return String(body.snapshot_id);
    };
    const first = await snapshotOf();
    expect(first).toBe((created.json as { snapshot_id: string }).snapshot_id);
    // Reading changes nothing.
    await call("GET", `/playlists/${id}/items?limit=50`);
    expect(await snapshotOf()).toBe(first);
    // Each write answers the new version, which a read then gives; an edit in the app moves it too.
    const added = (await call("POST", `/playlists/${id}/items`, { uris: uris.slice(0, 5) })).json as {
      snapshot_id: string;
    };
    expect(added.snapshot_id).not.toBe(first);
    expect(await snapshotOf()).toBe(added.snapshot_id);
    emulator.control.removePlaylistItem(id, trackIds[1] ?? "");
    const afterEdit = await snapshotOf();
    expect(afterEdit).not.toBe(added.snapshot_id);
    // An insert at a position lands there; past the end is refused.
    const inserted = await call("POST", `/playlists/${id}/items`, { uris: [uris[9]], position: 2 });
    expect(inserted.status).toBe(201);
    expect(emulator.control.playlist(id)?.trackIds).toEqual([0, 2, 9, 3, 4].map((i) => trackIds[i] ?? ""));
    expect((await call("POST", `/playlists/${id}/items`, { uris: [uris[10]], position: 6 })).status).toBe(
      400,
    );
    // `fields` selects inside items too: `items(item(id))`.
    const res = await api(emulator, token, "GET", `/playlists/${id}/items?fields=total,items(item(id))`);
    expect(await res.json()).toEqual({
      total: 5,
      items: [0, 2, 9, 3, 4].map((i) => ({ item: { id: trackIds[i] } })),
    });
    expect((await api(emulator, token, "GET", `/playlists/${id}?fields=items(`)).status).toBe(400);
  });

  test("GET /me/playlists lists it; DELETE /me/library takes it out of the library; it still exists", async () => {
    const list = await call("GET", "/me/playlists?limit=50");
    expect(ids((list.json as { items: unknown }).items)).toContain(playlistId);
    const contains = `/me/library/contains?uris=spotify:playlist:${playlistId},spotify:track:${trackIds[0]}`;
    expect((await call("GET", contains)).json).toEqual([true, true]);
    expect((await call("DELETE", `/me/library?uris=spotify:playlist:${playlistId}`)).status).toBe(200);
    expect((await call("GET", contains)).json).toEqual([false, true]);
    const after = await call("GET", "/me/playlists?limit=50");
    expect(ids((after.json as { items: unknown }).items)).not.toContain(playlistId);
    expect((await call("GET", `/playlists/${playlistId}`)).status).toBe(200);
    expect((await call("PUT", `/me/library?uris=spotify:playlist:${playlistId}`)).status).toBe(200);
    expect((await call("GET", contains)).json).toEqual([true, true]);
  });

  test("the older DELETE and PUT /playlists/{id}/followers unfollow and follow", async () => {
    const created = await call("POST", "/me/playlists", { name: "Old style", public: true });
    const id = (created.json as { id: string }).id;
    expect((await call("DELETE", `/playlists/${id}/followers`)).status).toBe(200);
    expect((await call("GET", `/me/library/contains?uris=spotify:playlist:${id}`)).json).toEqual([false]);
    expect((await call("PUT", `/playlists/${id}/followers`, { public: true })).status).toBe(200);
    expect((await call("GET", `/me/library/contains?uris=spotify:playlist:${id}`)).json).toEqual([true]);
  });

  test("a playlist removed for good answers 404", async () => {
    const created = await call("POST", "/me/playlists", { name: "Removed", public: true });
    const id = (created.json as { id: string }).id;
    emulator.control.deletePlaylist("crate-premium", id, { hard: true });
    const gone = await call("GET", `/playlists/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.json).toEqual({ error: { status: 404, message: "Resource not found" } });
  });

  test("error answers carry {error: {status, message}}", async () => {
    expect((await call("GET", "/me/tracks?limit=51")).json).toEqual({
      error: { status: 400, message: "Invalid limit" },
    });
    expect((await call("GET", "/artists/not-an-id")).status).toBe(400);
    expect((await call("GET", `/artists?ids=${Array(51).fill(artistIds[0]).join(",")}`)).status).toBe(400);
    const tooMany = Array(41).fill(`spotify:track:${trackIds[0]}`).join(",");
    expect((await call("GET", `/me/library/contains?uris=${tooMany}`)).status).toBe(400);
    expect((await call("GET", "/me/library/contains?uris=spotify:nothing:1")).status).toBe(400);
    const saved = token;
    token = "BQexpired";
    expect((await call("GET", "/me")).status).toBe(401);
    token = saved;
  });
});
