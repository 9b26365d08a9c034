// A rule may name only the listener's own or collaborative playlists. A choices document can carry any playlist id,
// so the run reads the songs of a named playlist only when it is still the listener's: another person's public
// playlist holds no song for the rule (no listener learns what another listens to through a rule).
import { describe, expect, test } from "bun:test";
import { openDatabase } from "../../../src/server/db/client.ts";
import { readSourcePlaylists } from "../../../src/server/library/source-playlists.ts";
import { sourcePlaylistsOf } from "../../../src/server/library/source-playlists-repository.ts";
import type { Playlist, SpotifyUserApi } from "../../../src/server/spotify/types.ts";
import { createUser } from "../../support/factories.ts";

function playlist(id: string, ownerId: string, collaborative = false): Playlist {
  return {
    id,
    name: id,
    description: null,
    public: true,
    collaborative,
    snapshot_id: `${id}-snap`,
    uri: `spotify:playlist:${id}`,
    owner: { id: ownerId } as Playlist["owner"],
  };
}

describe("the playlists a rule names", () => {
  test("another person's playlist holds no song for the rule; the listener's own and collaborative ones do", async () => {
    const { db } = openDatabase(":memory:");
    createUser(db, { id: "u", spotifyId: "me" });
    const playlists = new Map([
      ["mine", playlist("mine", "me")],
      ["shared", playlist("shared", "friend", true)],
      ["theirs", playlist("theirs", "stranger")],
    ]);
    const itemsRead: string[] = [];
    const api = {
      getPlaylist: async (id: string) => playlists.get(id) ?? null,
      getPlaylistItems: async (id: string) => {
        itemsRead.push(id);
        return [`${id}-song`];
      },
    } as unknown as SpotifyUserApi;
    await readSourcePlaylists({ db, clock: { now: () => 1_000 } } as never, api, "u", [
      "mine",
      "shared",
      "theirs",
    ]);
    const songs = Object.fromEntries(sourcePlaylistsOf(db, "u").map((p) => [p.playlistId, p.trackIds]));
    expect(songs).toEqual({ mine: ["mine-song"], shared: ["shared-song"], theirs: [] });
    expect(itemsRead.sort()).toEqual(["mine", "shared"]);
  });
});
