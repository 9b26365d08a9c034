// Songs returning to their like-order place are journal add steps with a position: a resumed run sends only
// what the playlist lacks (no duplicates), and a place past the playlist's end goes to its end instead of
// failing the playlist.

import { describe, expect, test } from "bun:test";
import { applyJournal, type JournalApi } from "../../../src/server/distribution/journal/apply.ts";
import { SpotifyError } from "../../../src/server/spotify/errors.ts";
import { addJournalSteps, createManagedPlaylist } from "../../support/factories.ts";
import { runningDistribution } from "./support.ts";

function setup(steps: { trackIds: string[]; position: number | null }[]) {
  const { db, sqlite, deps } = runningDistribution();
  createManagedPlaylist(db, { id: "p", userId: "u", preferenceKey: "1990s", spotifyPlaylistId: "sp-p" });
  addJournalSteps(
    db,
    "d",
    steps.map((step) => ({ playlistId: "p", op: "add" as const, ...step })),
  );
  const playlistStatus = () =>
    sqlite.query<{ status: string }, []>("SELECT status FROM managed_playlists WHERE id = 'p'").get()?.status;
  const stepStatuses = () =>
    sqlite
      .query<{ status: string }, []>("SELECT status FROM journal_steps ORDER BY id")
      .all()
      .map((s) => s.status);
  return { deps, playlistStatus, stepStatuses };
}

/** A Spotify playlist that honours `position` as the Web API does (400 past the end). */
function spotify(items: string[]) {
  const calls: { trackIds: string[]; position?: number }[] = [];
  const api: JournalApi = {
    playlistsInLibrary: async (ids) => ids.map(() => true),
    createPlaylist: async () => {
      throw new Error("not expected");
    },
    async addItems(_playlistId, trackIds, position) {
      calls.push({ trackIds: [...trackIds], position });
      if (position !== undefined && position > items.length)
        throw new SpotifyError(400, "POST /playlists/{playlist_id}/items", "Index out of bounds");
      items.splice(position ?? items.length, 0, ...trackIds);
      return "snap";
    },
    removeItems: async () => "snap",
    getPlaylistItems: async () => [...items],
    removePlaylistFromLibrary: async () => {},
  };
  return { api, items, calls };
}

describe("add steps with a position", () => {
  test("a resumed run does not send again what Spotify already holds, and inserts the rest at its place", async () => {
    // b (place 1) was applied before a crash lost its mark; d (place 3) was not.
    const { deps, stepStatuses } = setup([
      { trackIds: ["b"], position: 1 },
      { trackIds: ["d"], position: 3 },
    ]);
    const s = spotify(["a", "b", "c", "e"]);
    expect(await applyJournal(deps, s.api, "d", () => false, true)).toBe("done");
    expect(s.items).toEqual(["a", "b", "c", "d", "e"]);
    expect(s.calls).toEqual([{ trackIds: ["d"], position: 3 }]);
    expect(stepStatuses()).toEqual(["done", "done"]);
  });

  test("a first run inserts each run of places in order", async () => {
    const { deps } = setup([
      { trackIds: ["b1", "b2"], position: 1 },
      { trackIds: ["d"], position: 5 },
      { trackIds: ["f"], position: null },
    ]);
    const s = spotify(["a", "c1", "c2", "e"]);
    expect(await applyJournal(deps, s.api, "d")).toBe("done");
    expect(s.items).toEqual(["a", "b1", "b2", "c1", "c2", "d", "e", "f"]);
  });

  test("a place past the end (the listener took songs out since) goes to the end; the playlist stays active", async () => {
    const { deps, playlistStatus, stepStatuses } = setup([{ trackIds: ["x"], position: 9 }]);
    const s = spotify(["a", "b"]);
    expect(await applyJournal(deps, s.api, "d")).toBe("done");
    expect(s.items).toEqual(["a", "b", "x"]);
    expect(s.calls).toEqual([
      { trackIds: ["x"], position: 9 },
      { trackIds: ["x"], position: 2 },
    ]);
    expect(playlistStatus()).toBe("active");
    expect(stepStatuses()).toEqual(["done"]);
  });

  test("another 400 is still a refusal for good after one look", async () => {
    const { deps, playlistStatus } = setup([{ trackIds: ["x"], position: 1 }]);
    const s = spotify(["a", "b"]);
    s.api.addItems = async () => {
      throw new SpotifyError(400, "POST /playlists/{playlist_id}/items", "Playlist size limit reached");
    };
    expect(await applyJournal(deps, s.api, "d")).toBe("done");
    expect(playlistStatus()).toBe("failed");
  });
});
