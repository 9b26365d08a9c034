// A playlist's page against the Spotify emulator: each song explained by the rule and the fact that placed it,
// exclusions leaving Spotify at once and staying out across hourly runs with new likes, undo, corrections
// moving songs in and out.

import { beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { tracks } from "../../../src/server/db/schema/index.ts";
import { runHourlySync } from "../../../src/server/distribution/batch/batch-jobs.ts";
import { recordLookups } from "../../../src/server/metadata/store/lookups-repository.ts";
import { makePremium, setMembership } from "../../support/factories.ts";
import { type Listener, managed, setUpHarness } from "../distribution/support.ts";
import { categoriesOf as trackCategories, factsOf as trackFacts } from "./support.ts";

const h = setUpHarness();
let listener: Listener;
let genre: string;
let decade: string;

const factsOf = (trackId: string) => trackFacts(h, trackId);
const categoriesOf = (trackId: string) => trackCategories(h, trackId);
const settled = (l: Listener) => h.workSettled(l);

const songsPage = (name: string, query = "") =>
  h.call(listener.cookie, "GET", `/api/playlists/${encodeURIComponent(name)}/songs${query}`);

beforeAll(async () => {
  listener = await h.signIn("explain-a", 300, 7);
  const likes = h.likesOldestFirst(listener.id).map((l) => l.trackId);
  const counts = new Map<string, number>();
  for (const id of likes) for (const name of categoriesOf(id)) counts.set(name, (counts.get(name) ?? 0) + 1);
  const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([name]) => name);
  genre =
    ranked.find((n) => ["Rock", "Pop", "Electronic", "Hip Hop", "Jazz", "Metal", "Indie"].includes(n)) ?? "";
  decade = ranked.find((n) => /^\d{4}s$/.test(n)) ?? "";
  expect(genre).not.toBe("");
  expect(decade).not.toBe("");
  // Everything is premium-only: this listener is a premium member.
  makePremium(h.crate.deps.db, listener.userId);
  await h.distributeAndWait(listener, ["Everything", genre, decade]);
}, 120_000);

describe("a playlist's songs with their reasons", () => {
  test("songs in playlist order, each with the genre string and its source that placed it", async () => {
    const onSpotify = h.playlistsOf(listener.id).get(managed(genre)) ?? [];
    expect(onSpotify.length).toBeGreaterThan(0);
    const answer = await songsPage(genre, "?limit=500");
    expect(answer.status).toBe(200);
    const body = answer.body as {
      total: number;
      spotifyPlaylistId: string;
      songs: { trackId: string; reasons: { text: string; source: string; asOf: string | null }[] }[];
    };
    expect(body.total).toBe(onSpotify.length);
    expect(body.songs.map((s) => s.trackId)).toEqual(onSpotify.slice(0, 500));
    for (const song of body.songs) {
      const [reason] = song.reasons;
      expect(reason?.source).toBe("spotify");
      expect(reason?.asOf).not.toBeNull();
      const quoted = /^Genre (.+): the artist's genres include '(.+)' \(Spotify, /.exec(reason?.text ?? "");
      expect(quoted?.[1]).toBe(genre);
      expect(factsOf(song.trackId).artistGenres).toContain(quoted?.[2] ?? "");
    }
  });

  test("a decade's reason names the release date Spotify gave", async () => {
    const answer = await songsPage(decade, "?limit=20&offset=1");
    const songs = answer.body.songs as { trackId: string; reasons: { text: string }[] }[];
    expect(songs.length).toBeGreaterThan(0);
    const onSpotify = h.playlistsOf(listener.id).get(managed(decade)) ?? [];
    expect(songs[0]?.trackId).toBe(onSpotify[1] ?? "");
    for (const song of songs)
      expect(song.reasons[0]?.text).toStartWith(
        `Decade ${decade}: released ${factsOf(song.trackId).releaseDate} (Spotify`,
      );
  });

  test("Everything says Crate's own rule", async () => {
    const songs = (await songsPage("Everything", "?limit=3")).body.songs as {
      reasons: { source: string; asOf: null }[];
    }[];
    expect(songs).toHaveLength(3);
    for (const song of songs) expect(song.reasons[0]).toMatchObject({ source: "crate", asOf: null });
  });

  test("bad input is a 400 naming the field; an unknown or another listener's playlist is a 404", async () => {
    for (const query of ["?limit=0", "?limit=501", "?limit=abc"]) {
      const answer = await songsPage(genre, query);
      expect(answer.status).toBe(400);
      expect(String(answer.body.error)).toContain("limit");
    }
    expect((await songsPage("No Such Playlist")).status).toBe(404);
    const other = await h.signIn("explain-b", 20, 9);
    const theirs = await h.call(other.cookie, "GET", `/api/playlists/${encodeURIComponent(genre)}/songs`);
    expect(theirs.status).toBe(404);
    expect(theirs.body.errorCode).toBe(4);
    const notSignedIn = await h.call(null, "GET", `/api/playlists/${encodeURIComponent(genre)}/songs`);
    expect(notSignedIn.status).toBe(401);
  });
});

