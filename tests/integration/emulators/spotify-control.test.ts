import { afterAll, describe, expect, test } from "bun:test";
import { api, CONTROL, json, signIn, testEmulator } from "./spotify-support.ts";

const emulator = testEmulator();
afterAll(() => emulator.close());

const control = (method: string, path: string, body?: unknown) =>
  emulator.fetch(`${CONTROL}${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe("control API over HTTP", () => {
  test("listeners: create with N deterministic likes, refuse duplicates and bad input", async () => {
    const created = await control("POST", "/listeners", {
      id: "small-1",
      likes: 12,
      seed: 5,
      displayName: "Small",
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({
      id: "small-1",
      displayName: "Small",
      product: "free",
      likes: 12,
      demo: false,
    });
    expect((await control("POST", "/listeners", { id: "small-1", likes: 1 })).status).toBe(409);
    expect((await control("POST", "/listeners", { id: "bad id!", likes: 1 })).status).toBe(400);
    expect((await control("POST", "/listeners", { id: "x", likes: -1 })).status).toBe(400);
    expect((await control("POST", "/listeners", "{oops")).status).toBe(400);
    const list = await json<{ listeners: { id: string }[] }>(await control("GET", "/listeners"));
    expect(list.listeners.map((l) => l.id)).toEqual([
      "crate-free",
      "crate-premium",
      "crate-admin",
      "crate-ending",
      "crate-curator",
      "small-1",
    ]);
  });

  test("likes: read, like by ids or count (the last newest), unlike", async () => {
    const before = await json<{ likes: { trackId: string; addedAt: string }[] }>(
      await control("GET", "/listeners/small-1/likes"),
    );
    expect(before.likes).toHaveLength(12);
    const byCount = await json<{ liked: string[] }>(
      await control("POST", "/listeners/small-1/likes", { count: 3 }),
    );
    expect(byCount.liked).toHaveLength(3);
    const premiumIds = emulator.control
      .likes("crate-premium")
      .slice(0, 2)
      .map((l) => l.trackId);
    const byIds = await control("POST", "/listeners/small-1/likes", {
      trackIds: premiumIds,
      addedAt: "2026-03-01T10:00:00Z",
    });
    expect(await byIds.json()).toEqual({ liked: premiumIds });
    const after = emulator.control.likes("small-1");
    expect(after).toHaveLength(17);
    expect(after.slice(0, 3).map((l) => l.trackId)).toEqual([...byCount.liked].reverse());
    expect(after.find((l) => l.trackId === premiumIds[1])?.addedAt).toBe("2026-03-01T10:00:01Z");
    const removed = await control("DELETE", `/listeners/small-1/likes/${premiumIds[0]}`);
    expect(await removed.json()).toEqual({ removed: true });
    expect(await (await control("DELETE", `/listeners/small-1/likes/${premiumIds[0]}`)).json()).toEqual({
      removed: false,
    });
    expect(
      (await control("POST", "/listeners/small-1/likes", { trackIds: ["0000000000000000000000"] })).status,
    ).toBe(404);
    expect((await control("GET", "/listeners/nobody/likes")).status).toBe(404);
  });

  test("playlists: list, details with track ids, a song removed, a playlist deleted", async () => {
    const { access_token } = await signIn(emulator, "small-1");
    const created = await json<{ id: string }>(
      await api(emulator, access_token, "POST", "/me/playlists", { name: "A" }),
    );
    const tracks = emulator.control
      .likes("small-1")
      .slice(0, 3)
      .map((l) => l.trackId);
    await api(emulator, access_token, "POST", `/playlists/${created.id}/items`, {
      uris: tracks.map((t) => `spotify:track:${t}`),
    });
    const list = await json<{ playlists: { id: string; name: string; total: number }[] }>(
      await control("GET", "/listeners/small-1/playlists"),
    );
    expect(list.playlists).toMatchObject([{ id: created.id, name: "A", total: 3 }]);
    const details = await json<{ trackIds: string[]; ownerId: string }>(
      await control("GET", `/playlists/${created.id}`),
    );
    expect(details.trackIds).toEqual(tracks);
    expect(details.ownerId).toBe("small-1");
    expect(await (await control("DELETE", `/playlists/${created.id}/items/${tracks[1]}`)).json()).toEqual({
      removed: 1,
    });
    // The listener's delete unfollows (as in the Spotify app); ?hard=true removes it for good.
    expect(await (await control("DELETE", `/listeners/small-1/playlists/${created.id}`)).json()).toEqual({
      deleted: true,
      hard: false,
    });
    expect((await control("DELETE", `/listeners/crate-free/playlists/${created.id}`)).status).toBe(404);
    const unfollowed = await json<{ deleted: boolean; hardDeleted: boolean; trackIds: string[] }>(
      await control("GET", `/playlists/${created.id}`),
    );
    expect(unfollowed).toMatchObject({ deleted: true, hardDeleted: false, trackIds: [tracks[0], tracks[2]] });
    expect((await api(emulator, access_token, "GET", `/playlists/${created.id}`)).status).toBe(200);
    expect((await control("DELETE", `/listeners/small-1/playlists/${created.id}?hard=yes`)).status).toBe(400);
    expect(
      await (await control("DELETE", `/listeners/small-1/playlists/${created.id}?hard=true`)).json(),
    ).toEqual({ deleted: true, hard: true });
    const deleted = await json<{ deleted: boolean; hardDeleted: boolean; trackIds: string[] }>(
      await control("GET", `/playlists/${created.id}`),
    );
    expect(deleted).toMatchObject({ deleted: true, hardDeleted: true, trackIds: [tracks[0], tracks[2]] });
    expect((await api(emulator, access_token, "GET", `/playlists/${created.id}`)).status).toBe(404);
    expect((await control("GET", "/playlists/0000000000000000000000")).status).toBe(404);
  });

  test("track facts, token expiry, unknown paths", async () => {
    const trackId = emulator.control.likes("crate-free")[0]?.trackId ?? "";
    const facts = await json<{ id: string; artistGenres: string[]; releaseDate: string }>(
      await control("GET", `/tracks/${trackId}`),
    );
    expect(facts.id).toBe(trackId);
    expect(facts.releaseDate).toMatch(/^\d{4}(-\d\d){0,2}$/);
    const { access_token } = await signIn(emulator, "crate-free");
    const expired = await json<{ expired: number }>(await control("POST", "/tokens/expire"));
    expect(expired.expired).toBeGreaterThan(0);
    expect((await api(emulator, access_token, "GET", "/me")).status).toBe(401);
    expect((await control("GET", "/nothing")).status).toBe(404);
  });
});
