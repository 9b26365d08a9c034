// What the rule wizard looks up, against the Spotify emulator: the listener's own playlists a criterion may name
// (never a playlist Crate keeps for them nor another user's), a preview counting the songs of a playlist just
// picked, and the names of a stored rule's artists (only artists of their own liked songs).
import { beforeAll, describe, expect, test } from "bun:test";
import { ErrorCode } from "../../../src/shared/errors.ts";
import { apiCall, overHttp, trpcRequest } from "../../support/api.ts";
import { makePremium } from "../../support/factories.ts";
import { type Listener, setUpHarness } from "../distribution/support.ts";
import {
  createRules,
  type EmulatorFacts,
  finished,
  libraryFacts,
  onSpotify,
  ruleId,
} from "./rule-support.ts";

const h = setUpHarness();
let listener: Listener;
let free: Listener;
let other: Listener;
let library: EmulatorFacts[];

const query = (cookie: string | null, procedure: string, input?: unknown) =>
  trpcRequest(overHttp(h.crate.url), "query", procedure, input, cookie);

interface Listed {
  playlists: { id: string; name: string; collaborative: boolean }[];
  readsCollaborative: boolean;
}

beforeAll(async () => {
  listener = await h.premiumListener("own-lists", 80);
  free = await h.signIn("own-lists-free", 20);
  other = await h.signIn("own-lists-other", 40, 7);
  await h.workSettled(listener);
  await h.workSettled(other);
  library = libraryFacts(h, listener.id);
}, 120_000);

describe("combinations.ownPlaylists", () => {
  test("lists the listener's own playlists, not those Crate keeps nor other users'", async () => {
    const roadTrip = h.spotify.control.createPlaylist(listener.id, { name: "Road Trip" });
    const empty = h.spotify.control.createPlaylist(listener.id, { name: "Nothing Yet", public: false });
    const theirs = h.spotify.control.createPlaylist(other.id, { name: "Their Mix" });
    h.spotify.control.followPlaylist(listener.id, theirs.id);
    // a playlist Crate keeps for the listener
    h.spotify.control.addPlaylistItems(roadTrip.id, [library[0]?.trackId ?? ""]);
    const made = await createRules(h, listener, [
      { playlistName: "Kept", criteria: [{ inPlaylist: roadTrip.id }] },
    ]);
    await finished(h, listener, made);
    expect(onSpotify(h, listener, "Kept")).toHaveLength(1);
    const kept = h.spotify.control.listenerPlaylists(listener.id).find((p) => p.name.startsWith("Kept"));
    expect(kept).toBeDefined();

    const calls = h.spotify.control.calls().total;
    const answer = await query(listener.cookie, "combinations.ownPlaylists");
    expect(answer.status).toBe(200);
    const listed = answer.body?.result.data as Listed;
    // one listing of their playlists on Spotify
    expect(h.spotify.control.calls().total - calls).toBe(1);
    expect(listed.readsCollaborative).toBe(false);
    const ids = listed.playlists.map((p) => p.id);
    expect(ids).toContain(roadTrip.id);
    expect(ids).toContain(empty.id);
    expect(ids).not.toContain(theirs.id);
    expect(ids).not.toContain(kept?.id);
    expect(listed.playlists.find((p) => p.id === roadTrip.id)).toEqual({
      id: roadTrip.id,
      name: "Road Trip",
      collaborative: false,
    });
  });

  test("refused to a free listener and to nobody signed in, like the other rule procedures", async () => {
    const refused = await query(free.cookie, "combinations.ownPlaylists");
    expect(refused.status).toBe(403);
    expect(refused.body?.error.data.errorCode).toBe(ErrorCode.FeatureNotAvailable);
    const anonymous = await query(null, "combinations.ownPlaylists");
    expect(anonymous.status).toBe(401);
    expect(anonymous.body?.error.data.errorCode).toBe(ErrorCode.Unauthorized);
  });

  test("a few a minute: past them 429 and no Spotify call", async () => {
    h.clearThrottles();
    for (let i = 0; i < 6; i++)
      expect((await query(listener.cookie, "combinations.ownPlaylists")).status).toBe(200);
    const calls = h.spotify.control.calls().total;
    const past = await query(listener.cookie, "combinations.ownPlaylists");
    expect(past.status).toBe(429);
    expect(past.body?.error.data.errorCode).toBe(ErrorCode.RateLimited);
    expect(h.spotify.control.calls().total).toBe(calls);
    h.clearThrottles();
  });
});

describe("a playlist just picked, in the preview", () => {
  test("the preview counts its liked songs before any rule names it, as the saved rule then holds", async () => {
    h.clearThrottles();
    const gym = h.spotify.control.createPlaylist(listener.id, { name: "Gym" });
    const picked = library.filter((_, i) => i % 5 === 1).map((s) => s.trackId);
    const notLiked = h.spotify.control.likes(other.id).find((like) => !picked.includes(like.trackId));
    h.spotify.control.addPlaylistItems(gym.id, [...picked, notLiked?.trackId ?? ""].filter(Boolean));
    const rule = { criteria: [{ inPlaylist: gym.id }] };
    const preview = await apiCall(overHttp(h.crate.url), "POST", "/api/distributor/combinatorial/preview", {
      cookie: listener.cookie,
      json: rule,
    });
    expect(preview.status).toBe(200);
    expect(preview.body?.total).toBe(picked.length);
    const viaTrpc = await query(listener.cookie, "combinations.preview", rule);
    expect(viaTrpc.body?.result.data.total).toBe(picked.length);
    const made = await createRules(h, listener, [{ playlistName: "Gym Rule", ...rule }]);
    await finished(h, listener, made);
    expect(onSpotify(h, listener, "Gym Rule")).toEqual(picked);
  });
});

