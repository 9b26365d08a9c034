// The Spotify client against the emulator (on its own port, as an outside Spotify): real answers, faults, counts.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { spotifyForUser } from "../../../src/server/auth/tokens.ts";
import { users } from "../../../src/server/db/schema/index.ts";
import type { SavedTrack, SpotifyUserApi } from "../../../src/server/spotify/types.ts";
import {
  type CrateWithSpotify,
  control,
  createListener,
  signIn,
  startCrateWithSpotify,
} from "../auth/flow.ts";

let setup: CrateWithSpotify;
let api: SpotifyUserApi;
const LISTENER = "client-listener";

beforeAll(async () => {
  setup = await startCrateWithSpotify();
  await createListener(setup.spotify.url, LISTENER, 130);
  await signIn(setup.crate.url, LISTENER);
  const user = setup.crate.deps.db.select().from(users).where(eq(users.spotifyId, LISTENER)).get();
  api = spotifyForUser(setup.crate.deps, user?.id ?? "");
  // Signing in starts a library sync in the background; let it finish so the counts below are the client's own.
  while (setup.crate.deps.work.isBusy(user?.id ?? "")) await Bun.sleep(20);
});
afterAll(() => setup.dispose());
beforeEach(async () => {
  await control(setup.spotify.url, "PUT", "/faults", {});
  await control(setup.spotify.url, "DELETE", "/calls");
  setup.crate.deps.spotify.resetCallCounts();
});

/** The emulator's call log, keyed like ours ("GET /me/tracks"; the emulator writes "GET /v1/me/tracks"). */
async function emulatorCalls(): Promise<{ total: number; counts: Record<string, number> }> {
  const log = (await (await control(setup.spotify.url, "GET", "/calls")).json()) as {
    total: number;
    counts: Record<string, number>;
  };
  const counts = Object.fromEntries(
    Object.entries(log.counts).map(([k, v]) => [k.replace(" /v1/", " /"), v]),
  );
  return { total: log.total, counts };
}

async function allLikes(isKnown?: (id: string) => boolean): Promise<SavedTrack[]> {
  const likes: SavedTrack[] = [];
  for await (const page of api.likedTracks({ isKnown })) likes.push(...page);
  return likes;
}

describe("reading", () => {
  test("likes come newest first, 50 a page, and the walk stops at the first known like", async () => {
    const likes = await allLikes();
    expect(likes).toHaveLength(130);
    const addedAt = likes.map((s) => s.added_at);
    expect([...addedAt].sort().reverse()).toEqual(addedAt);
    expect(likes[0]?.track.album.release_date).toMatch(/^\d{4}(-\d{2}){0,2}$/);
    expect(["year", "month", "day"]).toContain(likes[0]?.track.album.release_date_precision ?? "none");
    expect((await emulatorCalls()).counts["GET /me/tracks"]).toBe(3);

    await control(setup.spotify.url, "DELETE", "/calls");
    const known = new Set(likes.slice(10).map((s) => s.track.id));
    const fresh = await allLikes((id) => known.has(id));
    expect(fresh.map((s) => s.track.id)).toEqual(likes.slice(0, 10).map((s) => s.track.id));
    expect((await emulatorCalls()).counts["GET /me/tracks"]).toBe(1);
  });

  test("artists in batches of 50 with genres; after a 403 the client switches to single lookups", async () => {
    const ids = [...new Set((await allLikes()).flatMap((s) => s.track.artists.map((a) => a.id)))].slice(
      0,
      60,
    );
    const batch = await api.getArtists(ids);
    expect(batch.map((a) => a.id).sort()).toEqual([...ids].sort());
    expect(batch.some((a) => (a.genres ?? []).length > 0)).toBe(true);
    expect((await emulatorCalls()).counts["GET /artists"]).toBe(2);

    await control(setup.spotify.url, "PUT", "/faults", { artistsBatch403: true });
    await control(setup.spotify.url, "DELETE", "/calls");
    const singles = await api.getArtists(ids.slice(0, 5));
    expect(singles.map((a) => a.genres)).toEqual(
      batch.filter((a) => ids.slice(0, 5).includes(a.id)).map((a) => a.genres),
    );
    const calls = await emulatorCalls();
    expect(calls.counts["GET /artists"]).toBe(1);
    expect(calls.counts["GET /artists/{id}"]).toBe(5);
  });

  test("audio features in batches of 100; a 403 means unavailable", async () => {
    const ids = (await allLikes()).map((s) => s.track.id ?? "");
    const features = await api.getAudioFeatures(ids);
    expect(features).not.toBe("unavailable");
    expect((features as { tempo: number }[]).every((f) => f.tempo > 0)).toBe(true);
    expect((await emulatorCalls()).counts["GET /audio-features"]).toBe(2);
    await control(setup.spotify.url, "PUT", "/faults", { audioFeatures403: true });
    expect(await api.getAudioFeatures(ids.slice(0, 3))).toBe("unavailable");
  });
});

