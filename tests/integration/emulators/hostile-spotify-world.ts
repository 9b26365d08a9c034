// The Spotify emulator the hostile suite attacks: listeners, playlists and every kind of access token, plus
// the request pieces (ids, query strings, Authorization headers, bodies) its properties draw from.
import { expect } from "bun:test";
import { join } from "node:path";
import fc from "fast-check";
import { CONTROL_MAX_BODY_BYTES } from "../../../src/emulators/spotify/control-routes.ts";
import { WEB_API_MAX_BODY_BYTES } from "../../../src/emulators/spotify/web-api/fallbacks.ts";
import { tempDir } from "../../support/server.ts";
import {
  encodeLoosely,
  hostileBodyText,
  hostileSegment,
  mutatedInput,
  sameShapeInput,
} from "../hardening/arbitraries.ts";
import { type Answer, nodeReplaced, numbersReplaced } from "./hostile-support.ts";
import { api, json, signIn, type TestEmulator, testEmulator } from "./spotify-support.ts";

export const BASE = "/emulator/spotify";
export type Part = "api" | "accounts" | "control";

export const partOf = (pathname: string): Part =>
  pathname.startsWith(`${BASE}/accounts/`)
    ? "accounts"
    : pathname.startsWith(`${BASE}/control/`)
      ? "control"
      : "api";

/** Body limits per part, as the emulator sets them. */
export const bodyLimitOf: Record<Part, number> = {
  api: WEB_API_MAX_BODY_BYTES,
  accounts: 64 * 1024,
  control: CONTROL_MAX_BODY_BYTES,
};

/**
 * What each route that may read a body is sent, keyed `METHOD path` below the emulator's base: a plausible
 * example (mutated and refilled by the properties), or null where hostile bodies alone fit. A route that is
 * not GET must be listed, so a new one cannot go unnoticed.
 */
export const bodyExamples: Record<string, unknown> = {
  "POST /accounts/api/token": null,
  "POST /v1/me/playlists": { name: "Mix", public: false, description: "d" },
  "DELETE /v1/me/library": null,
  "PUT /v1/me/library": null,
  "PUT /v1/playlists/:playlist_id": { name: "Renamed", public: false, description: "d" },
  "POST /v1/playlists/:playlist_id/items": { uris: ["spotify:track:TRACK"], position: 0 },
  "DELETE /v1/playlists/:playlist_id/items": { items: [{ uri: "spotify:track:TRACK", positions: [0] }] },
  "PUT /v1/playlists/:playlist_id/items": { range_start: 0, insert_before: 2, range_length: 1 },
  "POST /v1/playlists/:playlist_id/tracks": { uris: ["spotify:track:TRACK"] },
  "DELETE /v1/playlists/:playlist_id/tracks": { tracks: [{ uri: "spotify:track:TRACK" }] },
  "PUT /v1/playlists/:playlist_id/tracks": { uris: ["spotify:track:TRACK"] },
  "DELETE /v1/playlists/:playlist_id/followers": null,
  "PUT /v1/playlists/:playlist_id/followers": { public: true },
  "POST /control/listeners": { id: "hostile-new", likes: 2 },
  "POST /control/listeners/:id/likes": { count: 1 },
  "DELETE /control/listeners/:id/likes/:trackId": null,
  "DELETE /control/listeners/:id/playlists/:playlistId": null,
  "POST /control/listeners/:id/revoke": null,
  "DELETE /control/playlists/:id/items/:trackId": null,
  "DELETE /control/calls": null,
  "PUT /control/faults": { rate429: 0, latencyMs: 0 },
  "POST /control/tokens/expire": null,
  "PUT /control/registered-users": { users: ["crate-free"], restricted: true },
  "DELETE /control/registered-users": null,
  "POST /control/listeners/:id/rename": { id: "hostile-renamed" },
  "POST /control/listeners/:id/playlists": { name: "Hostile", description: "d", public: true },
  "PUT /control/listeners/:id/followed/:playlistId": null,
  "POST /control/playlists/:id/items": { trackIds: ["TRACK"] },
  "PUT /control/app": { app: "extended" },
  "POST /control/listeners/:id/end-grant": null,
  "PUT /control/grants": { lifetimeSec: 15_552_000 },
  "PUT /control/quota": { calls: null },
  "POST /control/quota/exhaust": null,
};

export type AuthChoice =
  | "full"
  | "lowercaseScheme"
  | "narrow"
  | "other"
  | "expired"
  | "revoked"
  | "unknown"
  | "none"
  | "empty"
  | "schemeOnly"
  | "basic"
  | "twoTokens";

export const malformedAuth: ReadonlySet<AuthChoice> = new Set(["empty", "schemeOnly", "basic", "twoTokens"]);

