// The ownership suite's world: two premium listeners with real resources (distributions, a combination, an
// analysis, playlists on Spotify, Paddle subscriptions), a Free listener without any, and the admin; plus the
// state outside Crate's database that a wrong call could change (Spotify playlists, Paddle subscriptions).
import { expect } from "bun:test";
import { decadeStartOf } from "../../../src/server/library/classify.ts";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { createListener, signIn } from "../auth/flow.ts";
import { type Answer, changes, type Persona, type Snapshot, send, snapshot, untilIdle } from "./support.ts";

export interface Owner extends Persona {
  /** a distribution of predefined playlists */
  distributionId: string;
  combinationId: string;
}

export interface OwnershipWorld {
  server: TestServer;
  alice: Owner;
  bob: Owner;
  /** Free, no subscription, no resources */
  carol: Persona;
  admin: Persona;
  visitor: Persona;
}

export const call = (w: OwnershipWorld, who: Persona, method: string, path: string, json?: unknown) =>
  send(w.server.url, { method, path, cookie: who.cookie, json });

export async function trpc(
  w: OwnershipWorld,
  who: Persona,
  type: "query" | "mutation",
  procedure: string,
  input: unknown,
): Promise<Answer> {
  if (type === "query") {
    const query = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`;
    return send(w.server.url, { method: "GET", path: `/api/trpc/${procedure}${query}`, cookie: who.cookie });
  }
  return send(w.server.url, {
    method: "POST",
    path: `/api/trpc/${procedure}`,
    cookie: who.cookie,
    json: input ?? {},
  });
}

async function signedIn(server: TestServer, listener: string): Promise<Persona> {
  const steps = await signIn(server.url, listener);
  const cookie = `crate_session=${steps.jar.values.get("crate_session") ?? ""}`;
  const me = await send(server.url, { method: "GET", path: "/api/user/id", cookie });
  expect(me.status).toBe(200);
  return {
    name: "free",
    cookie,
    userId: String((me.json as { userId: string }).userId),
    spotifyId: listener,
  };
}

/** Premium through the Paddle emulator's hosted checkout (its webhooks reach Crate before it answers). */
async function subscribe(server: TestServer, who: Persona): Promise<void> {
  const paid = await fetch(`${server.url}/emulator/paddle/checkout`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams({
      price_id: server.deps.config.paddle.priceId,
      user_id: who.userId ?? "",
      success_url: "/plans/success",
      email: "listener@example.com",
      card_number: "4242 4242 4242 4242",
      expiry: "12/39",
      cvc: "123",
    }),
  });
  expect(paid.status).toBe(303);
  const level = await send(server.url, {
    method: "GET",
    path: "/api/user/membership-level",
    cookie: who.cookie,
  });
  expect(level.json).toEqual({ membershipLevel: "PremiumYearly" });
}

async function untilFinished(server: TestServer, who: Persona, id: string): Promise<void> {
  for (let i = 0; i < 1_500; i++) {
    const progress = await send(server.url, {
      method: "GET",
      path: `/api/distributor/${id}/progress`,
      cookie: who.cookie,
    });
    expect(progress.status).toBe(200);
    if ((progress.json as { finished: boolean }).finished) return;
    await Bun.sleep(20);
  }
  throw new Error(`distribution ${id} did not finish`);
}

async function distribute(server: TestServer, who: Persona, names: string[]): Promise<string> {
  const answer = await send(server.url, {
    method: "POST",
    path: "/api/distributor/distribute-historically",
    cookie: who.cookie,
    json: { playlistPreferences: names },
  });
  expect(answer.status).toBe(200);
  const id = String((answer.json as { distributionProgressId: string }).distributionProgressId);
  await untilFinished(server, who, id);
  return id;
}

/** A combination of the decade of the listener's newest like, so it makes a playlist. */
async function combine(server: TestServer, who: Persona): Promise<string> {
  const likes = (await (
    await fetch(`${server.url}/emulator/spotify/control/listeners/${who.spotifyId}/likes`)
  ).json()) as { likes: { trackId: string }[] };
  const track = (await (
    await fetch(`${server.url}/emulator/spotify/control/tracks/${likes.likes[0]?.trackId}`)
  ).json()) as { releaseDate: string };
  const answer = await send(server.url, {
    method: "POST",
    path: "/api/distributor/combinatorial",
    cookie: who.cookie,
    json: {
      combinations: [{ playlistName: "Own Mix", criteria: [{ decade: decadeStartOf(track.releaseDate) }] }],
    },
  });
  expect(answer.status).toBe(200);
  await untilFinished(
    server,
    who,
    String((answer.json as { distributionProgressId: string }).distributionProgressId),
  );
  const listed = await send(server.url, {
    method: "GET",
    path: "/api/playlist-preferences",
    cookie: who.cookie,
  });
  const combos = (
    listed.json as { combinatorialPlaylistPreferences: { combinatorialPlaylistPreferenceId: string }[] }
  ).combinatorialPlaylistPreferences;
  expect(combos).toHaveLength(1);
  return combos[0]?.combinatorialPlaylistPreferenceId ?? "";
}

export async function buildWorld(): Promise<OwnershipWorld> {
  const server = await startTestServer({ ADMIN_SPOTIFY_IDS: "owner-admin" });
  for (const [id, likes] of [
    ["owner-alice", 25],
    ["owner-bob", 25],
    ["owner-carol", 3],
    ["owner-admin", 3],
  ] as const) {
    await createListener(server.url, id, likes);
  }
  const [alice, bob, carol, admin] = [
    await signedIn(server, "owner-alice"),
    await signedIn(server, "owner-bob"),
    await signedIn(server, "owner-carol"),
    await signedIn(server, "owner-admin"),
  ];
  const everyone = [alice, bob, carol, admin].map((p) => p.userId);
  await untilIdle(server, everyone);
  await subscribe(server, alice);
  await subscribe(server, bob);
  await untilIdle(server, everyone);
  const owners = [];
  for (const who of [alice, bob]) {
    const distributionId = await distribute(server, who, ["Everything", "Latest 50 Liked Songs"]);
    const combinationId = await combine(server, who);
    owners.push({ ...who, distributionId, combinationId });
  }
  await untilIdle(server, everyone);
  const [aliceOwner, bobOwner] = owners as [Owner, Owner];
  return {
    server,
    alice: aliceOwner,
    bob: bobOwner,
    carol,
    admin: { ...admin, name: "admin" },
    visitor: { name: "visitor", cookie: null, userId: null, spotifyId: null },
  };
}

// ── State outside the database ───────────────────────────────────────────────────────────────────────────

/** A listener's playlists on the emulator (deleted ones too), each with its items in order. */
export async function spotifyPlaylists(w: OwnershipWorld, listener: string | null): Promise<unknown> {
  const base = `${w.server.url}/emulator/spotify/control`;
  const list = (await (
    await fetch(`${base}/listeners/${listener}/playlists?includeDeleted=true`)
  ).json()) as {
    playlists: { id: string }[];
  };
  const details = [];
  for (const p of list.playlists) details.push(await (await fetch(`${base}/playlists/${p.id}`)).json());
  return details;
}

/** A user's subscriptions in the Paddle emulator. */
export async function paddleSubscriptions(w: OwnershipWorld, userId: string | null): Promise<unknown> {
  const res = await fetch(`${w.server.url}/emulator/paddle/control/subscriptions?user_id=${userId}`);
  return ((await res.json()) as { subscriptions: unknown[] }).subscriptions;
}

export interface WorldState {
  db: Snapshot;
  spotify: unknown[];
  paddle: unknown[];
}

export async function stateOf(w: OwnershipWorld): Promise<WorldState> {
  const listeners = [w.alice, w.bob, w.carol];
  return {
    db: snapshot({ server: w.server, statisticsUserIds: [] }),
    spotify: await Promise.all(listeners.map((p) => spotifyPlaylists(w, p.spotifyId))),
    paddle: await Promise.all(listeners.map((p) => paddleSubscriptions(w, p.userId))),
  };
}

/** Runs the calls and checks that the database, Spotify and Paddle are exactly as before. */
export async function expectNothingChanges(w: OwnershipWorld, calls: () => Promise<void>): Promise<void> {
  const before = await stateOf(w);
  await calls();
  const after = await stateOf(w);
  expect(changes(before.db, after.db)).toEqual([]);
  expect(after.spotify).toEqual(before.spotify);
  expect(after.paddle).toEqual(before.paddle);
}

/** A REST 404 (errorCode 4) or a tRPC NOT_FOUND with data.errorCode 4. */
export function expectNotFound(answer: Answer, context: string): void {
  expect(answer.status, context).toBe(404);
  const body = answer.json as { errorCode?: number; error?: { data?: { errorCode?: number } } };
  const errorCode = typeof body.errorCode === "number" ? body.errorCode : body.error?.data?.errorCode;
  expect(errorCode, context).toBe(4);
}
