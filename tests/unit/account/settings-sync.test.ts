import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { type OpenedDatabase, openDatabase } from "../../../src/server/db/client.ts";
import { managedPlaylists, users } from "../../../src/server/db/schema/index.ts";
import { manualClock } from "../../../src/server/platform/clock.ts";
import { createLogger } from "../../../src/server/platform/log.ts";
import { writeSettings } from "../../../src/server/settings/store.ts";
import { type PlaylistApi, syncPlaylistSettings } from "../../../src/server/settings/sync.ts";
import { SpotifyAuthRevokedError, SpotifyError } from "../../../src/server/spotify/errors.ts";
import type { Playlist, PlaylistChanges } from "../../../src/server/spotify/types.ts";
import { tempDir } from "../../support/server.ts";

let dir: string;
let database: OpenedDatabase;
const clock = manualClock();
beforeAll(() => {
  dir = tempDir();
  database = openDatabase(join(dir, "crate.db"));
});
afterAll(() => {
  database.close();
  rmSync(dir, { recursive: true, force: true });
});

const deps = () => ({ db: database.db, log: createLogger("silent"), clock });

/** Spotify's side, in memory: playlists by id (`unfollowed`: out of the listener's library); records the calls. */
function fakeSpotify(
  names: Record<string, string>,
  failOn: Record<string, Error> = {},
  unfollowed: readonly string[] = [],
) {
  const calls: string[] = [];
  const state = new Map(Object.entries(names).map(([id, name]) => [id, { name, public: true as boolean }]));
  const api: PlaylistApi = {
    async playlistsInLibrary(ids) {
      calls.push(`CONTAINS ${ids.join(",")}`);
      return ids.map((id) => state.has(id) && !unfollowed.includes(id));
    },
    async getPlaylist(id) {
      calls.push(`GET ${id}`);
      const p = state.get(id);
      return p ? ({ id, name: p.name, public: p.public } as Playlist) : null;
    },
    async updatePlaylist(id, changes: PlaylistChanges) {
      calls.push(`PUT ${id} ${JSON.stringify(changes)}`);
      const failure = failOn[id];
      if (failure) throw failure;
      const p = state.get(id);
      if (!p) throw new SpotifyError(404, "PUT /playlists/{playlist_id}");
      if (changes.name !== undefined) p.name = changes.name;
      if (changes.public !== undefined) p.public = changes.public;
    },
  };
  return { api, calls, state };
}

let n = 0;
function userWithPlaylists(playlists: { name: string; status?: "active" | "frozen" }[]) {
  const userId = crypto.randomUUID();
  const db = database.db;
  db.insert(users)
    .values({ id: userId, spotifyId: `sp-${userId}`, createdAt: clock.now(), lastLoginAt: clock.now() })
    .run();
  const ids = playlists.map((p) => {
    const id = `pl-${++n}`;
    db.insert(managedPlaylists)
      .values({
        id,
        userId,
        source: "predefined",
        preferenceKey: p.name,
        spotifyPlaylistId: `sp-${id}`,
        name: p.name,
        status: p.status ?? "active",
        createdAt: clock.now(),
      })
      .run();
    return `sp-${id}`;
  });
  return { userId, ids };
}
const storedStatus = (spotifyId: string) =>
  database.db
    .select({ status: managedPlaylists.status })
    .from(managedPlaylists)
    .where(eq(managedPlaylists.spotifyPlaylistId, spotifyId))
    .get()?.status;
const storedName = (spotifyId: string) =>
  database.db
    .select({ name: managedPlaylists.name })
    .from(managedPlaylists)
    .where(eq(managedPlaylists.spotifyPlaylistId, spotifyId))
    .get()?.name;

