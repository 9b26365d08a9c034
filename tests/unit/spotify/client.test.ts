import { describe, expect, test } from "bun:test";
import type { SavedTrack } from "../../../src/server/spotify/types.ts";
import { bodyOf, clientWith, collect, idsParam, staticTokens } from "./client-support.ts";
import { apiError, json, library, likesPage, recordingFetch } from "./fake-web-api.ts";

describe("liked songs", () => {
  test("walks every page, 50 at a time, newest first", async () => {
    const likes = library(130);
    const { fetch, requests } = recordingFetch((r) => likesPage(likes, r.url));
    const { api } = clientWith(fetch);
    const pages = await collect(api.likedTracks());
    expect(pages.map((p) => p.length)).toEqual([50, 50, 30]);
    expect(pages.flat().map((s) => s.track.id)).toEqual(likes.map((s) => s.track.id));
    expect(
      requests.map((r) => [
        r.url.pathname,
        r.url.searchParams.get("limit"),
        r.url.searchParams.get("offset"),
      ]),
    ).toEqual([
      ["/v1/me/tracks", "50", "0"],
      ["/v1/me/tracks", "50", "50"],
      ["/v1/me/tracks", "50", "100"],
    ]);
    expect(requests[0]?.headers.get("authorization")).toBe("Bearer token-1");
  });

  test("stops at the first known like and fetches no further page", async () => {
    const likes = library(500);
    const { fetch, requests } = recordingFetch((r) => likesPage(likes, r.url));
    const { api } = clientWith(fetch);
    const known = new Set(likes.slice(74).map((s) => s.track.id));
    const seenAddedAt: string[] = [];
    const pages = await collect(
      api.likedTracks({
        isKnown: (id, addedAt) => {
          seenAddedAt.push(addedAt);
          return known.has(id);
        },
      }),
    );
    expect(pages.map((p) => p.length)).toEqual([50, 24]);
    expect(requests).toHaveLength(2);
    expect(seenAddedAt[0]).toBe(likes[0]?.added_at ?? "");
  });

  test("an empty library is one call and no page", async () => {
    const { fetch, requests } = recordingFetch((r) => likesPage([], r.url));
    const { api } = clientWith(fetch);
    expect(await collect(api.likedTracks())).toEqual([]);
    expect(requests).toHaveLength(1);
  });

  test("local files and repeated songs (a like arriving mid-walk) are skipped", async () => {
    const likes = library(60);
    const local = { ...likes[1], track: { ...likes[1]?.track, id: null, is_local: true } } as SavedTrack;
    const withLocal = [likes[0], local, ...likes.slice(2)] as SavedTrack[];
    let shifted = false;
    const { fetch } = recordingFetch((r) => {
      // After the first page, a new like shifts everything down by one.
      if (r.url.searchParams.get("offset") === "50" && !shifted) {
        shifted = true;
        return likesPage([library(1)[0] as SavedTrack, ...withLocal], r.url);
      }
      return likesPage(withLocal, r.url);
    });
    const { api } = clientWith(fetch);
    const ids = (await collect(api.likedTracks())).flat().map((s) => s.track.id);
    expect(ids).not.toContain(null);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(59);
  });
});

