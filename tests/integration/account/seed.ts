// Rows for a user in every table that holds user data, written straight into the test server's database.

import { createSession } from "../../../src/server/auth/sessions.ts";
import { findOrCreateUser } from "../../../src/server/auth/signup.ts";
import { saveTokens } from "../../../src/server/auth/tokens.ts";
import * as t from "../../../src/server/db/schema/index.ts";
import type { Deps } from "../../../src/server/deps/deps.ts";
import { apiCall, overHttp } from "../../support/api.ts";

export interface SeededUser {
  userId: string;
  spotifyId: string;
  cookie: string;
}

let counter = 0;

/** A user as sign-in makes one (users row, signup membership event), plus a session cookie. */
export function seedUser(deps: Deps, spotifyId = `listener-${Date.now()}-${++counter}`): SeededUser {
  const result = findOrCreateUser(deps, { spotifyId, displayName: `Listener ${spotifyId}` });
  if ("noCapacity" in result) throw new Error("daily cap reached in a test");
  const { token } = createSession(deps.db, deps.clock, result.userId);
  return { userId: result.userId, spotifyId, cookie: `crate_session=${token}` };
}

/** One or more rows of every kind of stored data for the user; returns ids of rows reached through parents. */
export function seedEverything(deps: Deps, userId: string, tag: string) {
  const db = deps.db;
  const now = deps.clock.now();
  saveTokens(deps, userId, {
    accessToken: `access-secret-${tag}`,
    refreshToken: `refresh-secret-${tag}`,
    expiresIn: 3600,
    scope: "user-library-read playlist-modify-private",
  });
  db.insert(t.tracks)
    .values({ id: `track-${tag}`, name: `Song ${tag}`, artistIds: [`artist-${tag}`], fetchedAt: now })
    .onConflictDoNothing()
    .run();
  db.insert(t.likes)
    .values({ userId, trackId: `track-${tag}`, likedAt: now - 86_400_000 })
    .run();
  db.insert(t.librarySyncs).values({ userId, lastSyncAt: now, lastFullSyncAt: now }).run();
  db.insert(t.simplePreferences).values({ userId, name: "Rock", selectedAt: now }).run();
  db.insert(t.combinations)
    .values({
      id: `combination-${tag}`,
      userId,
      playlistName: `Mix ${tag}`,
      criteria: [{ criterionNumber: 1, genres: ["Rock"] }],
      createdAt: now,
    })
    .run();
  db.insert(t.usedCombinationNames)
    .values({ userId, nameKey: `mix ${tag}` })
    .run();
  db.insert(t.userSettings)
    .values({ userId, createPlaylistsAsPrivate: true, removePlaylistPostfix: false })
    .run();
  db.insert(t.playlistExclusions)
    .values({
      userId,
      source: "predefined",
      preferenceKey: "Rock",
      kind: "track",
      targetId: `track-${tag}`,
      label: `Song ${tag}`,
      createdAt: now,
    })
    .run();
  db.insert(t.artistCorrections)
    .values({ userId, artistId: `artist-${tag}`, country: "DK", createdAt: now })
    .run();
  db.insert(t.sourcePlaylists)
    .values({
      userId,
      playlistId: `own-playlist-${tag}`,
      name: "Road Trip",
      snapshotId: "s1",
      checkedAt: now,
    })
    .run();
  db.insert(t.sourcePlaylistSongs)
    .values({ userId, playlistId: `own-playlist-${tag}`, trackId: `track-${tag}` })
    .run();
  db.insert(t.managedPlaylists)
    .values({
      id: `managed-${tag}`,
      userId,
      source: "predefined",
      preferenceKey: "Rock",
      spotifyPlaylistId: `spotify-playlist-${tag}`,
      name: "Rock - Managed Playlist",
      createdAt: now,
    })
    .run();
  db.insert(t.playlistSongs)
    .values({ playlistId: `managed-${tag}`, trackId: `track-${tag}`, addedAt: now })
    .run();
  db.insert(t.playlistLayouts)
    .values({ playlistId: `managed-${tag}`, entries: [`track-${tag}`, null] })
    .run();
  db.insert(t.playlistActivity)
    .values({
      userId,
      source: "predefined",
      preferenceKey: "Rock",
      playlistId: `managed-${tag}`,
      kind: "added",
      count: 1,
      songs: [`track-${tag}`],
      at: now,
    })
    .run();
  db.insert(t.distributions)
    .values({ id: `distribution-${tag}`, userId, trigger: "predefined", createdAt: now, status: "finished" })
    .run();
  db.insert(t.distributionEntries)
    .values({
      distributionId: `distribution-${tag}`,
      distributionType: "Standard",
      totalWork: 1,
      completedWork: 1,
    })
    .run();
  db.insert(t.journalSteps)
    .values({
      distributionId: `distribution-${tag}`,
      playlistId: `spotify-playlist-${tag}`,
      op: "add",
      trackIds: [`track-${tag}`],
      status: "done",
      updatedAt: now,
    })
    .run();
  db.insert(t.analyses)
    .values({ id: `analysis-${tag}`, userId, status: "completed", createdAt: now })
    .run();
  db.insert(t.analysisSegments)
    .values({
      analysisId: `analysis-${tag}`,
      segmentNumber: 1,
      type: "Data",
      result: [{ preferenceName: "Rock", numberOfSongsApplicable: 1 }],
    })
    .run();
  db.insert(t.statisticsUsers).values({ userId, enabledAt: now }).run();
  db.insert(t.activity).values({ userId, kind: "login", time: now }).run();
  db.insert(t.spotifyCallHours)
    .values({ hour: Math.floor(now / 3_600_000) * 3_600_000, userId, kind: "distribution", calls: 3 })
    .run();
  db.insert(t.feedback)
    .values({ userId, feedback: `Nice ${tag}`, createdAt: now })
    .run();
  db.insert(t.payments)
    .values({
      userId,
      change: "PremiumYearly",
      effectiveDate: now,
      registeredDate: now,
      notificationId: `ntf-${tag}`,
      customerId: `ctm-${tag}`,
      subscriptionId: `sub-${tag}`,
      amount: "4900",
      currency: "EUR",
    })
    .run();
  db.insert(t.subscriptions)
    .values({
      id: `sub-${tag}`,
      userId,
      customerId: `ctm-${tag}`,
      status: "Active",
      providerStatus: "active",
      lastEventAt: now,
      updatedAt: now,
    })
    .run();
  db.insert(t.membershipEvents)
    .values({ userId, membershipLevel: "PremiumYearly", effectiveDate: now, source: "payment" })
    .run();
  db.insert(t.webhookEvents)
    .values({
      eventId: `evt-${tag}`,
      userId,
      eventType: "subscription.created",
      occurredAt: now,
      receivedAt: now,
      payload: JSON.stringify({ event_id: `evt-${tag}`, data: { id: `sub-${tag}` } }),
    })
    .run();
  return {
    playlistId: `managed-${tag}`,
    distributionId: `distribution-${tag}`,
    analysisId: `analysis-${tag}`,
  };
}

/** fetch against the test server as a same-origin browser would, with the session cookie. */
export function apiClient(baseUrl: string, cookie?: string) {
  return async (method: string, path: string, body?: unknown) => {
    const answer = await apiCall(overHttp(baseUrl), method, path, { cookie, json: body });
    const json = (answer.body ?? null) as Record<string, unknown>;
    return { status: answer.status, text: answer.text, json, headers: answer.headers };
  };
}