describe("songs the listener removed in Spotify", () => {
  test("are noticed when the page is opened, listed as removed with the day, and never added again", async () => {
    const summary = h.spotify.control.listenerPlaylists(listener.id).find((p) => p.name === managed(decade));
    const before = h.spotify.control.playlist(summary?.id ?? "")?.trackIds ?? [];
    const song = before[3] ?? "";
    h.spotify.control.removePlaylistItem(summary?.id ?? "", song);
    // the page was opened within the hour by an earlier test: Crate would not read the playlist again yet
    h.clearThrottles();
    expect((await songsPage(decade)).status).toBe(200);
    await settled(listener);
    const page = await songsPage(decade, "?limit=500");
    expect(page.body.total).toBe(before.length - 1);
    expect((page.body.songs as { trackId: string }[]).map((s) => s.trackId)).not.toContain(song);
    const removed = (page.body.notIncluded as { trackId: string; kind: string; text: string }[]).find(
      (s) => s.trackId === song,
    );
    expect(removed?.kind).toBe("removed");
    expect(removed?.text).toStartWith("You removed it from this playlist in Spotify (noticed on ");
    await runHourlySync(h.crate.deps);
    await settled(listener);
    expect(h.playlistsOf(listener.id).get(managed(decade))).not.toContain(song);
  });
});

