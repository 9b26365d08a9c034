import { describe, expect, test } from "bun:test";
import { createSpotifyClient } from "../../../src/server/spotify/client.ts";
import { SpotifyError } from "../../../src/server/spotify/errors.ts";
import type { FetchLike } from "../../../src/server/spotify/http.ts";
import type { AccessTokenSource, SavedTrack } from "../../../src/server/spotify/types.ts";
import {
  ACCOUNTS,
  API,
  apiError,
  fakeTime,
  json,
  library,
  likesPage,
  type RecordedRequest,
  recordingFetch,
} from "./fake-web-api.ts";

function staticTokens(): AccessTokenSource & { refreshes: number } {
  const source = {
    refreshes: 0,
    current: async () => "token-1",
    refresh: async () => {
      source.refreshes++;
      return `token-${source.refreshes + 1}`;
    },
  };
  return source;
}

function clientWith(fetch: FetchLike, extra: Record<string, unknown> = {}) {
  const time = fakeTime();
  const client = createSpotifyClient({
    apiUrl: API,
    accountsUrl: ACCOUNTS,
    clientId: "id",
    clientSecret: "secret",
    fetch,
    sleep: time.sleep,
    now: time.now,
    ...extra,
  });
  const tokens = staticTokens();
  return { client, api: client.forUser(tokens), tokens, time };
}

async function collect(pages: AsyncIterable<SavedTrack[]>): Promise<SavedTrack[][]> {
  const out: SavedTrack[][] = [];
  for await (const page of pages) out.push(page);
  return out;
}

function bodyOf<T>(r: RecordedRequest | undefined): T {
  if (!r) throw new Error("no such request");
  return r.json as T;
}

const idsParam = (r: RecordedRequest) => (r.url.searchParams.get("ids") ?? "").split(",");

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
    expect(lists[7]).toEqual({ id: "p7", name: "List 7", ownerId: "u" });
    expect(requests.map((r) => r.url.searchParams.get("offset"))).toEqual(["0", "50", "100"]);
    expect(new Set(requests.map((r) => r.url.searchParams.get("limit")))).toEqual(new Set(["50"]));
  });
});

