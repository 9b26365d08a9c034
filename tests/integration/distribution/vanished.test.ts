// A managed playlist the listener deleted in the Spotify app. On Spotify that unfollows it: it leaves their
// library, yet the Web API still serves it and still accepts songs. Crate checks the library before writing,
// so the playlist gets no new songs, is not recreated or renamed, and the user sees it marked as vanished,
// exactly as when Spotify answers 404 (tests/integration/distribution/hourly.test.ts covers that path).
import { beforeAll, describe, expect, test } from "bun:test";
import { readTokens } from "../../../src/server/auth/tokens.ts";
import { runHourlySync } from "../../../src/server/distribution/batch/batch-jobs.ts";
import { genresOf } from "../../../src/server/library/classify.ts";
import { settingsSyncIdle } from "../../../src/server/settings/sync.ts";
import { type Listener, managed, setUpHarness } from "./support.ts";

const h = setUpHarness();
let listener: Listener;
const CONTAINS = "GET /v1/me/library/contains";

function spotifyPlaylist(name: string) {
  const found = h.spotify.control
    .listenerPlaylists(listener.id, { includeDeleted: true })
    .filter((p) => p.name === managed(name));
  if (found.length !== 1) throw new Error(`${found.length} playlists named ${name}`);
  return found[0] as (typeof found)[number];
}

function statusOf(spotifyId: string): string | undefined {
  return h.crate.deps.db.$client
    .query<{ status: string }, [string]>("SELECT status FROM managed_playlists WHERE spotify_playlist_id = ?")
    .get(spotifyId)?.status;
}

type Vanished = { source: string; preferenceName: string; playlistName: string };
async function vanishedNames(): Promise<Vanished[]> {
  const answer = await h.call(listener.cookie, "GET", "/api/playlist-preferences");
  expect(answer.status).toBe(200);
  return answer.body.vanishedPlaylists as Vanished[];
}

beforeAll(async () => {
  listener = await h.premiumListener("unfollowing-listener", 120);
  await h.distributeAndWait(listener, ["Everything", "Latest 50 Liked Songs", "Liked in Year"]);
}, 120_000);