export interface SpotifyWorld {
  emulator: TestEmulator;
  dir: string;
  statePath: string;
  tokens: Record<"full" | "narrow" | "other" | "expired" | "revoked", string>;
  ids: {
    ownPublic: string;
    ownPrivate: string;
    deleted: string;
    othersPlaylist: string;
    likedTrack: string;
    unlikedTrack: string;
    artist: string;
  };
  /** signs the listeners in again (after a control call expired or revoked their tokens) */
  refreshTokens(): Promise<void>;
}

export async function startSpotifyWorld(): Promise<SpotifyWorld> {
  const dir = tempDir("hostile-spotify-");
  const statePath = join(dir, "spotify-emulator.db");
  const emulator = testEmulator({ statePath, catalogueSize: { artists: 400, tracks: 4_000 } });
  for (const [id, likes] of [
    ["hostile-a", 12],
    ["hostile-b", 4],
    ["hostile-c", 3],
  ] as const)
    emulator.control.createListener({ id, likes });
  const expired = (await signIn(emulator, "hostile-a")).access_token;
  emulator.clock.now += 2 * 3600_000;
  const tokens = { full: "", narrow: "", other: "", expired, revoked: "" };
  const refreshTokens = async () => {
    tokens.full = (await signIn(emulator, "hostile-a")).access_token;
    tokens.narrow = (await signIn(emulator, "hostile-a", "user-read-email")).access_token;
    tokens.other = (await signIn(emulator, "hostile-b")).access_token;
    tokens.revoked = (await signIn(emulator, "hostile-c")).access_token;
    emulator.control.revoke("hostile-c");
  };
  await refreshTokens();

  const liked = emulator.control.likes("hostile-a").map((l) => l.trackId);
  const playlist = async (token: string, name: string, isPublic: boolean, tracks: string[]) => {
    const created = await json<{ id: string }>(
      await api(emulator, token, "POST", "/me/playlists", { name, public: isPublic }),
    );
    if (tracks.length > 0)
      await api(emulator, token, "POST", `/playlists/${created.id}/items`, {
        uris: tracks.map((t) => `spotify:track:${t}`),
      });
    return created.id;
  };
  const ownPublic = await playlist(tokens.full, "Public", true, liked.slice(0, 3));
  const ownPrivate = await playlist(tokens.full, "Private", false, liked.slice(3, 5));
  const deleted = await playlist(tokens.full, "Gone", false, liked.slice(0, 1));
  emulator.control.deletePlaylist("hostile-a", deleted);
  const othersPlaylist = await playlist(tokens.other, "Theirs", true, []);
  const likedTrack = liked[0] ?? "";
  const unlikedTrack = emulator.control.like("hostile-b", { count: 1 })[0] ?? "";
  const artist = emulator.control.track(likedTrack)?.artistIds[0] ?? "";
  return {
    emulator,
    dir,
    statePath,
    tokens,
    ids: { ownPublic, ownPrivate, deleted, othersPlaylist, likedTrack, unlikedTrack, artist },
    refreshTokens,
  };
}

export function authorizationOf(world: SpotifyWorld, choice: AuthChoice): string | null {
  const t = world.tokens;
  const headers: Record<AuthChoice, string | null> = {
    full: `Bearer ${t.full}`,
    lowercaseScheme: `bearer ${t.full}`,
    narrow: `Bearer ${t.narrow}`,
    other: `Bearer ${t.other}`,
    expired: `Bearer ${t.expired}`,
    revoked: `Bearer ${t.revoked}`,
    unknown: "Bearer BQ0000000000000000000000",
    none: null,
    empty: "",
    schemeOnly: "Bearer",
    basic: "Basic dGVzdC1jbGllbnQ6dGVzdC1zZWNyZXQ=",
    twoTokens: `Bearer ${t.full} ${t.other}`,
  };
  return headers[choice];
}

export const authArb: fc.Arbitrary<AuthChoice> = fc.oneof(
  { weight: 6, arbitrary: fc.constant<AuthChoice>("full") },
  {
    weight: 4,
    arbitrary: fc.constantFrom<AuthChoice>(
      "lowercaseScheme",
      "narrow",
      "other",
      "expired",
      "revoked",
      "unknown",
      "none",
      "empty",
      "schemeOnly",
      "basic",
      "twoTokens",
    ),
  },
);