describe("metadata batches", () => {
  test("artists go 50 to a call, duplicates sent once, unknown ids left out", async () => {
    const { fetch, requests } = recordingFetch((r) =>
      json({
        artists: idsParam(r).map((id) => (id === "a7" ? null : { id, name: id, genres: ["indie rock"] })),
      }),
    );
    const { api } = clientWith(fetch);
    const ids = Array.from({ length: 120 }, (_, i) => `a${i}`);
    const artists = await api.getArtists([...ids, "a1", "a2"]);
    expect(requests.map((r) => idsParam(r).length)).toEqual([50, 50, 20]);
    expect(requests.every((r) => r.url.pathname === "/v1/artists")).toBe(true);
    expect(artists).toHaveLength(119);
  });

  test("a 403 on batch artists falls back to single lookups and is remembered", async () => {
    const { fetch, requests } = recordingFetch((r) => {
      if (r.url.pathname === "/v1/artists") return apiError(403, "Forbidden");
      const id = r.url.pathname.split("/").pop() ?? "";
      return id === "gone" ? apiError(404, "not found") : json({ id, name: id, genres: ["k-pop"] });
    });
    const { api, client } = clientWith(fetch);
    const first = await api.getArtists(["x1", "x2", "gone"]);
    expect(first.map((a) => a.id).sort()).toEqual(["x1", "x2"]);
    expect(requests.filter((r) => r.url.pathname === "/v1/artists")).toHaveLength(1);
    // Another user's call, later: straight to single lookups.
    await client.forUser(staticTokens()).getArtists(["y1"]);
    expect(requests.filter((r) => r.url.pathname === "/v1/artists")).toHaveLength(1);
    expect(client.callCounts()["GET /artists/{id}"]).toBe(4);
  });

  test("audio features go 100 to a call; a 403 means unavailable", async () => {
    const { fetch, requests } = recordingFetch((r) =>
      json({ audio_features: idsParam(r).map((id) => ({ id, tempo: 120, energy: 0.5 })) }),
    );
    const { api } = clientWith(fetch);
    const features = await api.getAudioFeatures(Array.from({ length: 250 }, (_, i) => `t${i}`));
    expect(requests.map((r) => idsParam(r).length)).toEqual([100, 100, 50]);
    expect(features).not.toBe("unavailable");
    expect((features as unknown[]).length).toBe(250);

    const forbidden = recordingFetch(() => apiError(403, "Forbidden"));
    expect(await clientWith(forbidden.fetch).api.getAudioFeatures(["t1"])).toBe("unavailable");
  });
});

describe("playlist writes", () => {
  test("creates with POST /me/playlists and adds 100 songs a call, in order, at increasing positions", async () => {
    const { fetch, requests } = recordingFetch((r) =>
      r.url.pathname === "/v1/me/playlists"
        ? json(
            {
              id: "p1",
              name: "Chill",
              public: false,
              snapshot_id: "s0",
              uri: "spotify:playlist:p1",
              owner: { id: "u" },
            },
            201,
          )
        : json({ snapshot_id: `s${requests.length}` }, 201),
    );
    const { api } = clientWith(fetch);
    const playlist = await api.createPlaylist({ name: "Chill", public: false, description: "by Crate" });
    expect(playlist.id).toBe("p1");
    expect(requests[0]?.json).toEqual({ name: "Chill", public: false, description: "by Crate" });
    const ids = Array.from({ length: 250 }, (_, i) => `t${i}`);
    const snapshot = await api.addItems("p1", ids, 0);
    const adds = requests.slice(1);
    expect(adds.map((r) => [r.method, r.url.pathname])).toEqual(
      Array(3).fill(["POST", "/v1/playlists/p1/items"]),
    );
    expect(adds.map((r) => (r.json as { uris: string[] }).uris.length)).toEqual([100, 100, 50]);
    expect(adds.map((r) => (r.json as { position: number }).position)).toEqual([0, 100, 200]);
    expect(bodyOf<{ uris: string[] }>(adds[0]).uris[0]).toBe("spotify:track:t0");
    expect(snapshot).toBe("s4");
    await api.addItems("p1", ["t9"]);
    expect(requests.at(-1)?.json).toEqual({ uris: ["spotify:track:t9"] });
  });

  test("removes with DELETE /playlists/{id}/items and items of uris, 100 a call", async () => {
    const { fetch, requests } = recordingFetch(() => json({ snapshot_id: "s" }));
    const { api } = clientWith(fetch);
    await api.removeItems(
      "p1",
      Array.from({ length: 150 }, (_, i) => `t${i}`),
    );
    expect(requests.map((r) => r.method)).toEqual(["DELETE", "DELETE"]);
    expect(bodyOf<{ items: { uri: string }[] }>(requests[0]).items).toHaveLength(100);
    expect(bodyOf<{ items: { uri: string }[] }>(requests[1]).items[0]).toEqual({
      uri: "spotify:track:t100",
    });
  });

  test("reads all items in order, skipping episodes and local files; a missing playlist is null", async () => {
    const entries = Array.from({ length: 120 }, (_, i) => ({
      added_at: null,
      is_local: false,
      item: { id: `t${i}`, type: "track", uri: `spotify:track:t${i}` },
    }));
    entries[3] = {
      added_at: null,
      is_local: false,
      item: { id: "e1", type: "episode", uri: "spotify:episode:e1" },
    };
    const { fetch, requests } = recordingFetch((r) => {
      if (r.url.pathname === "/v1/playlists/missing") return apiError(404, "Not found");
      const limit = Number(r.url.searchParams.get("limit"));
      const offset = Number(r.url.searchParams.get("offset"));
      return json({
        href: "",
        items: entries.slice(offset, offset + limit),
        limit,
        offset,
        previous: null,
        total: entries.length,
        next: offset + limit < entries.length ? "more" : null,
      });
    });
    const { api } = clientWith(fetch);
    const ids = await api.getPlaylistItems("p1");
    expect(ids).toHaveLength(119);
    expect(ids.slice(0, 4)).toEqual(["t0", "t1", "t2", "t4"]);
    expect(requests.map((r) => r.url.searchParams.get("limit"))).toEqual(["50", "50", "50"]);
    expect(await api.getPlaylist("missing")).toBeNull();
  });

  test("renames with PUT /playlists/{id}; removes from the library with DELETE /me/library?uris=spotify:playlist:id", async () => {
    const { fetch, requests } = recordingFetch(() => new Response(null, { status: 200 }));
    const { api } = clientWith(fetch);
    await api.updatePlaylist("p1", { name: "New", public: undefined });
    await api.updatePlaylist("p1", {});
    await api.removePlaylistFromLibrary("p1");
    expect(requests).toHaveLength(2);
    expect([requests[0]?.method, requests[0]?.url.pathname, requests[0]?.json]).toEqual([
      "PUT",
      "/v1/playlists/p1",
      { name: "New" },
    ]);
    expect([
      requests[1]?.method,
      requests[1]?.url.pathname,
      requests[1]?.url.searchParams.get("uris"),
    ]).toEqual(["DELETE", "/v1/me/library", "spotify:playlist:p1"]);
  });
});