describe("a managed playlist the listener deleted in the Spotify app (unfollowed, still on Spotify)", () => {
  test("gets no new songs, is not recreated and is shown as vanished; the others get the new likes", async () => {
    const everything = spotifyPlaylist("Everything");
    const before = h.spotify.control.playlist(everything.id)?.trackIds ?? [];
    expect(before).toHaveLength(120);
    h.spotify.control.deletePlaylist(listener.id, everything.id);
    // Unfollowed, not gone: Spotify would still take songs, so only the library check can tell.
    expect(h.spotify.control.playlist(everything.id)).toMatchObject({ deleted: true, hardDeleted: false });

    const fresh = h.spotify.control.like(listener.id, { count: 5 });
    h.spotify.control.resetCalls();
    const outcome = await runHourlySync(h.crate.deps);
    expect(outcome).toMatchObject({ usersProcessed: 1, distributions: 1, failures: 0 });

    expect(h.spotify.control.playlist(everything.id)?.trackIds).toEqual(before);
    expect(spotifyPlaylist("Everything").id).toBe(everything.id);
    expect(statusOf(everything.id)).toBe("vanished");
    // One check for the playlists written to (Everything, Latest 50 and this year's): 40 fit in one call.
    const calls = h.spotify.control.calls().counts;
    expect(calls[CONTAINS]).toBe(1);
    expect(calls["POST /v1/me/playlists"]).toBeUndefined();

    const latest = h.playlistsOf(listener.id).get(managed("Latest 50 Liked Songs"));
    expect(latest?.slice(0, 5)).toEqual([...fresh].reverse());
    expect(await vanishedNames()).toEqual([
      { source: "predefined", preferenceName: "Everything", playlistName: managed("Everything") },
    ]);
  });

  test("the journal records its skipped writes as vanished", () => {
    const steps = h.crate.deps.db.$client
      .query<{ op: string; result: string | null }, [string]>(
        `SELECT s.op, s.result FROM journal_steps s JOIN managed_playlists mp ON mp.id = s.playlist_id
         WHERE mp.spotify_playlist_id = ? AND s.status = 'done' ORDER BY s.id DESC LIMIT 1`,
      )
      .get(spotifyPlaylist("Everything").id);
    expect(steps).toEqual({ op: "add", result: "vanished" });
  });

  test("later runs neither check nor write it; an idle run still costs one call", async () => {
    const everything = spotifyPlaylist("Everything");
    const before = h.spotify.control.playlist(everything.id)?.trackIds ?? [];
    h.spotify.control.like(listener.id, { count: 2 });
    h.spotify.control.resetCalls();
    await runHourlySync(h.crate.deps);
    expect(h.spotify.control.playlist(everything.id)?.trackIds).toEqual(before);
    // One look at the library (its listing, which also gives the versions of the playlists written to).
    const counts = h.spotify.control.calls().counts;
    expect((counts[CONTAINS] ?? 0) + (counts["GET /v1/me/playlists"] ?? 0)).toBe(1);

    h.spotify.control.resetCalls();
    await runHourlySync(h.crate.deps);
    expect(h.spotify.control.calls()).toEqual({ total: 1, counts: { "GET /v1/me/tracks": 1 } });
  });

  test("saved to the library again, it stays vanished: never silently taken back", async () => {
    const everything = spotifyPlaylist("Everything");
    const before = h.spotify.control.playlist(everything.id)?.trackIds ?? [];
    const res = await fetch(`${h.spotify.apiUrl}/me/library?uris=spotify:playlist:${everything.id}`, {
      method: "PUT",
      headers: { authorization: `Bearer ${listenerToken()}` },
    });
    expect(res.status).toBe(200);
    expect(h.spotify.control.listenerPlaylists(listener.id).map((p) => p.id)).toContain(everything.id);
    h.spotify.control.like(listener.id, { count: 1 });
    await runHourlySync(h.crate.deps);
    expect(h.spotify.control.playlist(everything.id)?.trackIds).toEqual(before);
    expect(statusOf(everything.id)).toBe("vanished");
  });

  test("a combination's playlist deleted in the app gets no new matching songs and is not recreated", async () => {
    const created = await h.call(listener.cookie, "POST", "/api/distributor/combinatorial", {
      combinations: [
        { playlistName: "Vanishing Rock", criteria: [{ criterionNumber: 1, genres: ["Rock"] }] },
      ],
    });
    expect(created.status).toBe(200);
    await h.waitForProgress(listener, String(created.body.distributionProgressId));
    const combination = () =>
      h.crate.deps.db.$client
        .query<{ spotify_playlist_id: string; status: string }, []>(
          "SELECT spotify_playlist_id, status FROM managed_playlists WHERE source = 'combination'",
        )
        .all();
    const [playlist] = combination();
    if (!playlist) throw new Error("the combination made no playlist");
    const before = h.spotify.control.playlist(playlist.spotify_playlist_id)?.trackIds ?? [];
    expect(before.length).toBeGreaterThan(0);
    h.spotify.control.deletePlaylist(listener.id, playlist.spotify_playlist_id);

    // Songs that belong in it, liked now.
    const liked = new Set(h.spotify.control.likes(listener.id).map((l) => l.trackId));
    const rock = h.spotify.control
      .likes("crate-free")
      .map((l) => l.trackId)
      .filter((id) => !liked.has(id))
      .filter((id) => genresOf(h.spotify.control.track(id)?.artistGenres ?? []).includes("Rock"))
      .slice(0, 3);
    expect(rock).toHaveLength(3);
    h.spotify.control.like(listener.id, { trackIds: rock });
    await runHourlySync(h.crate.deps);

    expect(h.spotify.control.playlist(playlist.spotify_playlist_id)?.trackIds).toEqual(before);
    expect(combination()).toEqual([
      { spotify_playlist_id: playlist.spotify_playlist_id, status: "vanished" },
    ]);
    const names = h.spotify.control
      .listenerPlaylists(listener.id, { includeDeleted: true })
      .map((p) => p.name);
    expect(names.filter((name) => name.startsWith("Vanishing Rock"))).toHaveLength(1);
    // the combinations table marks it (by the combination's id)
    const [id] = h.crate.deps.db.$client
      .query<{ id: string }, []>("SELECT id FROM combinations WHERE playlist_name = 'Vanishing Rock'")
      .all();
    const reported = (await vanishedNames()).filter((v) => v.source === "combination");
    expect(reported).toEqual([
      { source: "combination", preferenceName: id?.id ?? "", playlistName: managed("Vanishing Rock") },
    ]);
  });

  test("a settings change neither renames nor changes the privacy of one deleted in the app", async () => {
    const year = h.spotify.control
      .listenerPlaylists(listener.id)
      .filter((p) => /^Liked in \d{4} - Managed Playlist$/.test(p.name))
      .sort((a, b) => a.name.localeCompare(b.name))
      .at(-1);
    if (!year) throw new Error("no year playlist");
    h.spotify.control.deletePlaylist(listener.id, year.id);
    const put = await h.call(listener.cookie, "PUT", "/api/playlist-preferences/settings", {
      createPlaylistsAsPrivate: true,
      removePlaylistPostfix: true,
    });
    expect(put.status).toBe(200);
    await settingsSyncIdle(h.crate.deps, listener.userId);

    expect(h.spotify.control.playlist(year.id)).toMatchObject({ name: year.name, public: true });
    expect(statusOf(year.id)).toBe("vanished");
    // The playlists still in the library took the settings.
    const latest = h.spotify.control
      .listenerPlaylists(listener.id)
      .find((p) => p.name === "Latest 50 Liked Songs");
    expect(latest).toMatchObject({ public: false });
    const predefined = (await vanishedNames()).filter((v) => v.source === "predefined");
    expect(predefined.map((v) => v.playlistName).sort()).toEqual([managed("Everything"), year.name].sort());
  });
});

/** An access token the emulator issued for the listener (Crate's, read from its store). */
function listenerToken(): string {
  const tokens = readTokens(h.crate.deps, listener.userId);
  if (!tokens) throw new Error("no tokens for the listener");
  return tokens.accessToken;
}
