import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { collectPersonalData } from "../../../src/server/account/personal-data.ts";
import { providerTokens, users } from "../../../src/server/db/schema/index.ts";
import { appRouter } from "../../../src/server/trpc/_app.ts";
import { createCallerFactory, createContextInner } from "../../../src/server/trpc/core/init.ts";
import { setUpTestServer } from "../../support/suite.ts";
import { apiClient, seedEverything, seedUser } from "./seed.ts";

const server = setUpTestServer();

describe("GET /api/user/personal-data", () => {
  test("happy: every kind of stored data is in the answer, as JSON text", async () => {
    const user = seedUser(server.deps);
    seedEverything(server.deps, user.userId, "pd1");
    server.deps.db
      .update(users)
      .set({ referrer: "https://example.org/blog" })
      .where(eq(users.id, user.userId))
      .run();
    const res = await apiClient(server.url, user.cookie)("GET", "/api/user/personal-data");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    const data = JSON.parse(res.text);

    expect(data.user).toMatchObject({
      userId: user.userId,
      spotifyUserId: user.spotifyId,
      membershipLevel: "Free",
      referrer: "https://example.org/blog",
    });
    expect(data.providerTokens.note).toContain("stored encrypted");
    expect(data.providerTokens.scope).toBe("user-library-read playlist-modify-private");
    expect(data.sessions).toHaveLength(1);
    expect(data.settings).toEqual({
      createPlaylistsAsPrivate: true,
      removePlaylistPostfix: false,
      addRecordingOnce: false,
    });
    expect(data.statisticsEnabled.enabledAt).toBeString();
    expect(data.likedSongs).toEqual([
      { trackId: "track-pd1", trackName: "Song pd1", likedAt: expect.any(String), unlikedAt: null },
    ]);
    expect(data.likedSongsLastRead.lastFullSyncAt).toBeString();
    expect(data.simplePlaylistPreferences[0].playlistName).toBe("Rock");
    expect(data.combinationPlaylistPreferences[0]).toMatchObject({ playlistName: "Mix pd1", active: true });
    expect(data.usedCombinationNames).toEqual(["mix pd1"]);
    expect(data.managedPlaylists[0]).toMatchObject({
      name: "Rock - Managed Playlist",
      spotifyPlaylistId: "spotify-playlist-pd1",
      createdAt: expect.any(String),
      songsAdded: [{ trackId: "track-pd1", addedAt: expect.any(String), removedAt: null }],
    });
    expect(data.playlistActivity).toEqual([
      {
        at: expect.any(String),
        source: "predefined",
        preferenceKey: "Rock",
        playlistId: "managed-pd1",
        kind: "added",
        reason: null,
        detail: null,
        count: 1,
        songs: ["track-pd1"],
      },
    ]);
    expect(data.distributionHistory[0]).toMatchObject({
      trigger: "predefined",
      progress: [{ distributionType: "Standard", totalWork: 1, completedWork: 1 }],
      spotifyWrites: [{ operation: "add", trackIds: ["track-pd1"] }],
    });
    expect(data.analyses[0].results[0].result).toEqual([
      { preferenceName: "Rock", numberOfSongsApplicable: 1 },
    ]);
    expect(data.feedback[0].feedback).toBe("Nice pd1");
    expect(data.activity[0].kind).toBe("login");
    expect(data.membershipEvents.map((m: { membershipLevel: string }) => m.membershipLevel)).toEqual([
      "Free",
      "PremiumYearly",
    ]);
    expect(data.payments[0]).toMatchObject({
      notificationId: "ntf-pd1",
      customerId: "ctm-pd1",
      amount: "4900",
    });
    expect(data.subscriptions[0]).toMatchObject({ subscriptionId: "sub-pd1", status: "Active" });
    expect(data.previousDeletion).toBeNull();
  });

  test("security: token plaintext and ciphertext never appear", async () => {
    const user = seedUser(server.deps);
    seedEverything(server.deps, user.userId, "pd2");
    const stored = server.deps.db
      .select()
      .from(providerTokens)
      .where(eq(providerTokens.userId, user.userId))
      .get();
    const res = await apiClient(server.url, user.cookie)("GET", "/api/user/personal-data");
    expect(res.text).not.toContain("access-secret-pd2");
    expect(res.text).not.toContain("refresh-secret-pd2");
    expect(stored).toBeDefined();
    expect(res.text).not.toContain(stored?.accessTokenEnc ?? "?");
    expect(res.text).not.toContain(stored?.refreshTokenEnc ?? "?");
    expect(res.text).not.toContain(user.cookie.split("=")[1] ?? "?");
  });

  test("security: another user's data is never part of it", async () => {
    const me = seedUser(server.deps);
    const other = seedUser(server.deps);
    seedEverything(server.deps, other.userId, "pd-other");
    const res = await apiClient(server.url, me.cookie)("GET", "/api/user/personal-data");
    expect(res.text).not.toContain(other.userId);
    expect(res.text).not.toContain("pd-other");
    expect(JSON.parse(res.text).likedSongs).toEqual([]);
  });

  test("error: signed out is 401 with code 6", async () => {
    const res = await apiClient(server.url)("GET", "/api/user/personal-data");
    expect(res.status).toBe(401);
    expect(res.json.errorCode).toBe(6);
  });

  test("tRPC returns the same data as REST", async () => {
    const user = seedUser(server.deps);
    seedEverything(server.deps, user.userId, "pd3");
    const caller = createCallerFactory(appRouter)(
      createContextInner({ deps: server.deps, sessionToken: user.cookie.split("=")[1] }),
    );
    const viaTrpc = await caller.account.personalData();
    const viaRest = JSON.parse(
      (await apiClient(server.url, user.cookie)("GET", "/api/user/personal-data")).text,
    );
    expect(JSON.parse(JSON.stringify(viaTrpc))).toEqual(viaRest);
  });

  test("consistent: one snapshot, even when a library sync commits while the export is being read", () => {
    const user = seedUser(server.deps);
    seedEverything(server.deps, user.userId, "pd4");
    const before = collectPersonalData(server.deps.db, user.userId);
    const sqlite = server.deps.db.$client;
    // Another connection (as another process would) records a sync with a new like once the export has begun.
    const other = new Database(sqlite.filename);
    const prepare = sqlite.prepare;
    let selects = 0;
    sqlite.prepare = ((query: string, ...rest: unknown[]) => {
      if (/^\s*select/i.test(query) && ++selects === 2) {
        other.transaction(() => {
          other
            .query(
              "INSERT INTO tracks (id, name, artist_ids, fetched_at) VALUES ('track-pd4-new', 'New', '[]', 1)",
            )
            .run();
          other
            .query("INSERT INTO likes (user_id, track_id, liked_at) VALUES (?, 'track-pd4-new', ?)")
            .run(user.userId, Date.UTC(2030, 0, 1));
          other
            .query("UPDATE library_syncs SET last_sync_at = ? WHERE user_id = ?")
            .run(Date.UTC(2030, 0, 1), user.userId);
        })();
      }
      return (prepare as (...args: unknown[]) => unknown).call(sqlite, query, ...rest);
    }) as typeof sqlite.prepare;
    let during: ReturnType<typeof collectPersonalData>;
    try {
      during = collectPersonalData(server.deps.db, user.userId);
    } finally {
      sqlite.prepare = prepare;
      other.close();
    }
    expect(selects).toBeGreaterThan(2);
    // what was stored when the export began: neither the new like nor the sync that read it
    expect(during.likedSongs).toEqual(before.likedSongs);
    expect(during.likedSongsLastRead).toEqual(before.likedSongsLastRead);
    const after = collectPersonalData(server.deps.db, user.userId);
    expect(after.likedSongs.map((l) => l.trackId)).toContain("track-pd4-new");
    expect(after.likedSongsLastRead?.lastSyncAt).toBe(new Date(Date.UTC(2030, 0, 1)).toISOString());
  });
});
