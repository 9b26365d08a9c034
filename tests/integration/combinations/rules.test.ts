// Rules the listener writes, against the Spotify emulator: each new part's exact content and order on Spotify,
// a window of days rolling as the clock moves, unliked songs kept or removed, an edit, a playlist of their own as a
// source, and the preview's count against what the playlist then holds. Expectations come from the emulator's facts.
import { beforeAll, describe, expect, test } from "bun:test";
import { runHourlySync } from "../../../src/server/distribution/batch/batch-jobs.ts";
import { manualClock } from "../../../src/server/platform/clock.ts";
import { type Listener, setUpHarness } from "../distribution/support.ts";
import {
  byKnown,
  createRules,
  DAY,
  type EmulatorFacts,
  finished,
  ids,
  libraryFacts,
  onSpotify,
  ranked,
  ruleId,
  spotifyPlaylistOf,
} from "./rule-support.ts";

const clock = manualClock(Date.now());
const h = setUpHarness({ clock });
let listener: Listener;
let library: EmulatorFacts[];
/** the release years of the rule "Era Tempo" */
let era = { from: 0, to: 0 };

beforeAll(async () => {
  listener = await h.premiumListener("rule-parts", 300);
  library = libraryFacts(h, listener.id);
  // Crate's clock a day after the newest like, so windows of days cut through the library.
  clock.set(Math.max(...library.map((s) => s.likedAt)) + DAY);
}, 120_000);

const inRange = (value: number | null, from: number, to: number) =>
  value !== null && value >= from && value <= to;

describe("each new part, exact content and order on Spotify", () => {
  test("years and tempo, slowest first; subgenres and except, newest like first, at most N", async () => {
    const years = ranked(library.flatMap((s) => (s.year === null ? [] : [s.year]))).slice(0, 6);
    const from = Math.min(...years);
    const to = Math.max(...years);
    era = { from, to };
    const recent = library.flatMap((s) => (s.year === null ? [] : [s.year])).sort((a, b) => b - a);
    const cut = recent[Math.floor(recent.length / 4)] ?? 2015;
    const subgenre = ranked(library.flatMap((s) => [...s.genres].filter((g) => /^[a-z]/.test(g))))[0] ?? "";
    const answer = await createRules(h, listener, [
      {
        playlistName: "Era Tempo",
        criteria: [{ years: { from, to }, tempo: { from: 90, to: 140 } }],
        order: "tempo",
      },
      {
        playlistName: "Sub Newest",
        criteria: [{ subgenres: [subgenre] }, { years: { from: cut } }],
        except: [{ tempo: { to: 90 } }],
        order: "likedNewestFirst",
        limit: 15,
      },
    ]);
    await finished(h, listener, answer);

    const inEra = library.filter(
      (s) => inRange(s.year, from, to) && s.tempo !== null && inRange(Math.round(s.tempo), 90, 140),
    );
    expect(inEra.length).toBeGreaterThan(3);
    expect(onSpotify(h, listener, "Era Tempo")).toEqual(ids(byKnown(inEra, (s) => s.tempo)));

    const sub = library.filter(
      (s) =>
        (s.genres.has(subgenre) || inRange(s.year, cut, 9999)) &&
        !(s.tempo !== null && Math.round(s.tempo) <= 90),
    );
    expect(sub.length).toBeGreaterThan(15);
    expect(onSpotify(h, listener, "Sub Newest")).toEqual(ids([...sub].reverse().slice(0, 15)));
  });

  test("artists, newest release first; the listing fills in the defaults", async () => {
    h.clearThrottles();
    const artists = ranked(library.flatMap((s) => s.artistIds)).slice(0, 3);
    const answer = await createRules(h, listener, [
      { playlistName: "Some Artists", criteria: [{ artists }], order: "releasedNewestFirst" },
    ]);
    await finished(h, listener, answer);
    const want = library.filter((s) => s.artistIds.some((a) => artists.includes(a)));
    expect(want.length).toBeGreaterThan(2);
    expect(onSpotify(h, listener, "Some Artists")).toEqual(ids(byKnown(want, (s) => s.releaseDay, -1)));
    const listed = await h.call(listener.cookie, "GET", "/api/playlist-preferences");
    const rule = (listed.body.combinatorialPlaylistPreferences as Record<string, unknown>[]).find(
      (c) => c.playlistName === "Some Artists",
    );
    expect(rule).toMatchObject({ except: [], order: "releasedNewestFirst", limit: null, unliked: "keep" });
    expect(((rule?.criteria ?? []) as Record<string, unknown>[])[0]?.artists).toEqual(artists);
  });
});

