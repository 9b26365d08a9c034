// The journal's two ways of finding a playlist the user deleted on Spotify: out of their library (what deleting
// in the Spotify app does; checked before writing, 40 a call) and a 404 on a write. Both mark it vanished and
// skip its writes; neither recreates it.

import { describe, expect, test } from "bun:test";
import { applyJournal, type JournalApi } from "../../../src/server/distribution/journal/apply.ts";
import { SpotifyError } from "../../../src/server/spotify/errors.ts";
import { playlistWithSteps, runningDistribution } from "./support.ts";

interface PlaylistSetup {
  id: string;
  spotifyId: string | null;
  status?: "active" | "frozen";
  ops: ("create" | "add" | "remove" | "unfollow")[];
}

function setup(playlists: readonly PlaylistSetup[]) {
  const { db, sqlite, deps } = runningDistribution();
  for (const p of playlists) {
    playlistWithSteps(
      db,
      {
        id: p.id,
        spotifyPlaylistId: p.spotifyId,
        name: `${p.id} - Managed Playlist`,
        status: p.status ?? "active",
      },
      p.ops.map((op, i) => ({ op, trackIds: op === "create" ? [] : [`t-${p.id}-${i}`] })),
    );
  }
  const status = (id: string) =>
    sqlite.query<{ s: string }, [string]>("SELECT status AS s FROM managed_playlists WHERE id = ?").get(id)
      ?.s;
  const results = (id: string) =>
    sqlite
      .query<{ op: string; status: string; result: string | null }, [string]>(
        "SELECT op, status, result FROM journal_steps WHERE playlist_id = ? ORDER BY id",
      )
      .all(id);
  return { deps, status, results };
}

/** Spotify's side: which playlists are out of the library, which answer 404 to writes; records the calls. */
function fakeApi(outOfLibrary: readonly string[], notFound: readonly string[] = []) {
  const checked: string[][] = [];
  const writes: string[] = [];
  let created = 0;
  const api: JournalApi = {
    async playlistsInLibrary(ids) {
      checked.push([...ids]);
      return ids.map((id) => !outOfLibrary.includes(id));
    },
    async createPlaylist() {
      created++;
      return { id: `sp-new-${created}` } as Awaited<ReturnType<JournalApi["createPlaylist"]>>;
    },
    async addItems(playlistId) {
      if (notFound.includes(playlistId)) throw new SpotifyError(404, "POST /playlists/{playlist_id}/items");
      writes.push(`add ${playlistId}`);
      return "snapshot";
    },
    async removeItems(playlistId) {
      if (notFound.includes(playlistId)) throw new SpotifyError(404, "DELETE /playlists/{playlist_id}/items");
      writes.push(`remove ${playlistId}`);
      return "snapshot";
    },
    async getPlaylistItems() {
      return [];
    },
    async playlistEntries() {
      return [];
    },
    async playlistSnapshot() {
      return "snapshot";
    },
    async removePlaylistFromLibrary(playlistId) {
      writes.push(`unfollow ${playlistId}`);
    },
  };
  return { api, checked, writes, created: () => created };
}

describe("a playlist the user deleted in the Spotify app (out of their library)", () => {
  test("is marked vanished before any write to it; its writes are skipped and it is not recreated", async () => {
    const { deps, status, results } = setup([
      { id: "kept", spotifyId: "sp-kept", ops: ["add", "add"] },
      { id: "gone", spotifyId: "sp-gone", ops: ["remove", "add"] },
    ]);
    const spotify = fakeApi(["sp-gone"]);
    expect(await applyJournal(deps, spotify.api, "d")).toBe("done");
    expect(spotify.checked.map((ids) => [...ids].sort())).toEqual([["sp-gone", "sp-kept"]]);
    expect(spotify.writes).toEqual(["add sp-kept", "add sp-kept"]);
    expect(spotify.created()).toBe(0);
    expect(status("gone")).toBe("vanished");
    expect(status("kept")).toBe("active");
    expect(results("gone")).toEqual([
      { op: "remove", status: "done", result: "vanished" },
      { op: "add", status: "done", result: "vanished" },
    ]);
  });

  test("a run that writes to playlists on Spotify asks about every one Crate keeps up to date, all in one ask", async () => {
    const written = Array.from({ length: 45 }, (_, i) => ({
      id: `p${i}`,
      spotifyId: `sp-p${i}`,
      ops: ["add" as const],
    }));
    const { deps } = setup([
      ...written,
      { id: "new", spotifyId: null, ops: ["create", "add"] },
      { id: "frozen", spotifyId: "sp-frozen", status: "frozen", ops: ["add"] },
      { id: "leaving", spotifyId: "sp-leaving", ops: ["unfollow"] },
    ]);
    const spotify = fakeApi([]);
    await applyJournal(deps, spotify.api, "d");
    // Not a new one nor a frozen one; the client splits the ask into calls of 40 (tests/unit/spotify/client.test.ts).
    expect(spotify.checked.map((ids) => [...ids].sort())).toEqual([
      [...written.map((p) => p.spotifyId), "sp-leaving"].sort(),
    ]);
    expect(spotify.writes).toContain("add sp-new-1");
    expect(spotify.writes).toContain("unfollow sp-leaving");
    expect(spotify.writes).not.toContain("add sp-frozen");
  });

  test("a run with nothing to write asks nothing", async () => {
    const { deps } = setup([{ id: "idle", spotifyId: "sp-idle", ops: [] }]);
    const spotify = fakeApi([]);
    await applyJournal(deps, spotify.api, "d");
    expect(spotify.checked).toEqual([]);
  });
});

describe("a playlist gone on Spotify (404 on a write)", () => {
  test("is marked vanished through the same path; its later writes are skipped", async () => {
    const { deps, status, results } = setup([
      { id: "kept", spotifyId: "sp-kept", ops: ["add"] },
      { id: "gone", spotifyId: "sp-gone", ops: ["add", "add"] },
    ]);
    const spotify = fakeApi([], ["sp-gone"]);
    expect(await applyJournal(deps, spotify.api, "d")).toBe("done");
    expect(spotify.writes).toEqual(["add sp-kept"]);
    expect(spotify.created()).toBe(0);
    expect(status("gone")).toBe("vanished");
    expect(results("gone")).toEqual([
      { op: "add", status: "done", result: "vanished" },
      { op: "add", status: "done", result: "vanished" },
    ]);
  });
});