describe("library", () => {
  test("asks whether playlists are still in the library, 40 uris a call, answers in order", async () => {
    const deleted = new Set(["p3", "p41"]);
    const { fetch, requests } = recordingFetch((r) =>
      json(
        (r.url.searchParams.get("uris") ?? "")
          .split(",")
          .map((uri) => !deleted.has(uri.replace("spotify:playlist:", ""))),
      ),
    );
    const { api } = clientWith(fetch);
    const ids = Array.from({ length: 45 }, (_, i) => `p${i}`);
    const answers = await api.playlistsInLibrary(ids);
    expect(requests.map((r) => (r.url.searchParams.get("uris") ?? "").split(",").length)).toEqual([40, 5]);
    expect(requests[0]?.url.pathname).toBe("/v1/me/library/contains");
    expect(ids.filter((_, i) => !answers[i])).toEqual(["p3", "p41"]);
    expect(await api.playlistsInLibrary([])).toEqual([]);
  });
});

describe("my playlists", () => {
  test("lists every page of /me/playlists, 50 at a time", async () => {
    const all = Array.from({ length: 120 }, (_, i) => ({
      id: `p${i}`,
      name: `List ${i}`,
      owner: { id: "u" },
      description: i === 7 ? "Kept (crate-1)" : null,
      ...(i === 9 ? {} : { snapshot_id: `v${i}` }),
    }));
    const { fetch, requests } = recordingFetch((r) => {
      const limit = Number(r.url.searchParams.get("limit"));
      const offset = Number(r.url.searchParams.get("offset"));
      const next = offset + limit < all.length ? "more" : null;
      return json({
        href: "",
        items: all.slice(offset, offset + limit),
        limit,
        offset,
        next,
        previous: null,
        total: all.length,
      });
    });
    const lists = await clientWith(fetch).api.myPlaylists();
    expect(lists).toHaveLength(120);
    expect(lists[7]).toEqual({
      id: "p7",
      name: "List 7",
      ownerId: "u",
      description: "Kept (crate-1)",
      snapshotId: "v7",
      collaborative: false,
    });
    expect(lists[8]?.description).toBeNull();
    // A listing without a version leaves it unknown (the playlist is then read on its own).
    expect(lists[9]?.snapshotId).toBeNull();
    expect(requests.map((r) => r.url.searchParams.get("offset"))).toEqual(["0", "50", "100"]);
    expect(new Set(requests.map((r) => r.url.searchParams.get("limit")))).toEqual(new Set(["50"]));
  });
});