describe("the other orders", () => {
  test("release date, artist and a daily shuffle, which is new the next day", async () => {
    h.clearThrottles();
    const decade = ranked(library.flatMap((s) => (s.decade === null ? [] : [s.decade])))[1] ?? 2000;
    const criteria = [{ decade }];
    const answer = await createRules(h, listener, [
      { playlistName: "By Release", criteria, order: "released" },
      { playlistName: "By Artist", criteria, order: "artist" },
      { playlistName: "Shuffled", criteria, order: "shuffleDaily" },
    ]);
    await finished(h, listener, answer);
    const matching = libraryFacts(h, listener.id).filter((s) => s.decade === decade);
    expect(matching.length).toBeGreaterThan(5);
    expect(onSpotify(h, listener, "By Release")).toEqual(ids(byKnown(matching, (s) => s.releaseDay)));
    // artists' names as Spotify gave them to Crate, ignoring case
    const names = new Map(
      h.crate.deps.db.$client
        .query<{ id: string; name: string }, []>("SELECT id, name FROM artists")
        .all()
        .map((a) => [a.id, a.name.toLowerCase()]),
    );
    const firstArtist = (s: EmulatorFacts) => names.get(s.artistIds[0] ?? "") ?? null;
    expect(onSpotify(h, listener, "By Artist")).toEqual(ids(byKnown(matching, firstArtist)));
    const today = onSpotify(h, listener, "Shuffled") ?? [];
    expect([...today].sort()).toEqual(ids(matching).sort());
    expect(today).not.toEqual(ids(matching));
    // the next UTC day: the same songs in a fresh order, written by the hourly job without a new like
    clock.advance(DAY);
    await runHourlySync(h.crate.deps);
    const tomorrow = onSpotify(h, listener, "Shuffled") ?? [];
    expect([...tomorrow].sort()).toEqual([...today].sort());
    expect(tomorrow).not.toEqual(today);
  });
});

describe("explained", () => {
  test("a reason names the criterion that matched; why not names the part that failed", async () => {
    const page = await h.call(listener.cookie, "GET", "/api/playlists/Era%20Tempo/songs");
    expect(page.status).toBe(200);
    const songs = page.body.songs as { reasons: { text: string }[] }[];
    expect(songs[0]?.reasons[0]?.text).toBe(
      `Combination 'Era Tempo', criterion 1: released ${era.from}-${era.to}, 90-140 BPM`,
    );
    const outside = library.find((s) => s.year !== null && s.year < era.from);
    const placement = await h.call(listener.cookie, "GET", `/api/songs/${outside?.trackId}/placement`);
    expect(placement.status).toBe(200);
    const group = (placement.body.groups as { group: string; text: string }[]).find(
      (g) => g.group === "Combinations",
    );
    expect(group?.text).toContain(`'Era Tempo' criterion 1: not released ${era.from}-${era.to}`);
  });
});

