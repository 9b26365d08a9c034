// A creation whose answer was lost (5xx, timeout, crash) is looked for among the listener's playlists. Only a
// playlist the listener owns that carries the mark Crate wrote into its description is taken, never one found
// by name alone: a followed "Rock" of another user, or the listener's own "Rock", must stay untouched.

import { describe, expect, test } from "bun:test";
import { applyJournal, type JournalApi } from "../../../src/server/distribution/journal/apply.ts";
import { creationDescription } from "../../../src/server/distribution/journal/create-step.ts";
import { SpotifyError } from "../../../src/server/spotify/errors.ts";
import type { LibraryPlaylist } from "../../../src/server/spotify/types.ts";
import { rockBeingCreated, runningDistribution } from "./support.ts";

const ROCK = { userId: "u", source: "predefined", preferenceKey: "Rock", bucket: "", sequence: 1 };

function setup(stepStatus: "pending" | "sent" = "pending") {
  const { db, sqlite, deps } = runningDistribution({ spotifyId: "listener" });
  rockBeingCreated(db, stepStatus);
  const spotifyId = () =>
    sqlite.query<{ id: string | null }, []>("SELECT spotify_playlist_id AS id FROM managed_playlists").get()
      ?.id;
  return { deps, spotifyId };
}

/** Spotify's side: the library as listed, creations (the first `lost` answered 503 after/before applying). */
function fakeApi(library: LibraryPlaylist[], lost: { count: number; applied: boolean }) {
  const writes: string[] = [];
  const pauses: number[] = [];
  let created = 0;
  const api: JournalApi = {
    playlistsInLibrary: async (ids) => ids.map(() => true),
    async createPlaylist(input) {
      created++;
      const id = `created-${created}`;
      if (created <= lost.count) {
        if (lost.applied)
          library.unshift({
            id,
            name: input.name,
            ownerId: "listener",
            description: input.description ?? null,
          });
        throw new SpotifyError(503, "POST /me/playlists");
      }
      library.unshift({ id, name: input.name, ownerId: "listener", description: input.description ?? null });
      return { id } as Awaited<ReturnType<JournalApi["createPlaylist"]>>;
    },
    async addItems(playlistId) {
      writes.push(`add ${playlistId}`);
      return "snap";
    },
    async removeItems(playlistId) {
      writes.push(`remove ${playlistId}`);
      return "snap";
    },
    getPlaylistItems: async () => [],
    playlistEntries: async () => [],
    playlistSnapshot: async () => "snap",
    removePlaylistFromLibrary: async () => {},
    myPlaylists: async () => [...library],
    // the listing is looked at again a little apart; the waits are recorded, not slept
    pause: async (ms) => {
      pauses.push(ms);
    },
  };
  return { api, writes, created: () => created, pauses };
}

describe("finding a creation whose answer was lost", () => {
  test("a followed playlist of another owner with the same name is never taken", async () => {
    const { deps, spotifyId } = setup();
    const theirs = {
      id: "theirs",
      name: "Rock",
      ownerId: "someone-else",
      description: creationDescription(ROCK),
    };
    const { api, writes, created, pauses } = fakeApi([theirs], { count: 1, applied: false });
    expect(await applyJournal(deps, api, "d")).toBe("done");
    // the listing was looked at again before a second playlist was made
    expect(pauses).toEqual([1_000, 2_000, 4_000]);
    expect(spotifyId()).toBe("created-2");
    expect(created()).toBe(2);
    expect(writes).toEqual(["add created-2"]);
  });

  test("the listener's own playlist of that name without Crate's mark is never taken", async () => {
    const { deps, spotifyId } = setup();
    const own = { id: "own", name: "Rock", ownerId: "listener", description: "my rock" };
    const { api, writes } = fakeApi([own], { count: 1, applied: false });
    await applyJournal(deps, api, "d");
    expect(spotifyId()).toBe("created-2");
    expect(writes).toEqual(["add created-2"]);
  });

  test("the playlist Crate made (its mark, the listener's) is taken instead of a second one", async () => {
    const { deps, spotifyId } = setup();
    const theirs = { id: "theirs", name: "Rock", ownerId: "someone-else", description: null };
    const { api, writes, created } = fakeApi([theirs], { count: 1, applied: true });
    await applyJournal(deps, api, "d");
    expect(created()).toBe(1);
    expect(spotifyId()).toBe("created-1");
    expect(writes).toEqual(["add created-1"]);
  });

  test("after a crash (a creation marked sent) only the marked playlist is taken", async () => {
    const { deps, spotifyId } = setup("sent");
    const theirs = { id: "theirs", name: "Rock", ownerId: "someone-else", description: null };
    const mine = { id: "mine", name: "Rock", ownerId: "listener", description: creationDescription(ROCK) };
    const { api, created } = fakeApi([theirs, mine], { count: 0, applied: false });
    await applyJournal(deps, api, "d");
    expect(created()).toBe(0);
    expect(spotifyId()).toBe("mine");
  });
});