describe("exclusions", () => {
  test("a song leaves the Spotify playlist at once, is listed as excluded, and returns after undo", async () => {
    const before = h.playlistsOf(listener.id).get(managed(genre)) ?? [];
    const song = before[2] ?? "";
    const path = `/api/playlists/${encodeURIComponent(genre)}/exclusions`;
    const first = await h.call(listener.cookie, "POST", path, { trackId: song });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ kind: "track", id: song });
    expect((await h.call(listener.cookie, "POST", path, { trackId: song })).status).toBe(200);
    await settled(listener);
    const after = h.playlistsOf(listener.id);
    expect(after.get(managed(genre))).not.toContain(song);
    expect(after.get(managed("Everything"))).toContain(song);
    const page = await songsPage(genre);
    expect(page.body.notIncluded).toContainEqual(
      expect.objectContaining({ trackId: song, kind: "excluded" }),
    );
    const list = await h.call(listener.cookie, "GET", path);
    expect(list.body.exclusions).toEqual([expect.objectContaining({ kind: "track", id: song })]);

    const undo = await fetch(`${h.crate.url}${path}/track/${song}`, {
      method: "DELETE",
      headers: { cookie: listener.cookie, origin: h.crate.url },
    });
    expect(undo.status).toBe(204);
    await settled(listener);
    expect(h.playlistsOf(listener.id).get(managed(genre))).toContain(song);
    expect((await h.call(listener.cookie, "GET", path)).body.exclusions).toEqual([]);
  });

  test("bad exclusions are refused", async () => {
    const path = `/api/playlists/${encodeURIComponent(genre)}/exclusions`;
    const both = await h.call(listener.cookie, "POST", path, { trackId: "a1", artistId: "b2" });
    expect(both.status).toBe(400);
    expect(String(both.body.error)).toContain("trackId");
    const unknown = await h.call(listener.cookie, "POST", path, { trackId: "notALikedSong123" });
    expect(unknown.status).toBe(400);
    expect(
      (await h.call(listener.cookie, "POST", "/api/playlists/Nope/exclusions", { trackId: "x1" })).status,
    ).toBe(404);
  });

  test("an excluded artist stays out across hourly runs, new likes included; other playlists keep them", async () => {
    const liked = new Set(h.likesOldestFirst(listener.id).map((l) => l.trackId));
    const artistsLiked = new Set([...liked].flatMap((id) => factsOf(id).artistIds));
    const fresh = h.spotify.control.like(listener.id, { count: 400 });
    const newByKnownArtist = fresh.find(
      (id) => categoriesOf(id).includes(genre) && factsOf(id).artistIds.some((a) => artistsLiked.has(a)),
    );
    expect(newByKnownArtist).toBeDefined();
    const artist = factsOf(newByKnownArtist ?? "").artistIds.find((a) => artistsLiked.has(a)) ?? "";
    const path = `/api/playlists/${encodeURIComponent(genre)}/exclusions`;
    expect((await h.call(listener.cookie, "POST", path, { artistId: artist })).status).toBe(201);
    await settled(listener);
    for (let run = 0; run < 2; run++) {
      await runHourlySync(h.crate.deps);
      await settled(listener);
      const now = h.playlistsOf(listener.id);
      const inGenre = now.get(managed(genre)) ?? [];
      expect(inGenre.filter((id) => factsOf(id).artistIds.includes(artist))).toEqual([]);
      expect(now.get(managed("Everything"))).toContain(newByKnownArtist ?? "");
    }
    // the artist's songs are listed below the playlist's songs as kept out, naming the artist
    const page = await h.call(listener.cookie, "GET", `/api/playlists/${encodeURIComponent(genre)}/songs`);
    const kept = (page.body.notIncluded as { trackId: string; kind: string; text: string }[]).find(
      (s) => s.trackId === newByKnownArtist,
    );
    expect(kept?.kind).toBe("excluded");
    const listedExclusions = (await h.call(listener.cookie, "GET", path)).body.exclusions as {
      id: string;
      label: string;
    }[];
    const label = listedExclusions.find((e) => e.id === artist)?.label ?? "";
    expect(label).not.toBe("");
    expect(kept?.text).toContain(label);
  }, 120_000);
});

describe("corrections", () => {
  test("a correction moves an artist's songs in and out at once, names itself, and its undo moves them back", async () => {
    const inDecade = h.playlistsOf(listener.id).get(managed(decade)) ?? [];
    const inGenre = new Set(h.playlistsOf(listener.id).get(managed(genre)) ?? []);
    // a single-artist song in the decade playlist that is not in the genre playlist
    const song = inDecade.find(
      (id) => factsOf(id).artistIds.length === 1 && !inGenre.has(id) && !categoriesOf(id).includes(genre),
    );
    expect(song).toBeDefined();
    const artist = factsOf(song ?? "").artistIds[0] ?? "";
    const put = await h.call(listener.cookie, "PUT", `/api/corrections/artists/${artist}`, {
      genres: [genre.toLowerCase()],
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ artistId: artist, genres: [genre], country: null });
    await settled(listener);
    expect(h.playlistsOf(listener.id).get(managed(genre))).toContain(song ?? "");
    // an older song the correction qualifies joins at its like-order place, not at the end
    const inOrder = h.playlistsOf(listener.id).get(managed(genre)) ?? [];
    const held = new Set(inOrder);
    expect(inOrder).toEqual(
      h
        .likesOldestFirst(listener.id)
        .map((l) => l.trackId)
        .filter((id) => held.has(id)),
    );
    expect(inOrder.at(-1)).not.toBe(song);
    const page = (await songsPage(genre, "?limit=500")).body.songs as {
      trackId: string;
      reasons: { text: string; source: string }[];
    }[];
    const explained = page.find((s) => s.trackId === song);
    expect(explained?.reasons[0]?.source).toBe("listener");
    expect(explained?.reasons[0]?.text).toContain("your correction");
    expect((await h.call(listener.cookie, "GET", "/api/corrections")).body.artists).toEqual([
      expect.objectContaining({ artistId: artist, genres: [genre], country: null }),
    ]);

    const undo = await fetch(`${h.crate.url}/api/corrections/artists/${artist}`, {
      method: "DELETE",
      headers: { cookie: listener.cookie, origin: h.crate.url },
    });
    expect(undo.status).toBe(204);
    await settled(listener);
    expect(h.playlistsOf(listener.id).get(managed(genre))).not.toContain(song ?? "");
    expect(h.playlistsOf(listener.id).get(managed(decade))).toContain(song ?? "");
    expect((await h.call(listener.cookie, "GET", "/api/corrections")).body.artists).toEqual([]);
  });

  test("bad corrections are refused with the field named", async () => {
    const cases: [unknown, string][] = [
      [{}, "genres"],
      [{ genres: ["Not A Genre"] }, "genres"],
      [{ country: "Denmark" }, "country"],
    ];
    for (const [body, field] of cases) {
      const answer = await h.call(listener.cookie, "PUT", "/api/corrections/artists/abc123", body);
      expect(answer.status).toBe(400);
      expect(String(answer.body.error)).toContain(field);
    }
  });
});