describe("everywhere a rule goes", () => {
  test("the choices document and the personal-data export carry the whole rule", async () => {
    const choices = await h.call(listener.cookie, "GET", "/api/user/choices");
    expect(choices.status).toBe(200);
    const inChoices = (choices.body.combinations as Record<string, unknown>[]).find(
      (c) => c.playlistName === "Sub Newest",
    );
    expect(inChoices).toMatchObject({
      except: [{ criterionNumber: 1, tempo: { from: null, to: 90 } }],
      order: "likedNewestFirst",
      limit: 15,
      unliked: "keep",
    });
    const exported = await h.call(listener.cookie, "GET", "/api/user/personal-data");
    expect(exported.status).toBe(200);
    const inExport = (exported.body.combinationPlaylistPreferences as Record<string, unknown>[]).find(
      (c) => c.playlistName === "Sub Newest",
    );
    expect(inExport).toMatchObject({ order: "likedNewestFirst", limit: 15, unliked: "keep" });
    expect(inExport?.except).toEqual(inChoices?.except);
  });
});

describe("validation", () => {
  test("400 naming the field", async () => {
    const bad = async (combination: Record<string, unknown>, field: string) => {
      const answer = await createRules(h, listener, [{ playlistName: "Bad One", ...combination }]);
      expect(answer.status).toBe(400);
      expect(String(answer.body.error)).toStartWith(field);
    };
    await bad({ criteria: [{ years: { from: 2000, to: 1990 } }] }, "combinations[0].criteria[0].years");
    await bad({ criteria: [{ tempo: { from: 0 } }] }, "combinations[0].criteria[0].tempo.from");
    await bad({ criteria: [{ liked: { withinDays: 0 } }] }, "combinations[0].criteria[0].liked");
    await bad({ criteria: [{ genres: ["Rock"] }], order: "loudest" }, "combinations[0].order");
    await bad({ criteria: [{ genres: ["Rock"] }], limit: 10_001 }, "combinations[0].limit");
    await bad({ criteria: [{ genres: ["Rock"] }], unliked: "sometimes" }, "combinations[0].unliked");
    const unknown = await createRules(h, listener, [
      { playlistName: "Bad One", criteria: [{ subgenres: ["no such subgenre"] }] },
    ]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.errorCode).toBe(9);
  });
});

describe("rolling and unliked", () => {
  test("liked within N days: songs age out as the clock moves, with no new like", async () => {
    h.clearThrottles();
    const days = 30;
    const answer = await createRules(h, listener, [
      { playlistName: "Last Month", criteria: [{ liked: { withinDays: days } }] },
    ]);
    await finished(h, listener, answer);
    const window = (now: number) => library.filter((s) => s.likedAt > now - days * DAY && s.likedAt <= now);
    const before = window(clock.now());
    expect(before.length).toBeGreaterThan(3);
    expect(onSpotify(h, listener, "Last Month")).toEqual(ids(before));

    // Ten days on, the oldest of them have aged out; the hourly job takes them out with no new like.
    clock.advance(10 * DAY);
    const after = window(clock.now());
    expect(after.length).toBeLessThan(before.length);
    await runHourlySync(h.crate.deps);
    expect(onSpotify(h, listener, "Last Month")).toEqual(ids(after));
  });

  test("a limit: new likes push the oldest of the newest past it; a song removed in Spotify takes no place", async () => {
    h.clearThrottles();
    const rule = { criteria: [{ years: { from: 1900 } }], order: "likedNewestFirst", limit: 10 };
    await finished(h, listener, await createRules(h, listener, [{ playlistName: "Newest Ten", ...rule }]));
    const newest = () => [...libraryFacts(h, listener.id)].filter((s) => s.year !== null).reverse();
    expect(onSpotify(h, listener, "Newest Ten")).toEqual(ids(newest().slice(0, 10)));
    const removed = onSpotify(h, listener, "Newest Ten")?.[3] ?? "";
    h.spotify.control.removePlaylistItem(spotifyPlaylistOf(h, listener, "Newest Ten"), removed);
    await h.call(listener.cookie, "GET", "/api/playlists/Newest%20Ten/songs");
    await h.workSettled(listener);
    h.spotify.control.like(listener.id, { count: 4, addedAt: new Date(clock.now() - 60_000).toISOString() });
    await runHourlySync(h.crate.deps);
    const want = newest().filter((s) => s.trackId !== removed);
    expect(onSpotify(h, listener, "Newest Ten")).toEqual(ids(want.slice(0, 10)));
  });

  test("unliked songs stay with keep and leave with remove", async () => {
    h.clearThrottles();
    const decade = ranked(library.flatMap((s) => (s.decade === null ? [] : [s.decade])))[0] ?? 2010;
    const answer = await createRules(h, listener, [
      { playlistName: "Keep Them", criteria: [{ decade }] },
      { playlistName: "Drop Them", criteria: [{ decade }], unliked: "remove" },
    ]);
    await finished(h, listener, answer);
    const held = onSpotify(h, listener, "Keep Them") ?? [];
    expect(onSpotify(h, listener, "Drop Them")).toEqual(held);
    const gone = held[1] ?? "";
    h.spotify.control.unlike(listener.id, gone);
    await runHourlySync(h.crate.deps);
    expect(onSpotify(h, listener, "Keep Them")).toEqual(held);
    expect(onSpotify(h, listener, "Drop Them")).toEqual(held.filter((id) => id !== gone));
  });
});

