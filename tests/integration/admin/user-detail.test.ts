// The admin user detail, by Crate's user id and by the provider's id, over REST and tRPC.
import { beforeAll, describe, expect, test } from "bun:test";
import { setMembershipLevel } from "../../../src/server/billing/membership.ts";
import * as t from "../../../src/server/db/schema/index.ts";
import { manualClock } from "../../../src/server/platform/clock.ts";
import { ErrorCode } from "../../../src/shared/errors.ts";
import { grantEndsAt } from "../../../src/shared/spotify-access.ts";
import { makeUser, rest, setUpAdminWorld, type TestUser, trpcCall, trpcData, userDetail } from "./support.ts";

const NOW = Date.UTC(2026, 3, 10, 12);
const clock = manualClock(NOW);
const iso = (ms: number) => new Date(ms).toISOString();
let listener: TestUser;

const world = setUpAdminWorld(clock);
beforeAll(async () => {
  listener = makeUser(world.server.deps);
  const db = world.server.deps.db;
  const userId = listener.userId;
  for (const [i, trackId] of ["t1", "t2", "t3"].entries()) {
    db.insert(t.likes)
      .values({ userId, trackId, likedAt: NOW - (i + 1) * 1000, unlikedAt: trackId === "t3" ? NOW : null })
      .run();
  }
  db.insert(t.managedPlaylists)
    .values({
      id: "mp-rock",
      userId,
      source: "predefined",
      preferenceKey: "Rock",
      spotifyPlaylistId: "sp-rock",
      name: "Rock - Managed Playlist",
      trackCount: 2,
      createdAt: NOW - 5000,
      latestTrackAddedAt: NOW - 4000,
      latestSettledTrackLikedAt: NOW - 3000,
    })
    .run();
  db.insert(t.playlistSongs)
    .values([
      { playlistId: "mp-rock", trackId: "t1", addedAt: NOW - 4000 },
      { playlistId: "mp-rock", trackId: "t2", addedAt: NOW - 4000 },
      { playlistId: "mp-rock", trackId: "t3", addedAt: NOW - 4000, removedAt: NOW - 100 },
    ])
    .run();
  db.insert(t.simplePreferences)
    .values([
      { userId, name: "Rock", selectedAt: NOW - 6000 },
      { userId, name: "Chill", selectedAt: NOW - 2000 },
    ])
    .run();
  db.insert(t.combinations)
    .values({
      id: "combo-1",
      userId,
      playlistName: "Loud Noughties",
      criteria: [
        { criterionNumber: 1, genres: ["Rock", "Rap"], decade: 2000 },
        { criterionNumber: 2, genres: ["Jazz"] },
      ],
      createdAt: NOW - 1000,
    })
    .run();
  db.insert(t.payments)
    .values({
      userId,
      change: "PremiumYearly",
      effectiveDate: NOW - 10_000,
      registeredDate: NOW - 9_000,
      notificationId: "ntf_1",
      customerId: "ctm_1",
      subscriptionId: "sub_1",
    })
    .run();
  await setMembershipLevel(world.server.deps, userId, "PremiumYearly", "payment", {
    effectiveDate: NOW - 10_000,
  });
  db.insert(t.statisticsUsers)
    .values({ userId, enabledAt: NOW - 500 })
    .run();
  db.insert(t.activity)
    .values([
      { userId, kind: "GET /api/playlist-preferences", time: NOW - 400 },
      { userId, kind: "tRPC user.me", time: NOW - 300 },
    ])
    .run();
}, 60_000);