describe("resilience", () => {
  test("a 429 waits Retry-After seconds and then succeeds", async () => {
    let calls = 0;
    const rateLimited = recordingFetch(() =>
      ++calls === 1 ? new Response("", { status: 429, headers: { "Retry-After": "3" } }) : json({ id: "me" }),
    );
    const { api, time } = clientWith(rateLimited.fetch);
    expect((await api.me()).id).toBe("me");
    expect(time.sleeps).toEqual([3000]);
    expect(rateLimited.requests).toHaveLength(2);
  });

  test("a Retry-After beyond the wait budget gives up with 429 instead of hanging", async () => {
    const { fetch, requests } = recordingFetch(
      () => new Response("", { status: 429, headers: { "Retry-After": "86400" } }),
    );
    const { api, time } = clientWith(fetch);
    const error = await api.me().catch((e) => e);
    expect(error).toBeInstanceOf(SpotifyError);
    expect((error as SpotifyError).status).toBe(429);
    expect(requests).toHaveLength(1);
    expect(time.sleeps).toEqual([]);
    // The penalty applies to every later call too: none is sent until it is over.
    expect(((await api.me().catch((e) => e)) as SpotifyError).status).toBe(429);
    expect(requests).toHaveLength(1);
  });

  test("Retry-After: 0 still pauses briefly between attempts", async () => {
    let calls = 0;
    const { fetch } = recordingFetch(() =>
      ++calls <= 2 ? new Response("", { status: 429, headers: { "Retry-After": "0" } }) : json({ id: "me" }),
    );
    const { api, time } = clientWith(fetch);
    expect((await api.me()).id).toBe("me");
    expect(time.sleeps).toEqual([100, 100]);
  });

  test("repeated 429s stop after a bounded number of attempts", async () => {
    const { fetch, requests } = recordingFetch(
      () => new Response("", { status: 429, headers: { "Retry-After": "1" } }),
    );
    const { api } = clientWith(fetch);
    expect(((await api.me().catch((e) => e)) as SpotifyError).status).toBe(429);
    expect(requests.length).toBeGreaterThan(1);
    expect(requests.length).toBeLessThanOrEqual(6);
  });

  test("5xx answers are retried with growing, jittered backoff", async () => {
    let calls = 0;
    const { fetch, requests } = recordingFetch(() =>
      ++calls <= 2 ? apiError(503, "down") : json({ id: "me" }),
    );
    const { api, time } = clientWith(fetch, { baseBackoffMs: 400 });
    expect((await api.me()).id).toBe("me");
    expect(requests).toHaveLength(3);
    expect(time.sleeps).toHaveLength(2);
    expect(time.sleeps[0]).toBeGreaterThanOrEqual(200);
    expect(time.sleeps[0]).toBeLessThanOrEqual(400);
    expect(time.sleeps[1]).toBeGreaterThanOrEqual(400);
    expect(time.sleeps[1]).toBeLessThanOrEqual(800);
  });

  test("a 503 with Retry-After waits at least that long", async () => {
    let calls = 0;
    const { fetch } = recordingFetch(() =>
      ++calls === 1 ? new Response("", { status: 503, headers: { "Retry-After": "5" } }) : json({ id: "me" }),
    );
    const { api, time } = clientWith(fetch);
    expect((await api.me()).id).toBe("me");
    expect(time.sleeps).toEqual([5000]);
  });

  test("a lasting 5xx fails after the attempt limit; a 4xx is not retried", async () => {
    const failing = recordingFetch(() => apiError(502, "bad gateway"));
    expect(
      (
        (await clientWith(failing.fetch)
          .api.me()
          .catch((e) => e)) as SpotifyError
      ).status,
    ).toBe(502);
    expect(failing.requests).toHaveLength(4);
    const bad = recordingFetch(() => apiError(400, "bad"));
    expect(
      (
        (await clientWith(bad.fetch)
          .api.me()
          .catch((e) => e)) as SpotifyError
      ).status,
    ).toBe(400);
    expect(bad.requests).toHaveLength(1);
  });

  test("every request has a timeout; a hung request is retried", async () => {
    let calls = 0;
    const fetch: FetchLike = (_input, init) => {
      calls++;
      if (calls === 1) {
        return new Promise((_, reject) => {
          init.signal?.addEventListener("abort", () => reject(init.signal?.reason));
        });
      }
      return Promise.resolve(json({ id: "me" }));
    };
    const { api } = clientWith(fetch, { timeoutMs: 30 });
    expect((await api.me()).id).toBe("me");
    expect(calls).toBe(2);
  });

  test("a 401 refreshes the token once and retries; a second 401 fails", async () => {
    const { fetch, requests } = recordingFetch((r) =>
      r.headers.get("authorization") === "Bearer token-2" ? json({ id: "me" }) : apiError(401, "expired"),
    );
    const { api, tokens } = clientWith(fetch);
    expect((await api.me()).id).toBe("me");
    expect(tokens.refreshes).toBe(1);
    expect(requests.map((r) => r.headers.get("authorization"))).toEqual(["Bearer token-1", "Bearer token-2"]);

    const always401 = recordingFetch(() => apiError(401, "expired"));
    const second = clientWith(always401.fetch);
    expect(((await second.api.me().catch((e) => e)) as SpotifyError).status).toBe(401);
    expect(second.tokens.refreshes).toBe(1);
    expect(always401.requests).toHaveLength(2);
  });

  test("at most `concurrency` requests are in flight, across users", async () => {
    let inFlight = 0;
    let peak = 0;
    const fetch: FetchLike = async () => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight--;
      return json({ id: "me" });
    };
    const { client } = clientWith(fetch, { concurrency: 2 });
    await Promise.all(Array.from({ length: 10 }, () => client.forUser(staticTokens()).me()));
    expect(peak).toBe(2);
    expect(client.callCounts()).toEqual({ "GET /me": 10, total: 10 });
    client.resetCallCounts();
    expect(client.callCounts()).toEqual({ total: 0 });
  });
});
