import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { startSpotifyEmulatorServer } from "../../../src/emulators/spotify/server.ts";
import { stateFileBeside } from "../../../src/emulators/state-files.ts";
import { startTestServer, tempDir } from "../../support/server.ts";
import { api, json, REDIRECT_URI, signIn, testEmulator, tokenCall } from "./spotify-support.ts";

const dir = tempDir("crate-spotify-state-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("state in a SQLite file", () => {
  test("listeners, likes, playlists and tokens survive a restart; the catalogue is regenerated", async () => {
    const statePath = join(dir, "restart.db");
    const first = testEmulator({ statePath });
    const created = first.control.createListener({ id: "listener-1", likes: 40, seed: 3 });
    expect(created.likes).toBe(40);
    const tokens = await signIn(first, "listener-1");
    const liked = first.control.like("listener-1", { count: 2 });
    const unliked = first.control.likes("listener-1")[5]?.trackId ?? "";
    first.control.unlike("listener-1", unliked);
    const likesBefore = first.control.likes("listener-1");
    const kept = await json<{ id: string }>(
      await api(first, tokens.access_token, "POST", "/me/playlists", { name: "Kept" }),
    );
    const deleted = await json<{ id: string }>(
      await api(first, tokens.access_token, "POST", "/me/playlists", { name: "Gone" }),
    );
    const unfollowed = await json<{ id: string }>(
      await api(first, tokens.access_token, "POST", "/me/playlists", { name: "Unfollowed" }),
    );
    const ids = likesBefore.slice(0, 30).map((l) => l.trackId);
    await api(first, tokens.access_token, "POST", `/playlists/${kept.id}/items`, {
      uris: ids.map((i) => `spotify:track:${i}`),
    });
    await api(first, tokens.access_token, "POST", `/playlists/${kept.id}/items`, {
      uris: [`spotify:track:${ids[29]}`],
      position: 0,
    });
    first.control.removePlaylistItem(kept.id, ids[3] ?? "");
    first.control.deletePlaylist("listener-1", deleted.id, { hard: true });
    first.control.deletePlaylist("listener-1", unfollowed.id);
    const keptBefore = first.control.playlist(kept.id);
    first.close();

    const second = testEmulator({ statePath });
    expect(second.control.likes("listener-1")).toEqual(likesBefore);
    expect(
      second.control
        .likes("listener-1")
        .slice(0, 2)
        .map((l) => l.trackId),
    ).toEqual([...liked].reverse());
    expect(second.control.playlist(kept.id)).toEqual(keptBefore);
    const page = await api(second, tokens.access_token, "GET", `/playlists/${kept.id}/items?limit=50`);
    expect(page.status).toBe(200);
    expect((await api(second, tokens.access_token, "GET", `/playlists/${deleted.id}`)).status).toBe(404);
    // Unfollowed stays unfollowed: out of the library, still served.
    expect((await api(second, tokens.access_token, "GET", `/playlists/${unfollowed.id}`)).status).toBe(200);
    expect(second.control.listenerPlaylists("listener-1").map((p) => p.id)).toEqual([kept.id]);
    expect(second.control.playlist(unfollowed.id)).toMatchObject({ deleted: true, hardDeleted: false });
    const refreshed = await tokenCall(second, {
      grant_type: "refresh_token",
      refresh_token: tokens.refresh_token ?? "",
    });
    expect(refreshed.status).toBe(200);
    // New playlists do not reuse ids after a restart.
    const next = await json<{ id: string }>(
      await api(second, tokens.access_token, "POST", "/me/playlists", { name: "New" }),
    );
    expect([kept.id, deleted.id]).not.toContain(next.id);
    second.close();
  });

  test("a killed process loses nothing: every change is committed before the answer", async () => {
    const statePath = join(dir, "killed.db");
    const script = join(import.meta.dir, "spotify-process.ts");
    const start = async () => {
      const child = Bun.spawn([process.execPath, script, statePath], { stdout: "pipe", stderr: "inherit" });
      const reader = child.stdout.getReader();
      const { value } = await reader.read();
      reader.releaseLock();
      return { child, url: new TextDecoder().decode(value).trim() };
    };
    const first = await start();
    const accounts = `${first.url}/emulator/spotify/accounts`;
    const authorize = `${accounts}/authorize?client_id=c&response_type=code&emulator_user=crate-free&scope=${encodeURIComponent(
      "user-library-read playlist-read-private playlist-modify-private",
    )}&redirect_uri=${encodeURIComponent(REDIRECT_URI)}`;
    const approved = await fetch(authorize, { redirect: "manual" });
    const code = new URL(approved.headers.get("location") ?? "").searchParams.get("code") ?? "";
    const tokenRes = await fetch(`${accounts}/api/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Basic ${btoa("c:s")}` },
      body: new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: REDIRECT_URI }),
    });
    const { access_token } = (await tokenRes.json()) as { access_token: string };
    const call = (url: string, method: string, path: string, body?: unknown) =>
      fetch(`${url}/emulator/spotify/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${access_token}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const likes = (await (await call(first.url, "GET", "/me/tracks?limit=5")).json()) as {
      items: { track: { uri: string } }[];
    };
    const uris = likes.items.map((i) => i.track.uri);
    const playlist = (await (
      await call(first.url, "POST", "/me/playlists", { name: "K", public: false })
    ).json()) as {
      id: string;
    };
    expect((await call(first.url, "POST", `/playlists/${playlist.id}/items`, { uris })).status).toBe(201);
    first.child.kill("SIGKILL");
    await first.child.exited;

    const second = await start();
    try {
      const page = (await (await call(second.url, "GET", `/playlists/${playlist.id}/items`)).json()) as {
        items: { item: { uri: string } }[];
      };
      expect(page.items.map((i) => i.item.uri)).toEqual(uris);
    } finally {
      second.child.kill("SIGKILL");
      await second.child.exited;
    }
  });
});

describe("determinism", () => {
  test("the same seed gives the same catalogue and likes; another seed does not", async () => {
    const a = testEmulator({ seed: 11 });
    const b = testEmulator({ seed: 11 });
    const c = testEmulator({ seed: 12 });
    const page = async (e: typeof a) => {
      const t = await signIn(e, "crate-premium");
      return json(await api(e, t.access_token, "GET", "/me/tracks?limit=50&offset=5000"));
    };
    expect(await page(a)).toEqual(await page(b));
    expect(await page(a)).not.toEqual(await page(c));
    a.control.createListener({ id: "seeded", likes: 25, seed: 9 });
    b.control.createListener({ id: "seeded", likes: 25, seed: 9 });
    expect(a.control.likes("seeded")).toEqual(b.control.likes("seeded"));
    expect(a.control.like("seeded", { count: 3 })).toEqual(b.control.like("seeded", { count: 3 }));
    for (const e of [a, b, c]) e.close();
  });
});

describe("mounted in demo mode", () => {
  test("Crate serves the emulator under /emulator/spotify with its state beside the database", async () => {
    const server = await startTestServer();
    try {
      const consent = await fetch(
        `${server.url}/emulator/spotify/accounts/authorize?client_id=${server.deps.config.spotify.clientId}` +
          `&response_type=code&redirect_uri=${encodeURIComponent(`${server.url}/api/authorize/callback`)}&state=s`,
      );
      expect(consent.status).toBe(200);
      expect(await consent.text()).toContain('value="crate-premium"');
      const me = await fetch(`${server.url}/emulator/spotify/v1/me`);
      expect(await me.json()).toEqual({ error: { status: 401, message: "No token provided" } });
      expect(existsSync(join(server.dir, "spotify-emulator.db"))).toBe(true);
    } finally {
      await server.dispose();
    }
  });

  test("in-memory databases keep the emulator in memory too", () => {
    expect(stateFileBeside(":memory:", "spotify-emulator.db")).toBeUndefined();
    expect(stateFileBeside("file::memory:?cache=shared", "paddle-emulator.db")).toBeUndefined();
    expect(stateFileBeside(join("data", "crate.db"), "spotify-emulator.db")).toBe(
      join("data", "spotify-emulator.db"),
    );
  });
});

describe("running alone on a port", () => {
  test("startSpotifyEmulatorServer serves the same paths over HTTP", async () => {
    const server = startSpotifyEmulatorServer({ port: 0, clientId: "c", clientSecret: "s" });
    try {
      const authorize = new URL(`${server.accountsUrl}/authorize`);
      for (const [k, v] of Object.entries({
        client_id: "c",
        response_type: "code",
        redirect_uri: REDIRECT_URI,
        emulator_user: "crate-admin",
        scope: "user-library-read",
      })) {
        authorize.searchParams.set(k, v);
      }
      const approved = await fetch(authorize, { redirect: "manual" });
      const code = new URL(approved.headers.get("location") ?? "").searchParams.get("code") ?? "";
      const tokenRes = await fetch(`${server.accountsUrl}/api/token`, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          authorization: `Basic ${btoa("c:s")}`,
        },
        body: new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: REDIRECT_URI }),
      });
      const { access_token } = (await tokenRes.json()) as { access_token: string };
      const me = await fetch(`${server.apiUrl}/me`, { headers: { authorization: `Bearer ${access_token}` } });
      expect(((await me.json()) as { id: string }).id).toBe("crate-admin");
      expect(server.control.calls().counts["GET /v1/me"]).toBe(1);
    } finally {
      await server.stop();
    }
  });
});