describe("reopened rules, one after the other", () => {
  test("the preview of a reopened rule counts the songs an update just read from its playlist", async () => {
    h.clearThrottles();
    const preview = (json: unknown) =>
      apiCall(overHttp(h.crate.url), "POST", "/api/distributor/combinatorial/preview", {
        cookie: listener.cookie,
        json,
      });
    const first = h.spotify.control.createPlaylist(listener.id, { name: "First" });
    h.spotify.control.addPlaylistItems(first.id, [library[3]?.trackId ?? ""]);
    await finished(
      h,
      listener,
      await createRules(h, listener, [{ playlistName: "First Rule", criteria: [{ inPlaylist: first.id }] }]),
    );
    const firstId = await ruleId(h, listener, "First Rule");
    expect((await preview({ id: firstId, criteria: [{ inPlaylist: first.id }] })).body?.total).toBe(1);
    // a second rule: its update reads its playlist; reopened moments later, the preview counts those songs
    h.clearThrottles();
    const second = h.spotify.control.createPlaylist(listener.id, { name: "Second" });
    const songs = library.slice(10, 14).map((s) => s.trackId);
    h.spotify.control.addPlaylistItems(second.id, songs);
    await finished(
      h,
      listener,
      await createRules(h, listener, [
        { playlistName: "Second Rule", criteria: [{ inPlaylist: second.id }] },
      ]),
    );
    const secondId = await ruleId(h, listener, "Second Rule");
    expect(onSpotify(h, listener, "Second Rule")).toEqual(songs);
    expect((await preview({ id: secondId, criteria: [{ inPlaylist: second.id }] })).body?.total).toBe(
      songs.length,
    );
  });
});

describe("combinations.names", () => {
  test("names a stored rule's artists of the listener's liked songs, never another listener's artist", async () => {
    h.clearThrottles();
    const mine = library.flatMap((s) => s.artistIds);
    const liked = mine[0] ?? "";
    const theirsOnly = libraryFacts(h, other.id)
      .flatMap((s) => s.artistIds)
      .find((id) => !mine.includes(id));
    expect(theirsOnly).toBeDefined();
    // Crate knows that artist's name (from the other listener's library): the check below is not vacuous
    const known = h.crate.deps.db.$client
      .query<{ name: string }, [string]>("SELECT name FROM artists WHERE id = ?")
      .get(theirsOnly ?? "");
    expect(known?.name).toBeTruthy();
    const made = await createRules(h, listener, [
      { playlistName: "Named", criteria: [{ artists: [liked, theirsOnly] }] },
    ]);
    await finished(h, listener, made);
    const id = await ruleId(h, listener, "Named");
    // the playlist's page says which part of the rule each song matched: never with the other listener's artist
    const page = await apiCall(overHttp(h.crate.url), "GET", "/api/playlists/Named/songs", {
      cookie: listener.cookie,
    });
    expect(page.status).toBe(200);
    expect(JSON.stringify(page.body)).toContain("criterion");
    expect(JSON.stringify(page.body)).not.toContain(known?.name ?? "");
    const answer = await query(listener.cookie, "combinations.names", { id });
    expect(answer.status).toBe(200);
    const names = answer.body?.result.data as { artists: Record<string, string> };
    const likedName = h.crate.deps.db.$client
      .query<{ name: string }, [string]>("SELECT name FROM artists WHERE id = ?")
      .get(liked)?.name;
    expect(names.artists).toEqual({ [liked]: likedName ?? "" });
    // the playlists a rule names, by the name Crate last read
    const kept = await query(listener.cookie, "combinations.names", {
      id: await ruleId(h, listener, "Kept"),
    });
    expect(Object.values(kept.body?.result.data.playlists)).toEqual(["Road Trip"]);
    // without an id: the names of all their rules (the table's), still only artists of their liked songs
    const all = (await query(listener.cookie, "combinations.names", {})).body?.result.data;
    expect(all.artists[liked]).toBe(likedName ?? "");
    expect(Object.keys(all.artists)).not.toContain(theirsOnly);
    expect(Object.values(all.playlists)).toContain("Road Trip");
    // a free listener: refused; another premium listener's view of this rule: 404
    const refused = await query(other.cookie, "combinations.names", { id });
    expect(refused.body?.error.data.errorCode).toBe(ErrorCode.FeatureNotAvailable);
    makePremium(h.crate.deps.db, other.userId);
    const stranger = await query(other.cookie, "combinations.names", { id });
    expect(stranger.status).toBe(404);
  });
});