describe("user detail", () => {
  test("every field, by user id", async () => {
    const answer = await userDetail(world, listener.userId);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      user: {
        userId: listener.userId,
        spotifyUserId: listener.spotifyId,
        membershipLevel: "PremiumYearly",
        createdAt: iso(NOW),
      },
      isMonitored: true,
      isStatisticsEnabled: true,
      numberOfLikedTracks: 2,
      playlists: [
        {
          playlistName: "Rock - Managed Playlist",
          spotifyPlaylistId: "sp-rock",
          status: "active",
          createdAt: iso(NOW - 5000),
          numberOfTracks: 2,
          numberOfTracksStored: 3,
          latestSettledTrackLikedAt: iso(NOW - 3000),
          latestTrackAddedAt: iso(NOW - 4000),
        },
      ],
      simplePreferences: [
        { playlistName: "Chill", preferenceDate: iso(NOW - 2000) },
        { playlistName: "Rock", preferenceDate: iso(NOW - 6000) },
      ],
      combinatorialPreferences: [
        {
          playlistName: "Loud Noughties",
          combinationExpression: "(Rock or Rap, and also 2000s) or Jazz",
          preferenceDate: iso(NOW - 1000),
        },
      ],
      payments: [
        {
          change: "PremiumYearly",
          effectiveDate: iso(NOW - 10_000),
          registeredDate: iso(NOW - 9_000),
          notificationId: "ntf_1",
          customerId: "ctm_1",
          subscriptionId: "sub_1",
        },
      ],
      membershipEvents: [
        { membershipLevel: "Free", effectiveDate: iso(NOW) },
        { membershipLevel: "PremiumYearly", effectiveDate: iso(NOW - 10_000) },
      ],
      activity: [
        { kind: "tRPC user.me", time: iso(NOW - 300) },
        { kind: "GET /api/playlist-preferences", time: iso(NOW - 400) },
      ],
      featuresUnavailable: false,
      // No sign-in through Spotify recorded: the grant runs from the last sign-in (here the account's creation).
      spotifyAccessEndsAt: new Date(grantEndsAt(NOW)).toISOString(),
      spotifyAccessState: "active",
      spotifyCallsLast24h: 0,
    });
  });

  test("by the provider's id, and through tRPC by either id: the same detail", async () => {
    const byUserId = await userDetail(world, listener.userId);
    const bySpotifyId = await rest(
      world.api,
      "GET",
      `/api/admin/user/spotify-id/${encodeURIComponent(listener.spotifyId)}`,
      world.admin.cookie,
    );
    expect(bySpotifyId).toEqual(byUserId);
    for (const input of [{ userId: listener.userId }, { spotifyId: listener.spotifyId }]) {
      const answer = await trpcCall(world.api, "query", "admin.userDetail", input, world.admin.cookie);
      expect(trpcData(answer)).toEqual(byUserId.body);
    }
  });

  test("membership events are latest first; the audio-features outage shows", async () => {
    clock.set(NOW + 60_000);
    await setMembershipLevel(world.server.deps, listener.userId, "Free", "admin");
    world.server.deps.db.$client
      .query(
        "INSERT INTO metadata_sources (source, status, checked_at) VALUES ('audioFeatures', 'unavailable', ?)",
      )
      .run(NOW);
    const answer = await userDetail(world, listener.userId);
    expect(answer.body.membershipEvents[0]).toEqual({
      membershipLevel: "Free",
      effectiveDate: iso(NOW + 60_000),
    });
    expect(answer.body.membershipEvents).toHaveLength(3);
    expect(answer.body.featuresUnavailable).toBe(true);
  });

  test("an unknown id is 404 by either id and through tRPC", async () => {
    for (const path of [
      "/api/admin/user/user-id/no-such-user",
      "/api/admin/user/spotify-id/no-such-listener",
    ]) {
      const answer = await rest(world.api, "GET", path, world.admin.cookie);
      expect(answer.status).toBe(404);
      expect(answer.body.errorCode).toBe(ErrorCode.NotFound);
    }
    const viaTrpc = await trpcCall(
      world.api,
      "query",
      "admin.userDetail",
      { spotifyId: "nobody" },
      world.admin.cookie,
    );
    expect(viaTrpc.status).toBe(404);
    expect(viaTrpc.body.error.data.errorCode).toBe(ErrorCode.NotFound);
  });
});
