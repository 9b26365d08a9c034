import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { spotifyForUser } from "../../../src/server/auth/tokens.ts";
import { managedPlaylists, users } from "../../../src/server/db/schema/index.ts";
import { manualClock } from "../../../src/server/platform/clock.ts";
import { settingsSyncIdle } from "../../../src/server/settings/sync.ts";
import { setUpTestServer } from "../../support/suite.ts";
import { apiClient } from "./seed.ts";
import { createListener, signInAs } from "./signin.ts";

const clock = manualClock();
const server = setUpTestServer({}, clock);

interface EmulatedPlaylist {
  id: string;
  name: string;
  public: boolean;
}
const playlistsOf = async (listener: string) =>
  (
    (await (
      await fetch(`${server.url}/emulator/spotify/control/listeners/${listener}/playlists`)
    ).json()) as {
      playlists: EmulatedPlaylist[];
    }
  ).playlists;

const decades = ["1940s", "1950s", "1960s", "1970s", "1980s", "1990s", "2000s", "2010s", "2020s"];

/** Distributes through the real API and waits until the run has finished. */
async function distributeAndWait(cookie: string, names: string[]) {
  const api = apiClient(server.url, cookie);
  const started = await api("POST", "/api/distributor/distribute-historically", {
    playlistPreferences: names,
  });
  expect(started.status).toBe(200);
  const id = String(started.json.distributionProgressId);
  for (let tries = 0; tries < 400; tries++) {
    const progress = await api("GET", `/api/distributor/${id}/progress`);
    if (progress.json.finished === true) return;
    await Bun.sleep(25);
  }
  throw new Error("distribution did not finish");
}
const onSpotify = async (playlistId: string) =>
  (await (
    await fetch(`${server.url}/emulator/spotify/control/playlists/${playlistId}`)
  ).json()) as EmulatedPlaylist;

/** A Crate-managed playlist made through the Spotify client, as the distribution engine makes them. */
async function managedPlaylist(userId: string, entry: string) {
  const created = await spotifyForUser(server.deps, userId).createPlaylist({
    name: `${entry} - Managed Playlist`,
    public: true,
    description: "Managed by Crate",
  });
  server.deps.db
    .insert(managedPlaylists)
    .values({
      id: crypto.randomUUID(),
      userId,
      source: "predefined",
      preferenceKey: entry,
      spotifyPlaylistId: created.id,
      name: created.name,
      createdAt: server.deps.clock.now(),
    })
    .run();
  return created.id;
}

describe("settings take effect on Spotify", () => {
  test("the next playlists Crate creates follow the settings, and a change reaches the existing ones", async () => {
    const listener = `next-${Date.now()}`;
    await createListener(server.url, listener, 40);
    const { cookie } = await signInAs(server.url, listener);
    const userId =
      server.deps.db.select({ id: users.id }).from(users).where(eq(users.spotifyId, listener)).get()?.id ??
      "";
    const api = apiClient(server.url, cookie);
    await api("PUT", "/api/playlist-preferences/settings", {
      createPlaylistsAsPrivate: true,
      removePlaylistPostfix: true,
    });
    await distributeAndWait(cookie, decades);
    const created = await playlistsOf(listener);
    expect(created.length).toBeGreaterThan(0);
    for (const playlist of created) {
      expect(decades).toContain(playlist.name);
      expect(playlist.public).toBe(false);
    }

    await api("PUT", "/api/playlist-preferences/settings", {
      createPlaylistsAsPrivate: false,
      removePlaylistPostfix: false,
    });
    await settingsSyncIdle(server.deps, userId);
    const updated = await playlistsOf(listener);
    expect(updated.map((p) => p.id).sort()).toEqual(created.map((p) => p.id).sort());
    for (const playlist of updated) {
      expect(playlist.name).toEndWith(" - Managed Playlist");
      expect(playlist.public).toBe(true);
    }
    const stored = server.deps.db
      .select({ name: managedPlaylists.name })
      .from(managedPlaylists)
      .where(eq(managedPlaylists.userId, userId))
      .all()
      .map((p) => p.name)
      .sort();
    expect(stored).toEqual(updated.map((p) => p.name).sort());
  }, 60_000);

  test("toggles change privacy and names of the managed playlists; a name the listener chose stays", async () => {
    const listener = `settings-${Date.now()}`;
    await createListener(server.url, listener);
    const { cookie } = await signInAs(server.url, listener);
    const userId =
      server.deps.db.select({ id: users.id }).from(users).where(eq(users.spotifyId, listener)).get()?.id ??
      "";
    const rock = await managedPlaylist(userId, "Rock");
    const chill = await managedPlaylist(userId, "Chill");
    // the listener renames one in the Spotify app
    await spotifyForUser(server.deps, userId).updatePlaylist(chill, { name: "Sunday Morning" });

    const api = apiClient(server.url, cookie);
    const put = await api("PUT", "/api/playlist-preferences/settings", {
      createPlaylistsAsPrivate: true,
      removePlaylistPostfix: true,
    });
    expect(put.status).toBe(200);
    await settingsSyncIdle(server.deps, userId);
    expect(await onSpotify(rock)).toMatchObject({ name: "Rock", public: false });
    expect(await onSpotify(chill)).toMatchObject({ name: "Sunday Morning", public: false });

    await api("PUT", "/api/playlist-preferences/settings", {
      createPlaylistsAsPrivate: false,
      removePlaylistPostfix: false,
    });
    await settingsSyncIdle(server.deps, userId);
    expect(await onSpotify(rock)).toMatchObject({ name: "Rock - Managed Playlist", public: true });
    expect(await onSpotify(chill)).toMatchObject({ name: "Sunday Morning", public: true });
  });

  test("rapid flips end in the last state", async () => {
    const listener = `flips-${Date.now()}`;
    await createListener(server.url, listener);
    const { cookie } = await signInAs(server.url, listener);
    const userId =
      server.deps.db.select({ id: users.id }).from(users).where(eq(users.spotifyId, listener)).get()?.id ??
      "";
    const everything = await managedPlaylist(userId, "Everything");
    const api = apiClient(server.url, cookie);
    for (const [priv, remove] of [
      [true, false],
      [true, true],
      [false, true],
    ] as const) {
      await api("PUT", "/api/playlist-preferences/settings", {
        createPlaylistsAsPrivate: priv,
        removePlaylistPostfix: remove,
      });
    }
    await settingsSyncIdle(server.deps, userId);
    expect(await onSpotify(everything)).toMatchObject({ name: "Everything", public: true });
  });
});
