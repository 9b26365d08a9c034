// Songs returning to their place are journal add steps with a position among the songs Crate placed. The journal
// reads the playlist's snapshot before its first write of a run and its items only when the snapshot moved, and
// lands each insert at its place whatever the listener removed or added by hand; a resumed run sends only what
// the playlist lacks.

import { describe, expect, test } from "bun:test";
import { applyJournal, type JournalApi } from "../../../src/server/distribution/journal/apply.ts";
import { SpotifyError } from "../../../src/server/spotify/errors.ts";
import {
  addJournalSteps,
  addPlaylistSongs,
  createDistribution,
  createManagedPlaylist,
} from "../../support/factories.ts";
import { runningDistribution } from "./support.ts";

interface Step {
  trackIds: string[];
  position: number | null;
  anchors?: { after: string[]; before: string[] };
}

/** Playlist `p` on Spotify as `sp-p`; Crate's record holds `held`, and knew the playlist at `snapshotId`. */
function setup(held: string[], steps: Step[], snapshotId: string | null = null) {
  const { db, sqlite, deps } = runningDistribution();
  createManagedPlaylist(db, {
    id: "p",
    userId: "u",
    preferenceKey: "1990s",
    spotifyPlaylistId: "sp-p",
    snapshotId,
  });
  addPlaylistSongs(db, "p", held);
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
  const missing = () =>
    sqlite
      .query<{ track_id: string }, []>(
        "SELECT track_id FROM playlist_songs WHERE missing_since IS NOT NULL ORDER BY track_id",
      )
      .all()
      .map((r) => r.track_id);
  const activity = () =>
    sqlite
      .query<{ kind: string; count: number; songs: string }, []>(
        "SELECT kind, count, songs FROM playlist_activity ORDER BY id",
      )
      .all()
      .map((r) => ({ kind: r.kind, count: r.count, songs: JSON.parse(r.songs) as string[] }));
  return { deps, playlistStatus, stepStatuses, missing, activity };
}

/** A Spotify playlist that honours `position` as the Web API does (400 past the end), with a version per change. */
function spotify(items: string[], version = "v0") {
  const calls: { trackIds: string[]; position?: number }[] = [];
  const reads = { snapshots: 0, items: 0 };
  let snapshot = version;
  let changes = 0;
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
      snapshot = `v${++changes}`;
      return snapshot;
    },
    removeItems: async () => "snap",
    getPlaylistItems: async () => [...items],
    playlistEntries: async () => {
      reads.items++;
      return [...items];
    },
    playlistSnapshot: async () => {
      reads.snapshots++;
      return snapshot;
    },
    removePlaylistFromLibrary: async () => {},
  };
  return { api, items, calls, reads };
}