describe("applying the settings to Spotify", () => {
  test("privacy only: one library check, then one update per active playlist, no reads, names untouched", async () => {
    const { userId, ids } = userWithPlaylists([
      { name: "Rock - Managed Playlist" },
      { name: "Chill - Managed Playlist" },
      { name: "Pop - Managed Playlist", status: "frozen" },
    ]);
    writeSettings(database.db, userId, { createPlaylistsAsPrivate: true, removePlaylistPostfix: false });
    const spotify = fakeSpotify(
      Object.fromEntries(ids.map((id, i) => [id, ["Rock", "Chill", "Pop"][i] ?? ""])),
    );
    const result = await syncPlaylistSettings(deps(), userId, spotify.api);
    expect(spotify.calls).toEqual([
      `CONTAINS ${ids[0]},${ids[1]}`,
      `PUT ${ids[0]} {"public":false}`,
      `PUT ${ids[1]} {"public":false}`,
    ]);
    expect(result).toMatchObject({ updated: 2, renamed: 0 });
  });

  test("postfix removed and added back, with the privacy in the same call", async () => {
    const { userId, ids } = userWithPlaylists([{ name: "Everything 2 - Managed Playlist" }]);
    const id = ids[0] ?? "";
    const spotify = fakeSpotify({ [id]: "Everything 2 - Managed Playlist" });
    writeSettings(database.db, userId, { createPlaylistsAsPrivate: false, removePlaylistPostfix: true });
    await syncPlaylistSettings(deps(), userId, spotify.api);
    expect(spotify.state.get(id)).toEqual({ name: "Everything 2", public: true });
    expect(storedName(id)).toBe("Everything 2");

    writeSettings(database.db, userId, { createPlaylistsAsPrivate: true, removePlaylistPostfix: false });
    const result = await syncPlaylistSettings(deps(), userId, spotify.api);
    expect(spotify.state.get(id)).toEqual({ name: "Everything 2 - Managed Playlist", public: false });
    expect(storedName(id)).toBe("Everything 2 - Managed Playlist");
    expect(result).toMatchObject({ updated: 1, renamed: 1 });
  });

  test("a playlist the listener renamed keeps their name; only its privacy changes", async () => {
    const { userId, ids } = userWithPlaylists([{ name: "Party - Managed Playlist" }]);
    const id = ids[0] ?? "";
    const spotify = fakeSpotify({ [id]: "Friday Night" });
    writeSettings(database.db, userId, { createPlaylistsAsPrivate: true, removePlaylistPostfix: true });
    const result = await syncPlaylistSettings(deps(), userId, spotify.api);
    expect(spotify.state.get(id)).toEqual({ name: "Friday Night", public: false });
    expect(result).toMatchObject({ keptListenerName: 1, renamed: 0 });
  });

  test("a playlist gone on Spotify is skipped; revoked access stops the run", async () => {
    const { userId, ids } = userWithPlaylists([
      { name: "Moody - Managed Playlist" },
      { name: "Beats - Managed Playlist" },
      { name: "Upbeat - Managed Playlist" },
    ]);
    const [gone, revoked, never] = ids;
    const spotify = fakeSpotify(
      { [revoked ?? ""]: "Beats - Managed Playlist", [never ?? ""]: "Upbeat - Managed Playlist" },
      { [revoked ?? ""]: new SpotifyAuthRevokedError(userId) },
    );
    writeSettings(database.db, userId, { createPlaylistsAsPrivate: false, removePlaylistPostfix: true });
    const result = await syncPlaylistSettings(deps(), userId, spotify.api);
    expect(result).toMatchObject({ missing: 1, updated: 0, stoppedBy: "access revoked" });
    expect(spotify.calls.some((c) => c.startsWith("PUT") && c.includes(never ?? "?"))).toBe(false);
    expect(storedName(gone ?? "")).toBe("Moody - Managed Playlist");
    expect(storedStatus(gone ?? "")).toBe("vanished");
    expect(storedStatus(never ?? "")).toBe("active");
  });

  test("a playlist the listener deleted in the app (out of the library) is marked vanished, never changed", async () => {
    const { userId, ids } = userWithPlaylists([
      { name: "Chill - Managed Playlist" },
      { name: "Party - Managed Playlist" },
    ]);
    const [deleted, kept] = ids;
    const spotify = fakeSpotify(
      { [deleted ?? ""]: "Chill - Managed Playlist", [kept ?? ""]: "Party - Managed Playlist" },
      {},
      [deleted ?? ""],
    );
    writeSettings(database.db, userId, { createPlaylistsAsPrivate: true, removePlaylistPostfix: true });
    const result = await syncPlaylistSettings(deps(), userId, spotify.api);
    expect(result).toMatchObject({ missing: 1, updated: 1, renamed: 1 });
    expect(spotify.calls.filter((c) => c.includes(deleted ?? "?"))).toEqual([`CONTAINS ${deleted},${kept}`]);
    expect(spotify.state.get(deleted ?? "")).toEqual({ name: "Chill - Managed Playlist", public: true });
    expect(spotify.state.get(kept ?? "")).toEqual({ name: "Party", public: false });
    expect(storedStatus(deleted ?? "")).toBe("vanished");
    expect(storedName(deleted ?? "")).toBe("Chill - Managed Playlist");
    // Once vanished it is left out of later syncs altogether.
    const again = fakeSpotify({ [deleted ?? ""]: "Chill - Managed Playlist", [kept ?? ""]: "Party" });
    await syncPlaylistSettings(deps(), userId, again.api);
    expect(again.calls.some((c) => c.includes(deleted ?? "?"))).toBe(false);
  });
});