describe("why not", () => {
  test("the search finds a liked song; its placement names its playlists and why not the others", async () => {
    const inDecade = h.playlistsOf(listener.id).get(managed(decade)) ?? [];
    const song = inDecade[0] ?? "";
    const name = h.spotify.control.track(song)?.name ?? "";
    const hits = await h.call(listener.cookie, "GET", `/api/songs/search?query=${encodeURIComponent(name)}`);
    expect(hits.status).toBe(200);
    expect((hits.body.songs as { trackId: string }[]).map((s) => s.trackId)).toContain(song);
    const placement = await h.call(listener.cookie, "GET", `/api/songs/${song}/placement`);
    expect(placement.status).toBe(200);
    const groups = placement.body.groups as { group: string; playlists: string[]; text: string }[];
    const decadeGroup = groups.find((g) => g.group === "Decade");
    expect(decadeGroup?.playlists).toEqual([decade]);
    expect(decadeGroup?.text).toStartWith(`Decade ${decade}: released `);
    const mood = groups.find((g) => g.group === "Mood");
    expect(mood?.playlists).toEqual([]);
    expect(mood?.text).toMatch(/^Mood( .+: you did not choose|: the song fits none)/);
    expect((await h.call(listener.cookie, "GET", "/api/songs/notLikedAtAll99/placement")).status).toBe(404);
    expect((await h.call(listener.cookie, "GET", "/api/songs/bad%20id/placement")).status).toBe(400);
  });

  test("a song no source gave a tempo says when a source last asked about it, whichever source that was", async () => {
    const song = (h.playlistsOf(listener.id).get(managed(decade)) ?? [])[1] ?? "";
    const { db, clock } = h.crate.deps;
    db.update(tracks)
      .set({ tempo: null, tempoSource: null, categories: null })
      .where(eq(tracks.id, song))
      .run();
    const day = 86_400_000;
    recordLookups(db, "reccobeats", "features", [song], new Set(), clock.now() - 5 * day);
    const tempoText = async () => {
      const placement = await h.call(listener.cookie, "GET", `/api/songs/${song}/placement`);
      return (placement.body.groups as { group: string; text: string }[]).find((g) => g.group === "Tempo")
        ?.text;
    };
    expect(await tempoText()).toBe("Tempo unknown: no source has this song's tempo yet; asked 5 days ago");
    recordLookups(db, "deezer", "bpm", [song], new Set(), clock.now() - 2 * day);
    expect(await tempoText()).toBe("Tempo unknown: no source has this song's tempo yet; asked 2 days ago");
  });
});

describe("a free listener's premium-only playlist", () => {
  test("is shown but not changed: errorCode 30", async () => {
    setMembership(h.crate.deps.db, "Free", listener.userId);
    const page = await songsPage("Everything");
    expect(page.status).toBe(200);
    expect(page.body.paused).toBe(true);
    const song = (page.body.songs as { trackId: string }[])[0]?.trackId ?? "";
    const refused = await h.call(listener.cookie, "POST", "/api/playlists/Everything/exclusions", {
      trackId: song,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.errorCode).toBe(30);
    expect(
      (await h.call(listener.cookie, "GET", "/api/playlists/Everything/exclusions")).body.exclusions,
    ).toEqual([]);
  });
});
