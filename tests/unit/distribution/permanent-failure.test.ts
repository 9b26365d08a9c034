// A refusal for good (400 size limit, 403 not writable) of one playlist marks that step and playlist failed and
// never fails the other playlists' writes or a later run; transient failures still fail the run for a retry.

import { describe, expect, test } from "bun:test";
import { applyJournal, type JournalApi } from "../../../src/server/distribution/journal/apply.ts";
import { permanentFailure } from "../../../src/server/distribution/journal/permanent-failures.ts";
import { SpotifyAuthRevokedError, SpotifyError } from "../../../src/server/spotify/errors.ts";
import { playlistWithSteps, runningDistribution } from "./support.ts";

function setup(playlists: readonly { id: string; adds: number }[]) {
  const { db, sqlite, deps } = runningDistribution();
  for (const p of playlists) {
    const adds = Array.from({ length: p.adds }, (_, i) => ({
      op: "add" as const,
      trackIds: [`t-${p.id}-${i}`],
    }));
    playlistWithSteps(db, { id: p.id, spotifyPlaylistId: `sp-${p.id}` }, adds);
  }
  const playlist = (id: string) =>
    sqlite
      .query<{ status: string; failure: string | null }, [string]>(
        "SELECT status, failure FROM managed_playlists WHERE id = ?",
      )
      .get(id);
  const steps = (id: string) =>
    sqlite
      .query<{ status: string; result: string | null }, [string]>(
        "SELECT status, result FROM journal_steps WHERE playlist_id = ? ORDER BY id",
      )
      .all(id);
  return { deps, playlist, steps };
}

function api(refusals: Record<string, SpotifyError>) {
  const added: string[] = [];
  const journalApi: JournalApi = {
    playlistsInLibrary: async (ids) => ids.map(() => true),
    createPlaylist: async () => {
      throw new Error("not expected");
    },
    async addItems(playlistId, trackIds) {
      const refusal = refusals[playlistId];
      if (refusal) throw refusal;
      added.push(...trackIds);
      return "snap";
    },
    removeItems: async () => "snap",
    getPlaylistItems: async () => [],
    playlistEntries: async () => [],
    playlistSnapshot: async () => "snap",
    removePlaylistFromLibrary: async () => {},
  };
  return { journalApi, added };
}

describe("classifying provider refusals", () => {
  test("4xx refusals are permanent with their reason; no answer, 5xx, 429, 404 and a revoked grant are not", () => {
    const e = (status: number, reason?: string) => new SpotifyError(status, "POST /x", reason);
    expect(permanentFailure(e(400, "Playlist size limit reached"))).toBe("full");
    expect(permanentFailure(e(403, "You cannot add tracks to a playlist you don't own."))).toBe("forbidden");
    expect(permanentFailure(e(400, "Invalid track uri"))).toBe("refused");
    for (const status of [0, 404, 429, 500, 502, 503]) expect(permanentFailure(e(status))).toBeNull();
    expect(permanentFailure(new SpotifyAuthRevokedError("u"))).toBeNull();
    expect(permanentFailure(new Error("disk"))).toBeNull();
  });
});

describe("a playlist refused for good", () => {
  test("a 400 size limit on one playlist fails that playlist only; the others are filled", async () => {
    const { deps, playlist, steps } = setup([
      { id: "everything", adds: 3 },
      { id: "rock", adds: 2 },
    ]);
    const { journalApi, added } = api({
      "sp-everything": new SpotifyError(
        400,
        "POST /playlists/{playlist_id}/items",
        "Playlist size limit reached",
      ),
    });
    expect(await applyJournal(deps, journalApi, "d")).toBe("done");
    expect(added).toEqual(["t-rock-0", "t-rock-1"]);
    expect(playlist("everything")).toEqual({ status: "failed", failure: "full" });
    expect(playlist("rock")).toEqual({ status: "active", failure: null });
    const everything = steps("everything");
    expect(everything[0]?.status).toBe("failed");
    expect(everything[0]?.result).toContain("size limit");
    // its later writes are skipped, never sent
    expect(everything.slice(1).map((s) => s.result)).toEqual(["failed", "failed"]);
  });

  test("a 403 (no longer writable) does the same", async () => {
    const { deps, playlist } = setup([
      { id: "mine", adds: 1 },
      { id: "other", adds: 1 },
    ]);
    const { journalApi, added } = api({
      "sp-mine": new SpotifyError(403, "POST /playlists/{playlist_id}/items", "Forbidden"),
    });
    expect(await applyJournal(deps, journalApi, "d")).toBe("done");
    expect(added).toEqual(["t-other-0"]);
    expect(playlist("mine")?.failure).toBe("forbidden");
  });

  test("a 5xx still fails the run (to be retried) and leaves the playlist active", async () => {
    const { deps, playlist } = setup([{ id: "p", adds: 1 }]);
    const { journalApi } = api({ "sp-p": new SpotifyError(503, "POST /playlists/{playlist_id}/items") });
    await expect(applyJournal(deps, journalApi, "d")).rejects.toThrow("503");
    expect(playlist("p")?.status).toBe("active");
  });
});