/** Path segments: mostly hostile, sometimes a real id of some kind (own, others', deleted, track, artist). */
export function segmentArb(world: SpotifyWorld): fc.Arbitrary<string> {
  const real = Object.values(world.ids);
  return fc.oneof(
    { weight: 2, arbitrary: hostileSegment },
    { weight: 2, arbitrary: fc.constantFrom(world.ids.ownPublic, world.ids.ownPrivate, "hostile-a") },
    { weight: 1, arbitrary: fc.constantFrom(...real, "hostile-b", "nobody") },
    {
      weight: 1,
      arbitrary: fc.constantFrom("0".repeat(22), "Z".repeat(22), "a".repeat(23), "x".repeat(5_000)),
    },
  );
}

/** Query strings with the Web API's parameters: bad limit/offset, ids, uris and markets, too many of them. */
export function queryArb(world: SpotifyWorld): fc.Arbitrary<string> {
  const track = world.ids.likedTrack;
  const ids = (n: number, id = track) => Array.from({ length: n }, () => id).join(",");
  const uris = (n: number, kind = "track", id = track) =>
    Array.from({ length: n }, () => `spotify:${kind}:${id}`).join(",");
  const value = fc.oneof(
    fc.constantFrom(
      "-1",
      "0",
      "1",
      "20",
      "50",
      "51",
      "100",
      "101",
      "1e1",
      "0x10",
      "%205",
      "1.5",
      "99999999999",
    ),
    fc.constantFrom("US", "us", "XX", "USA", "from_token", "", "%00"),
    fc.constantFrom(
      ids(1),
      ids(3),
      ids(51),
      ids(101),
      `${track},,${track}`,
      ids(2, "%ZZ"),
      ids(2, "a".repeat(22)),
    ),
    fc.constantFrom(uris(1), uris(41), uris(1, "episode"), uris(1, "playlist", world.ids.othersPlaylist)),
    fc.constantFrom(
      uris(1, "track", "0".repeat(22)),
      "spotify:track:",
      "spotify:album:x,spotify:user:y",
      "true",
    ),
    fc.string({ unit: "binary", maxLength: 30 }).map(encodeLoosely),
  );
  const key = fc.oneof(
    fc.constantFrom("limit", "offset", "ids", "uris", "market", "position", "includeDeleted"),
    fc.constantFrom("fields", "__proto__", "ids[]", "constructor"),
  );
  return fc
    .array(fc.tuple(key, value), { maxLength: 3 })
    .map((pairs) => (pairs.length === 0 ? "" : `?${pairs.map(([k, v]) => `${k}=${v}`).join("&")}`));
}

/** A body for the route: its example mutated or refilled with hostile values of the right type, or any text. */
export function bodyArb(routeKeyBelowBase: string, world: SpotifyWorld): fc.Arbitrary<string | null> {
  const example = bodyExamples[routeKeyBelowBase];
  const options: { weight: number; arbitrary: fc.Arbitrary<string | null> }[] = [
    { weight: 3, arbitrary: hostileBodyText },
    { weight: 1, arbitrary: fc.constant(null) },
  ];
  if (example !== undefined && example !== null) {
    const filled = JSON.parse(JSON.stringify(example).replaceAll("TRACK", world.ids.likedTrack)) as unknown;
    options.push(
      { weight: 3, arbitrary: mutatedInput(filled) },
      { weight: 2, arbitrary: sameShapeInput(filled) },
      { weight: 3, arbitrary: numbersReplaced(filled) },
      { weight: 3, arbitrary: nodeReplaced(filled) },
    );
  }
  return fc.oneof(...options);
}

const REFUSALS: Record<Part, number[]> = {
  api: [400, 401, 403, 404, 405, 413],
  accounts: [400, 401, 404, 405, 413],
  control: [400, 404, 405, 409, 413],
};

/** The refusal is in the shape of the part the path belongs to. */
export function expectRefusalShape(part: Part, pathname: string, answer: Answer, context: string): void {
  expect(REFUSALS[part], context).toContain(answer.status);
  if (part === "accounts" && pathname === `${BASE}/accounts/authorize` && answer.status === 400) {
    expect(answer.contentType, context).toStartWith("text/html");
    return;
  }
  expect(answer.contentType, context).toStartWith("application/json");
  const body = answer.json as Record<string, unknown>;
  if (part === "api") {
    expect(Object.keys(body), context).toEqual(["error"]);
    const error = body.error as { status: unknown; message: unknown };
    expect(error.status, context).toBe(answer.status);
    expect(typeof error.message === "string" && error.message.length > 0, context).toBe(true);
  } else if (part === "accounts") {
    expect(Object.keys(body).sort(), context).toEqual(["error", "error_description"]);
    expect(typeof body.error === "string" && typeof body.error_description === "string", context).toBe(true);
  } else {
    expect(Object.keys(body), context).toEqual(["error"]);
    expect(typeof body.error, context).toBe("string");
  }
}
