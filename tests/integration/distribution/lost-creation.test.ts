// With the "Managed Playlist" postfix off, Crate's playlist is plainly "Everything". The listener follows
// another user's public "Everything"; Crate's creation answers 503. Crate must find (or make) its own playlist,
// recognised by the mark in its description and the listener's ownership, and never write to the other one.
import { beforeAll, describe, expect, test } from "bun:test";
import { type Listener, setUpHarness } from "./support.ts";

const h = setUpHarness();
let listener: Listener;

beforeAll(async () => {
  h.spotify.control.createListener({ id: "other-owner", likes: 10 });
  listener = await h.premiumListener("plain-names-listener", 150);
  h.crate.deps.db.$client
    .query(
      `INSERT INTO user_settings (user_id, create_playlists_as_private, remove_playlist_postfix) VALUES (?, 0, 1)
       ON CONFLICT (user_id) DO UPDATE SET remove_playlist_postfix = 1`,
    )
    .run(listener.userId);
}, 60_000);

describe("a creation answered 503 beside a followed playlist of the same name", () => {
  test("Crate's songs go to a playlist the listener owns; the followed one is untouched", async () => {
    const theirs = h.spotify.control.createPlaylist("other-owner", { name: "Everything", public: true });
    h.spotify.control.addPlaylistItems(
      theirs.id,
      h.spotify.control.likes("other-owner").map((l) => l.trackId),
    );
    h.spotify.control.followPlaylist(listener.id, theirs.id);
    h.spotify.control.setFaults({ next5xx: { "POST /v1/me/playlists": 1 } });

    await h.distributeAndWait(listener, ["Everything"]);
    h.spotify.control.setFaults({});

    expect(h.spotify.control.playlist(theirs.id)?.total).toBe(10);
    const named = h.spotify.control.listenerPlaylists(listener.id).filter((p) => p.name === "Everything");
    expect(named.map((p) => p.ownerId).sort()).toEqual(["other-owner", "plain-names-listener"]);
    const mine = named.find((p) => p.ownerId === "plain-names-listener");
    expect(mine?.total).toBe(150);
    expect(mine?.description).toContain("crate-");
    const stored = h.crate.deps.db.$client
      .query<{ id: string }, [string]>(
        "SELECT spotify_playlist_id AS id FROM managed_playlists WHERE user_id = ? AND preference_key = 'Everything'",
      )
      .get(listener.userId);
    expect(stored?.id).toBe(mine?.id as string);
  }, 60_000);
});
