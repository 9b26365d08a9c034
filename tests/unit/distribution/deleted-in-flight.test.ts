// Reads never write, and a playlist deleted while Crate is creating it on Spotify leaves nothing behind there.

import { describe, expect, test } from "bun:test";
import { listCombinatorialPreferencesOf } from "../../../src/server/distribution/combinations/requests/service.ts";
import { applyJournal, type JournalApi } from "../../../src/server/distribution/journal/apply.ts";
import { rockBeingCreated, runningDistribution } from "./support.ts";

function setup() {
  const world = runningDistribution();
  rockBeingCreated(world.db);
  return world;
}

describe("a playlist deleted while its creation is in flight", () => {
  test("the playlist Spotify made is removed from the library again; nothing is added to it", async () => {
    const { sqlite, deps } = setup();
    const calls: string[] = [];
    const api: JournalApi = {
      playlistsInLibrary: async (ids) => ids.map(() => true),
      async createPlaylist() {
        // the listener deletes "Rock" meanwhile (deletePredefined drops a row with no Spotify playlist yet)
        sqlite.query("DELETE FROM managed_playlists WHERE id = 'rock'").run();
        calls.push("create");
        return { id: "sp-rock" } as Awaited<ReturnType<JournalApi["createPlaylist"]>>;
      },
      async addItems(id) {
        calls.push(`add ${id}`);
        return "snap";
      },
      removeItems: async () => "snap",
      getPlaylistItems: async () => [],
      playlistEntries: async () => [],
      playlistSnapshot: async () => "snap",
      async removePlaylistFromLibrary(id) {
        calls.push(`unfollow ${id}`);
      },
    };
    expect(await applyJournal(deps, api, "d")).toBe("done");
    expect(calls).toEqual(["create", "unfollow sp-rock"]);
    const open = sqlite
      .query<{ n: number }, []>("SELECT count(*) AS n FROM journal_steps WHERE status != 'done'")
      .get();
    expect(open?.n).toBe(0);
  });
});

describe("reading the combinations", () => {
  test("never deletes rows, even of a combination whose deletion has finished", () => {
    const { db, sqlite } = setup();
    sqlite
      .query(
        `INSERT INTO combinations (id, user_id, playlist_name, criteria, active, created_at)
         VALUES ('c', 'u', 'Mine', '[]', 0, 0)`,
      )
      .run();
    const before = sqlite.query<{ n: number }, []>("SELECT total_changes() AS n").get()?.n;
    expect(listCombinatorialPreferencesOf({ db }, "u")).toEqual([]);
    expect(sqlite.query<{ n: number }, []>("SELECT total_changes() AS n").get()?.n).toBe(before as number);
    expect(sqlite.query<{ n: number }, []>("SELECT count(*) AS n FROM combinations").get()?.n).toBe(1);
  });
});