describe("add steps with a position", () => {
  test("a resumed run does not send again what Spotify already holds, and inserts the rest at its place", async () => {
    // b (place 1) was applied before a crash lost its mark; d (place 3) was not.
    const { deps, stepStatuses } = setup(
      ["a", "c", "e"],
      [
        { trackIds: ["b"], position: 1 },
        { trackIds: ["d"], position: 3 },
      ],
    );
    const s = spotify(["a", "b", "c", "e"]);
    expect(await applyJournal(deps, s.api, "d", () => false, true)).toBe("done");
    expect(s.items).toEqual(["a", "b", "c", "d", "e"]);
    expect(s.calls).toEqual([{ trackIds: ["d"], position: 3 }]);
    expect(stepStatuses()).toEqual(["done", "done"]);
  });

  test("nothing moved since Crate's last write: one snapshot read, no items read, each run of places in order", async () => {
    const { deps } = setup(
      ["a", "c1", "c2", "e"],
      [
        { trackIds: ["b1", "b2"], position: 1 },
        { trackIds: ["d"], position: 5 },
        { trackIds: ["f"], position: null },
      ],
      "v0",
    );
    const s = spotify(["a", "c1", "c2", "e"]);
    expect(await applyJournal(deps, s.api, "d")).toBe("done");
    expect(s.items).toEqual(["a", "b1", "b2", "c1", "c2", "d", "e", "f"]);
    expect(s.reads).toEqual({ snapshots: 1, items: 0 });
  });

  test("the listener removed songs and added one by hand: the insert lands after its nearest song still there", async () => {
    // Crate placed a b c d e; the listener removed b, c and d and put h at the top. The plan, made before
    // anyone looked, places x after d (its 4th place).
    const { deps, missing, activity } = setup(
      ["a", "b", "c", "d", "e"],
      [{ trackIds: ["x"], position: 4, anchors: { after: ["d", "c", "b", "a"], before: ["e"] } }],
      "v0",
    );
    const s = spotify(["h", "a", "e"], "v7");
    expect(await applyJournal(deps, s.api, "d")).toBe("done");
    expect(s.items).toEqual(["h", "a", "x", "e"]);
    expect(s.reads).toEqual({ snapshots: 1, items: 1 });
    expect(missing()).toEqual(["b", "c", "d"]);
    expect(activity()).toEqual([
      { kind: "removedInSpotify", count: 3, songs: ["b", "c", "d"] },
      { kind: "added", count: 1, songs: ["x"] },
    ]);
  });

  test("a place the listener's songs pushed along: after its neighbour, not at the count", async () => {
    // Two songs added by hand before Crate's second song: place 2 among Crate's songs is index 4 on Spotify.
    const { deps } = setup(
      ["a", "b", "c"],
      [{ trackIds: ["x"], position: 2, anchors: { after: ["b", "a"], before: ["c"] } }],
      "v0",
    );
    const s = spotify(["a", "h1", "h2", "b", "c"], "v3");
    expect(await applyJournal(deps, s.api, "d")).toBe("done");
    expect(s.items).toEqual(["a", "h1", "h2", "b", "x", "c"]);
  });

  test("the songs added by hand are remembered: the next run's insert needs no items read while nothing moves", async () => {
    const { deps } = setup(
      ["a", "b"],
      [
        { trackIds: ["x"], position: 1, anchors: { after: ["a"], before: ["b"] } },
        { trackIds: ["y"], position: 3, anchors: { after: ["b", "x", "a"], before: [] } },
      ],
      "v0",
    );
    const s = spotify(["a", "h", "b"], "v1");
    expect(await applyJournal(deps, s.api, "d")).toBe("done");
    expect(s.items).toEqual(["a", "x", "h", "b", "y"]);
    expect(s.reads).toEqual({ snapshots: 1, items: 1 });
    // The next update inserts z after b, the third of Crate's songs: index 4 on Spotify, from what Crate kept.
    createDistribution(deps.db, { id: "d2", userId: "u" });
    addJournalSteps(deps.db, "d2", [{ playlistId: "p", op: "add", trackIds: ["z"], position: 3 }]);
    expect(await applyJournal(deps, s.api, "d2")).toBe("done");
    expect(s.items).toEqual(["a", "x", "h", "b", "z", "y"]);
    expect(s.reads).toEqual({ snapshots: 2, items: 1 });
  });

  test("a place Spotify refuses (the playlist changed under the run) is looked up again, once", async () => {
    // Crate's record says a b c d at version v0, and Spotify says v0 too, yet holds only a and b.
    const { deps, playlistStatus, stepStatuses } = setup(
      ["a", "b", "c", "d"],
      [{ trackIds: ["x"], position: 4, anchors: { after: ["d", "c", "b", "a"], before: [] } }],
      "v0",
    );
    const s = spotify(["a", "b"]);
    expect(await applyJournal(deps, s.api, "d")).toBe("done");
    expect(s.items).toEqual(["a", "b", "x"]);
    expect(s.calls).toEqual([
      { trackIds: ["x"], position: 4 },
      { trackIds: ["x"], position: 2 },
    ]);
    expect(playlistStatus()).toBe("active");
    expect(stepStatuses()).toEqual(["done"]);
  });

  test("another 400 is still a refusal for good after one look", async () => {
    const { deps, playlistStatus } = setup(["a", "b"], [{ trackIds: ["x"], position: 1 }]);
    const s = spotify(["a", "b"]);
    s.api.addItems = async () => {
      throw new SpotifyError(400, "POST /playlists/{playlist_id}/items", "Playlist size limit reached");
    };
    expect(await applyJournal(deps, s.api, "d")).toBe("done");
    expect(playlistStatus()).toBe("failed");
  });
});