describe("an edit and the preview", () => {
  test("the preview's count and first songs are what the playlist then holds", async () => {
    h.clearThrottles();
    const genre = ranked(library.flatMap((s) => [...s.genres].filter((g) => /^[A-Z]/.test(g))))[0] ?? "Rock";
    const rule = { criteria: [{ genres: [genre] }], order: "tempoFastestFirst", limit: 60 };
    const preview = await h.call(listener.cookie, "POST", "/api/distributor/combinatorial/preview", rule);
    expect(preview.status).toBe(200);
    await finished(h, listener, await createRules(h, listener, [{ playlistName: "Fast Genre", ...rule }]));
    const held = onSpotify(h, listener, "Fast Genre") ?? [];
    expect(preview.body.total).toBe(held.length);
    const songs = preview.body.songs as { trackId: string; name: string; artists: unknown[] }[];
    expect(songs.map((s) => s.trackId)).toEqual(held.slice(0, 50));
    expect(songs[0]?.name).toBe(h.spotify.control.track(held[0] ?? "")?.name ?? "");
  });

  test("a shuffled rule's preview, given the playlist's name, shows the playlist's own shuffle", async () => {
    h.clearThrottles();
    const rule = { criteria: [{ decade: 2000 }, { decade: 2010 }], order: "shuffleWeekly" };
    const preview = await h.call(listener.cookie, "POST", "/api/distributor/combinatorial/preview", {
      playlistName: "Weekly Mix",
      ...rule,
    });
    expect(preview.status).toBe(200);
    await finished(h, listener, await createRules(h, listener, [{ playlistName: "Weekly Mix", ...rule }]));
    const held = onSpotify(h, listener, "Weekly Mix") ?? [];
    expect(held.length).toBeGreaterThan(5);
    expect(preview.body.total).toBe(held.length);
    expect((preview.body.songs as { trackId: string }[]).map((s) => s.trackId)).toEqual(held.slice(0, 50));
  });

  test("an edit moves songs in and out; a song removed in Spotify stays out", async () => {
    h.clearThrottles();
    const decades = ranked(library.flatMap((s) => (s.decade === null ? [] : [s.decade])));
    const [first = 2010, second = 2000] = decades;
    await finished(
      h,
      listener,
      await createRules(h, listener, [{ playlistName: "Edited", criteria: [{ decade: first }] }]),
    );
    const before = onSpotify(h, listener, "Edited") ?? [];
    const removed = before.find((id) => library.find((s) => s.trackId === id)?.decade === first) ?? "";
    h.spotify.control.removePlaylistItem(spotifyPlaylistOf(h, listener, "Edited"), removed);
    // Crate notices the removal when the playlist's page is opened (or at its next update that writes).
    const page = await h.call(listener.cookie, "GET", "/api/playlists/Edited/songs");
    expect(page.status).toBe(200);
    await h.workSettled(listener);
    const id = await ruleId(h, listener, "Edited");
    h.clearThrottles();
    const edit = { criteria: [{ decade: first }, { decade: second }], except: [{ tempo: { to: 80 } }] };
    const preview = await h.call(listener.cookie, "POST", "/api/distributor/combinatorial/preview", {
      id,
      ...edit,
    });
    const answer = await h.call(listener.cookie, "PUT", `/api/distributor/combinatorial/${id}`, edit);
    await finished(h, listener, answer);
    const want = libraryFacts(h, listener.id).filter(
      (s) =>
        (s.decade === first || s.decade === second) &&
        !(s.tempo !== null && Math.round(s.tempo) <= 80) &&
        s.trackId !== removed,
    );
    expect(onSpotify(h, listener, "Edited")).toEqual(ids(want));
    expect(preview.body.total).toBe(want.length);
    // the playlist's activity says the rule changed, and what it says now
    const activity = await h.call(listener.cookie, "GET", "/api/playlists/Edited/activity");
    const changed = (activity.body.entries as { kind: string; text: string }[]).filter(
      (e) => e.kind === "ruleChanged",
    );
    expect(changed).toHaveLength(1);
    expect(changed[0]?.text ?? "").toContain(
      `You changed the rule: From the ${first}s or from the ${second}s`,
    );
    // an edit counts as a creation for the 30-second throttle
    const again = await h.call(listener.cookie, "PUT", `/api/distributor/combinatorial/${id}`, edit);
    expect(again.body.errorCode).toBe(11);
    // a new name: the playlist takes it on Spotify, with the same songs
    h.clearThrottles();
    const renamed = await h.call(listener.cookie, "PUT", `/api/distributor/combinatorial/${id}`, {
      ...edit,
      playlistName: "Edited Again",
    });
    await finished(h, listener, renamed);
    expect(onSpotify(h, listener, "Edited")).toBeUndefined();
    expect(onSpotify(h, listener, "Edited Again")).toEqual(ids(want));
    // another listener's id, or none: 404
    const unknown = await h.call(listener.cookie, "PUT", "/api/distributor/combinatorial/nope", edit);
    expect(unknown.status).toBe(404);
  });

  test("in one of the listener's own playlists", async () => {
    h.clearThrottles();
    const own = h.spotify.control.createPlaylist(listener.id, { name: "Road Trip" });
    const picked = library.filter((_, i) => i % 7 === 0).map((s) => s.trackId);
    h.spotify.control.addPlaylistItems(own.id, [...picked].reverse());
    const answer = await createRules(h, listener, [
      { playlistName: "From Road Trip", criteria: [{ inPlaylist: own.id }] },
    ]);
    await finished(h, listener, answer);
    expect(onSpotify(h, listener, "From Road Trip")).toEqual(picked);
    // a playlist that is not theirs: 400 naming the field
    h.clearThrottles();
    const stranger = await createRules(h, listener, [
      { playlistName: "Not Mine", criteria: [{ inPlaylist: "37i9dQZF1DXcBWIGoYBM5M" }] },
    ]);
    expect(stranger.status).toBe(400);
    expect(String(stranger.body.error)).toStartWith("combinations[0].criteria[0].inPlaylist");
    // Crate asks for the scope that lists collaborative playlists only then, through this sign-in
    expect(String(stranger.body.error)).toContain("/api/authorize/playlists");
    const start = await fetch(`${h.crate.url}/api/authorize/playlists`, { redirect: "manual" });
    const scopes = new URL(start.headers.get("location") ?? "").searchParams.get("scope")?.split(" ");
    expect(scopes).toContain("playlist-read-collaborative");
    const plain = await fetch(`${h.crate.url}/api/authorize`, { redirect: "manual" });
    expect(new URL(plain.headers.get("location") ?? "").searchParams.get("scope")).not.toContain(
      "collaborative",
    );
  });
});