describe("playlists", () => {
  test("create, fill in order, read back, remove songs, rename, make public, remove from the library", async () => {
    const songs = (await allLikes()).map((s) => s.track.id ?? "").reverse();
    const playlist = await api.createPlaylist({
      name: "Chill - Managed Playlist",
      public: false,
      description: "Crate",
    });
    expect(playlist.public).toBe(false);
    expect((await api.myPlaylists()).map((p) => p.id)).toContain(playlist.id);
    await control(setup.spotify.url, "DELETE", "/calls");
    await api.addItems(playlist.id, songs);
    expect((await emulatorCalls()).counts["POST /playlists/{playlist_id}/items"]).toBe(2);
    await api.addItems(playlist.id, [songs[5] ?? ""], 0);
    const items = await api.getPlaylistItems(playlist.id);
    expect(items).toEqual([songs[5] ?? "", ...songs]);

    await api.removeItems(playlist.id, [songs[5] ?? "", songs[6] ?? ""]);
    expect(await api.getPlaylistItems(playlist.id)).toEqual(
      songs.filter((id) => id !== songs[5] && id !== songs[6]),
    );

    await api.updatePlaylist(playlist.id, { name: "Chill", public: true });
    expect(await api.getPlaylist(playlist.id)).toMatchObject({
      id: playlist.id,
      name: "Chill",
      public: true,
    });

    await api.removePlaylistFromLibrary(playlist.id);
    const listed = (await (
      await control(setup.spotify.url, "GET", `/listeners/${LISTENER}/playlists`)
    ).json()) as {
      playlists: { id: string }[];
    };
    expect(listed.playlists.map((p) => p.id)).not.toContain(playlist.id);
    expect((await api.myPlaylists()).map((p) => p.id)).not.toContain(playlist.id);
  });

  test("an unknown playlist is null", async () => {
    expect(await api.getPlaylist("0000000000000000000000")).toBeNull();
  });
});

describe("faults and counting", () => {
  test("429 with Retry-After and 5xx answers are retried until the calls succeed", async () => {
    await control(setup.spotify.url, "PUT", "/faults", {
      rate429: 0.3,
      retryAfterSec: 0,
      rate5xx: 0.3,
      seed: 7,
    });
    const likes = await allLikes();
    expect(likes).toHaveLength(130);
    const ours = setup.crate.deps.spotify.callCounts();
    const theirs = await emulatorCalls();
    expect(ours["GET /me/tracks"]).toBe(theirs.counts["GET /me/tracks"]);
    expect(ours["GET /me/tracks"] ?? 0).toBeGreaterThan(3);
  });

  test("an expired access token is refreshed once and the call goes through", async () => {
    await control(setup.spotify.url, "POST", "/tokens/expire");
    expect((await api.me()).id).toBe(LISTENER);
    const calls = await emulatorCalls();
    expect(calls.counts["POST /api/token"]).toBe(1);
    expect(calls.counts["GET /me"]).toBe(2);
  });
});
