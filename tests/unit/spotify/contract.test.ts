// Every request the client sends is checked against Spotify's published Web API contract (OpenAPI).
import { beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import OpenAPIBackend, { type Document } from "openapi-backend";
import { SPOTIFY_SCOPES } from "../../../src/server/spotify/accounts.ts";
import type { SpotifyUserApi } from "../../../src/server/spotify/types.ts";
import { CLIENT_OPERATIONS, userApiOver } from "./contract-support.ts";
import { json, library, likesPage, type RecordedRequest } from "./fake-web-api.ts";

const CONTRACT = join(import.meta.dir, "../../contracts/spotify-web-api.openapi.yml");
// Used on purpose, each with a fallback: batch artists (403 → single lookups) and audio features (403 → unavailable).
const DEPRECATED_BUT_USED = new Set(["get-multiple-artists", "get-several-audio-features"]);

const USED_PATHS =
  /^\/(me|me\/tracks|me\/playlists|me\/library|me\/library\/contains|artists|artists\/\{id\}|audio-features|playlists\/\{playlist_id\}|playlists\/\{playlist_id\}\/(items|tracks))$/;

let contract: OpenAPIBackend;
beforeAll(async () => {
  const full = Bun.YAML.parse(await Bun.file(CONTRACT).text()) as { paths: Record<string, unknown> };
  // Only the paths the client can call (and their neighbours), so the validators compile quickly.
  const paths = Object.fromEntries(Object.entries(full.paths).filter(([path]) => USED_PATHS.test(path)));
  const definition = { ...full, paths } as unknown as Document;
  contract = new OpenAPIBackend({
    definition,
    strict: false,
    validate: true,
    quick: true,
    ajvOpts: { logger: false },
  });
  await contract.init();
});

function answer(r: RecordedRequest): Response {
  const path = r.url.pathname.replace("/v1", "");
  const ids = (r.url.searchParams.get("ids") ?? "").split(",");
  const playlist = {
    id: "p1",
    name: "P",
    public: false,
    snapshot_id: "s",
    uri: "spotify:playlist:p1",
    owner: { id: "u" },
    description: null,
  };
  if (path === "/me") return json({ id: "listener", display_name: "L" });
  if (path === "/me/tracks") return likesPage(library(120), r.url);
  if (path === "/artists") return json({ artists: ids.map((id) => ({ id, name: id, genres: [] })) });
  if (path === "/me/library/contains")
    return json((r.url.searchParams.get("uris") ?? "").split(",").map(() => true));
  if (path.startsWith("/artists/")) return json({ id: path.split("/")[2], name: "a", genres: [] });
  if (path === "/audio-features") return json({ audio_features: ids.map((id) => ({ id, tempo: 100 })) });
  if (path === "/me/playlists" && r.method === "GET") {
    return json({ href: "", items: [playlist], limit: 50, offset: 0, next: null, previous: null, total: 1 });
  }
  if (path === "/me/playlists") return json(playlist, 201);
  if (path.endsWith("/items") && r.method === "GET") {
    return json({ href: "", items: [], limit: 50, offset: 0, next: null, previous: null, total: 0 });
  }
  if (path.endsWith("/items")) return json({ snapshot_id: "s2" }, r.method === "POST" ? 201 : 200);
  if (path === "/playlists/p1")
    return r.method === "GET" ? json(playlist) : new Response(null, { status: 200 });
  return new Response(null, { status: 200 });
}

async function exercise(api: SpotifyUserApi) {
  await api.me();
  for await (const _page of api.likedTracks()) {
    // walk all pages
  }
  await api.getArtists(Array.from({ length: 60 }, (_, i) => `0TnOYISbd1XYRBk9myase${i}`));
  await api.getAudioFeatures(Array.from({ length: 130 }, (_, i) => `4iV5W9uYEdYUVa79Axb7R${i}`));
  await api.createPlaylist({ name: "Chill - Managed Playlist", public: false, description: "Made by Crate" });
  await api.addItems(
    "p1",
    Array.from({ length: 150 }, (_, i) => `t${i}`),
  );
  await api.addItems("p1", ["t1"], 0);
  await api.removeItems("p1", ["t1", "t2"]);
  await api.getPlaylistItems("p1");
  await api.getPlaylist("p1");
  await api.updatePlaylist("p1", { name: "Chill", public: true });
  await api.removePlaylistFromLibrary("p1");
  await api.playlistsInLibrary(["p1", "p2"]);
  await api.myPlaylists();
}

describe("client requests against the Web API contract", () => {
  test("every request matches a documented operation and validates", async () => {
    const { api, requests } = userApiOver(answer);
    await exercise(api);
    const operations = new Set<string>();
    for (const r of requests) {
      const request = {
        method: r.method,
        path: r.url.pathname.replace(/^\/v1/, ""),
        query: Object.fromEntries(r.url.searchParams),
        headers: Object.fromEntries(r.headers),
        body: r.json,
      };
      const operation = contract.matchOperation(request);
      expect(operation, `${r.method} ${request.path} is not in the contract`).toBeDefined();
      if (!operation) continue;
      operations.add(operation.operationId ?? "");
      const result = contract.validateRequest(request, operation);
      expect(result.errors ?? [], `${r.method} ${r.url.pathname}${r.url.search}`).toEqual([]);
      if (operation.deprecated) expect(DEPRECATED_BUT_USED.has(operation.operationId ?? "")).toBe(true);
    }
    expect([...operations].sort()).toEqual(CLIENT_OPERATIONS);
  });

  test("page sizes and batch sizes are the contract's maximums", async () => {
    const { api, requests } = userApiOver(answer);
    await exercise(api);
    const limitOf = (path: string) =>
      requests
        .filter((r) => r.url.pathname === `/v1${path}` && r.method === "GET")
        .map((r) => r.url.searchParams.get("limit"));
    expect(new Set(limitOf("/me/tracks"))).toEqual(new Set(["50"]));
    expect(new Set(limitOf("/playlists/p1/items"))).toEqual(new Set(["50"]));
    const idsCount = (path: string) =>
      requests
        .filter((r) => r.url.pathname === `/v1${path}`)
        .map((r) => (r.url.searchParams.get("ids") ?? "").split(",").length);
    expect(idsCount("/artists")).toEqual([50, 10]);
    expect(idsCount("/audio-features")).toEqual([100, 30]);
  });

  test("the validator refuses what Spotify refuses (it is not a rubber stamp)", () => {
    const tooMany = { method: "GET", path: "/me/tracks", query: { limit: "51", offset: "0" }, headers: {} };
    expect(contract.validateRequest(tooMany).valid).toBe(false);
    const noItems = {
      method: "DELETE",
      path: "/playlists/p1/items",
      query: {},
      headers: {},
      body: { uris: ["spotify:track:x"] },
    };
    expect(contract.validateRequest(noItems).valid).toBe(false);
    const noName = { method: "POST", path: "/me/playlists", query: {}, headers: {}, body: { public: false } };
    expect(contract.validateRequest(noName).valid).toBe(false);
  });

  test("the single-artist fallback is a documented, current operation", async () => {
    const request = { method: "GET", path: "/artists/0TnOYISbd1XYRBk9myaseg", query: {}, headers: {} };
    const operation = contract.matchOperation(request);
    expect(operation?.operationId).toBe("get-an-artist");
    expect(operation?.deprecated ?? false).toBe(false);
  });

  test("the scopes asked for are those the operations used require, and no more", () => {
    const paths = (contract.definition.paths ?? {}) as Record<
      string,
      Record<string, { security?: Record<string, string[]>[] }>
    >;
    const scopesOf = (path: string, method: string) => paths[path]?.[method]?.security?.[0]?.oauth_2_0 ?? [];
    expect(scopesOf("/me/tracks", "get")).toContain("user-library-read");
    expect(scopesOf("/me/playlists", "post")).toEqual(["playlist-modify-public", "playlist-modify-private"]);
    expect(scopesOf("/playlists/{playlist_id}/items", "get")).toContain("playlist-read-private");
    expect(scopesOf("/me/library", "delete")).toContain("user-library-modify");
    expect<string[]>([...SPOTIFY_SCOPES].sort()).toEqual(
      [
        "user-library-read",
        "user-library-modify",
        "playlist-read-private",
        "playlist-modify-public",
        "playlist-modify-private",
      ].sort(),
    );
  });
});
