// A run first finishes the user's earlier unfinished journals. One that keeps failing gets the hourly job's
// attempt limit, then is given up (its open steps failed with the reason), so it never blocks the user for good.

import { describe, expect, test } from "bun:test";
import { openDatabase } from "../../../src/server/db/client.ts";
import type { Deps } from "../../../src/server/deps/deps.ts";
import type { JournalApi } from "../../../src/server/distribution/journal/apply.ts";
import { MAX_ATTEMPTS, runDistribution } from "../../../src/server/distribution/runs/run.ts";
import { manualClock } from "../../../src/server/platform/clock.ts";
import { createLogger } from "../../../src/server/platform/log.ts";
import { SpotifyError } from "../../../src/server/spotify/errors.ts";
import type { SpotifyUserApi } from "../../../src/server/spotify/types.ts";
import {
  addJournalSteps,
  createDistribution,
  createManagedPlaylist,
  createUser,
} from "../../support/factories.ts";

function setup(earlierAttempts: number) {
  const { db } = openDatabase(":memory:");
  const sqlite = db.$client;
  createUser(db, { id: "u", spotifyId: "s" });
  const run = { userId: "u", planned: true } as const;
  createDistribution(db, {
    ...run,
    id: "earlier",
    status: "failed",
    createdAt: 1,
    attempts: earlierAttempts,
  });
  createDistribution(db, { ...run, id: "now", createdAt: 2 });
  createManagedPlaylist(db, { id: "p", userId: "u", preferenceKey: "Everything", spotifyPlaylistId: "sp-p" });
  addJournalSteps(db, "earlier", [{ playlistId: "p", op: "add", trackIds: ["t1"] }]);
  const deps = { db, clock: manualClock(), log: createLogger("silent") } as unknown as Deps;
  let sent = 0;
  const api: JournalApi = {
    playlistsInLibrary: async (ids) => ids.map(() => true),
    createPlaylist: async () => {
      throw new Error("not expected");
    },
    async addItems() {
      sent++;
      throw new SpotifyError(503, "POST /playlists/{playlist_id}/items");
    },
    removeItems: async () => "snap",
    getPlaylistItems: async () => [],
    playlistEntries: async () => [],
    playlistSnapshot: async () => "snap",
    removePlaylistFromLibrary: async () => {},
  };
  const row = (id: string) =>
    sqlite
      .query<{ status: string; attempts: number }, [string]>(
        "SELECT status, attempts FROM distributions WHERE id = ?",
      )
      .get(id);
  const step = () =>
    sqlite
      .query<{ status: string; result: string | null }, []>("SELECT status, result FROM journal_steps")
      .get();
  return { deps, api: api as unknown as SpotifyUserApi, row, step, sent: () => sent };
}

describe("earlier unfinished journals", () => {
  test("one still failing transiently fails the run and counts an attempt", async () => {
    const { deps, api, row } = setup(3);
    expect(await runDistribution(deps, "now", { api, synced: true })).toBe("failed");
    expect(row("earlier")).toEqual({ status: "failed", attempts: 4 });
  });

  test("after the hourly job's attempt limit it is given up and the new run finishes", async () => {
    const { deps, api, row, step, sent } = setup(MAX_ATTEMPTS);
    expect(await runDistribution(deps, "now", { api, synced: true })).toBe("finished");
    expect(sent()).toBe(0);
    expect(row("earlier")?.status).toBe("failed");
    expect(step()).toEqual({ status: "failed", result: `given up after ${MAX_ATTEMPTS} attempts` });
    expect(row("now")?.status).toBe("finished");
  });
});
