// A combination's Spotify playlist holds exactly the considered songs that match its criteria, in like order,
// and gains new matching likes in the hourly job; a combination nothing matches makes no playlist.
import { beforeAll, describe, expect, test } from "bun:test";
import { runHourlySync } from "../../../src/server/distribution/batch/batch-jobs.ts";
import { setMembership } from "../../support/factories.ts";
import { type Listener, setUpHarness } from "../distribution/support.ts";
import {
  createAndWait,
  expectedMatches,
  listedCombinations,
  managed,
  mostCommon,
  partsOf,
  type TestCombination,
  type TestCriterion,
} from "./support.ts";

const h = setUpHarness();
let listener: Listener;
let criteria: TestCriterion[];
const NAME = "My Own Mix";
const NOTHING = "Nothing Matches";
const nothingCriteria: TestCriterion[] = [
  { genres: ["Gospel", "Drum and Bass"], decade: 1940, nationality: "Icelandic" },
];

function expectedPlaylist(trackIds: string[]): string[] {
  return trackIds.filter((id) => expectedMatches(partsOf(h, id), criteria));
}

beforeAll(async () => {
  listener = await h.premiumListener("combination-contents", 400);
  // Criteria drawn from the library itself, so they match some songs but not all.
  const parts = h.likesOldestFirst(listener.id).map((like) => partsOf(h, like.trackId));
  const genres = mostCommon(parts.flatMap((p) => [...p.genres])).map(String);
  const genreNames = genres.filter((g) => /^[A-Z]/.test(g));
  const subgenres = genres.filter((g) => /^[a-z]/.test(g));
  const decades = mostCommon(parts.map((p) => p.decade)).map(Number);
  const moods = mostCommon(parts.flatMap((p) => [...p.moods])).map(String);
  const nationalities = mostCommon(parts.flatMap((p) => [...p.nationalities])).map(String);
  criteria = [
    { genres: [genreNames[0] ?? "Rock", subgenres[3] ?? "indie rock"], decade: decades[1] ?? 2010 },
    { mood: moods[0] ?? "Chill", nationality: nationalities[0] ?? "British" },
    { genres: [genreNames[4] ?? "Jazz"], mood: moods[1] ?? "Party", decade: decades[0] ?? 2020 },
  ];
  const combinations: TestCombination[] = [
    { playlistName: NAME, criteria },
    { playlistName: NOTHING, criteria: nothingCriteria },
  ];
  await createAndWait(h, listener, combinations);
}, 120_000);

describe("a combination playlist", () => {
  test("holds exactly the matching liked songs, oldest like first", () => {
    const likes = h.likesOldestFirst(listener.id).map((l) => l.trackId);
    const want = expectedPlaylist(likes);
    expect(want.length).toBeGreaterThan(5);
    expect(want.length).toBeLessThan(likes.length);
    expect(h.playlistsOf(listener.id).get(managed(NAME))).toEqual(want);
  });

  test("a combination no song matches has no playlist on Spotify, but is listed", async () => {
    const likes = h.likesOldestFirst(listener.id).map((l) => l.trackId);
    expect(likes.filter((id) => expectedMatches(partsOf(h, id), nothingCriteria))).toEqual([]);
    expect(h.playlistsOf(listener.id).has(managed(NOTHING))).toBe(false);
    const listed = await listedCombinations(h, listener);
    expect(listed.map((c) => [c.playlistName, c.active])).toEqual([
      [NAME, true],
      [NOTHING, true],
    ]);
    expect(listed[0]?.criteria).toEqual(
      criteria.map((c, i) => ({
        criterionNumber: i + 1,
        genres: c.genres ?? [],
        decade: c.decade ?? null,
        mood: c.mood ?? null,
        nationality: c.nationality ?? null,
      })),
    );
  });

  test("is a managed playlist of source 'combination' keyed by the combination's id", async () => {
    const listed = await listedCombinations(h, listener);
    const rows = h.crate.deps.db.$client
      .query<{ source: string; preference_key: string; name: string }, [string]>(
        "SELECT source, preference_key, name FROM managed_playlists WHERE user_id = ? AND source = 'combination'",
      )
      .all(listener.userId);
    expect(rows).toEqual([
      {
        source: "combination",
        preference_key: listed[0]?.combinatorialPlaylistPreferenceId ?? "",
        name: managed(NAME),
      },
    ]);
  });

  test("gains new matching likes in the hourly job; a song the listener removed stays removed", async () => {
    const before = h.playlistsOf(listener.id).get(managed(NAME)) ?? [];
    const removed = before[2] ?? "";
    const playlist = h.spotify.control.listenerPlaylists(listener.id).find((p) => p.name === managed(NAME));
    if (!playlist) throw new Error("no combination playlist");
    h.spotify.control.removePlaylistItem(playlist.id, removed);
    const fresh = h.spotify.control.like(listener.id, { count: 120 });
    const freshMatching = expectedPlaylist(fresh);
    expect(freshMatching.length).toBeGreaterThan(0);

    const outcome = await runHourlySync(h.crate.deps);
    expect(outcome).toMatchObject({ usersProcessed: 1, distributions: 1, failures: 0 });
    expect(h.playlistsOf(listener.id).get(managed(NAME))).toEqual([
      ...before.filter((id) => id !== removed),
      ...freshMatching,
    ]);
    const nothingNow = fresh.filter((id) => expectedMatches(partsOf(h, id), nothingCriteria));
    expect(h.playlistsOf(listener.id).get(managed(NOTHING))).toEqual(
      nothingNow.length > 0 ? nothingNow : undefined,
    );
  });

  test("an hourly run for a listener with only combinations still runs", async () => {
    const rows = h.crate.deps.db.$client
      .query<{ n: number }, [string]>("SELECT count(*) AS n FROM simple_preferences WHERE user_id = ?")
      .get(listener.userId);
    expect(rows?.n).toBe(0);
    const fresh = h.spotify.control.like(listener.id, { count: 60 });
    const before = h.playlistsOf(listener.id).get(managed(NAME)) ?? [];
    await runHourlySync(h.crate.deps);
    expect(h.playlistsOf(listener.id).get(managed(NAME))).toEqual([...before, ...expectedPlaylist(fresh)]);
  });

  test("once the listener is Free again, the playlist stays but is not updated", async () => {
    setMembership(h.crate.deps.db, "Free", listener.userId);
    const before = h.playlistsOf(listener.id).get(managed(NAME)) ?? [];
    const fresh = h.spotify.control.like(listener.id, { count: 80 });
    expect(expectedPlaylist(fresh).length).toBeGreaterThan(0);
    await runHourlySync(h.crate.deps);
    expect(h.playlistsOf(listener.id).get(managed(NAME))).toEqual(before);
    const status = h.crate.deps.db.$client
      .query<{ status: string }, [string]>(
        "SELECT status FROM managed_playlists WHERE user_id = ? AND source = 'combination'",
      )
      .get(listener.userId);
    expect(status?.status).toBe("frozen");
  });
});
