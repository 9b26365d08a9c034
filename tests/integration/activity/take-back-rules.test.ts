// Put back and recreate on rules with an order of their own and a limit: the song put back lands exactly at its
// place in the rule's order among the listener's own edits, the limit holds, and a recreated playlist holds exactly
// the rule's songs in the rule's order. Expectations come from the emulator's facts, by the contract's wording.
import { beforeAll, describe, expect, test } from "bun:test";
import { runHourlySync } from "../../../src/server/distribution/batch/batch-jobs.ts";
import {
  byKnown,
  createRules,
  type EmulatorFacts,
  finished,
  ids,
  libraryFacts,
  onSpotify,
  spotifyPlaylistOf,
} from "../combinations/rule-support.ts";
import { type Listener, setUpHarness } from "../distribution/support.ts";

const h = setUpHarness();
let listener: Listener;

const NEWEST = "Newest Twenty";
const FASTEST = "Fastest Fifteen";
/** every like: the rules below differ only in their order and limit */
const criteria = [{ liked: { from: "2000-01-01" } }];

/** The rule's songs now: the library in the rule's order, those the listener removed left out, the first `limit`. */
const newestFirst = (removed: readonly string[], limit: number) =>
  ids([...libraryFacts(h, listener.id)].reverse())
    .filter((id) => !removed.includes(id))
    .slice(0, limit);
const fastestFirst = (removed: readonly string[], limit: number) =>
  ids(byKnown(libraryFacts(h, listener.id), (s: EmulatorFacts) => s.tempo, -1))
    .filter((id) => !removed.includes(id))
    .slice(0, limit);

const songsOf = (name: string) => onSpotify(h, listener, name) ?? [];

async function removedOnPage(name: string): Promise<string[]> {
  const page = await h.call(listener.cookie, "GET", `/api/playlists/${encodeURIComponent(name)}/songs`);
  expect(page.status).toBe(200);
  return (page.body.notIncluded as { trackId: string; kind: string }[])
    .filter((s) => s.kind === "removed")
    .map((s) => s.trackId);
}

async function hourly(): Promise<void> {
  await runHourlySync(h.crate.deps);
  await h.workSettled(listener);
}

type Entry = { kind: string; count: number; songs: { trackId: string }[] };

/** The playlist's Activity, newest first. */
async function activity(name: string): Promise<Entry[]> {
  const answer = await h.call(listener.cookie, "GET", `/api/playlists/${encodeURIComponent(name)}/activity`);
  expect(answer.status).toBe(200);
  return answer.body.entries as Entry[];
}

/** Deleted in the Spotify app; the next update that writes to it (a new like) notices it. */
async function deleteInSpotify(name: string): Promise<string> {
  const old = spotifyPlaylistOf(h, listener, name);
  h.spotify.control.deletePlaylist(listener.id, old);
  h.spotify.control.like(listener.id, { count: 1 });
  await hourly();
  expect((await activity(name))[0]?.kind).toBe("vanished");
  return old;
}

async function recreate(name: string): Promise<void> {
  const answer = await h.call(listener.cookie, "POST", `/api/playlists/${encodeURIComponent(name)}/recreate`);
  expect(answer.status).toBe(202);
  await h.waitForProgress(listener, String(answer.body.distributionProgressId));
  await h.workSettled(listener);
}

async function putBack(name: string, trackId: string): Promise<void> {
  const path = `/api/playlists/${encodeURIComponent(name)}/put-back`;
  const answer = await h.call(listener.cookie, "POST", path, { trackId });
  expect(answer.status).toBe(202);
  await h.workSettled(listener);
}

beforeAll(async () => {
  listener = await h.premiumListener("take-back-rules", 90);
  await finished(
    h,
    listener,
    await createRules(h, listener, [
      { playlistName: NEWEST, criteria, order: "likedNewestFirst", limit: 20 },
      { playlistName: FASTEST, criteria, order: "tempoFastestFirst", limit: 15 },
    ]),
  );
  expect(songsOf(NEWEST)).toEqual(newestFirst([], 20));
  expect(songsOf(FASTEST)).toEqual(fastestFirst([], 15));
}, 120_000);

describe("put back on a rule ordered newest like first, at most 20", () => {
  test("lands at its place in the rule's order among the listener's own songs; the limit holds", async () => {
    const playlist = spotifyPlaylistOf(h, listener, NEWEST);
    const start = songsOf(NEWEST);
    const [s5 = "", s6 = ""] = start.slice(5, 7);
    // By hand in Spotify: two neighbours removed, a song of their own after the third, another after the 13th.
    const [own = "", other = ""] = h.spotify.control.likes("crate-free").map((l) => l.trackId);
    h.spotify.control.removePlaylistItem(playlist, s5);
    h.spotify.control.removePlaylistItem(playlist, s6);
    h.spotify.control.addPlaylistItems(playlist, [own], 3);
    h.spotify.control.addPlaylistItems(playlist, [other], songsOf(NEWEST).indexOf(start[12] ?? "") + 1);
    // A new like: it goes first. The update notices the two removed, which take no place: the next ones in the
    // rule's order join in the same update.
    const [liked = ""] = h.spotify.control.like(listener.id, { count: 1 });
    await hourly();
    expect(await removedOnPage(NEWEST)).toEqual(expect.arrayContaining([s5, s6]));
    const crates = newestFirst([s5, s6], 20);
    expect(crates[0]).toBe(liked);
    const withOwn = (songs: string[]) => {
      const placed = [...songs];
      placed.splice(placed.indexOf(start[2] ?? "") + 1, 0, own);
      placed.splice(placed.indexOf(start[12] ?? "") + 1, 0, other);
      return placed;
    };
    expect(songsOf(NEWEST)).toEqual(withOwn(crates));

    // Put back: right after the fifth of Crate's songs (the one before it was removed too); chosen again, it
    // takes a place under the limit, so the last one leaves.
    await putBack(NEWEST, s6);
    const back = newestFirst([s5], 20);
    expect(back.indexOf(s6)).toBe(back.indexOf(start[4] ?? "") + 1);
    expect(songsOf(NEWEST)).toEqual(withOwn(back));
    expect(await removedOnPage(NEWEST)).toEqual([s5]);
    const [pushedOut, putBackEntry] = await activity(NEWEST);
    expect(putBackEntry).toMatchObject({ kind: "putBack", count: 1, songs: [{ trackId: s6 }] });
    expect(pushedOut).toMatchObject({ kind: "removedByCrate", count: 1, songs: [{ trackId: crates[19] }] });
    // The next updates keep it there: another like first, the last one of Crate's pushed out.
    h.spotify.control.like(listener.id, { count: 1 });
    await hourly();
    expect(songsOf(NEWEST)).toEqual(withOwn(newestFirst([s5], 20)));
  }, 120_000);
});

describe("put back and recreate on a rule ordered fastest first, at most 15", () => {
  test("put back lands at its place in tempo order; the playlist recreated holds exactly the rule's songs", async () => {
    h.clearThrottles();
    const playlist = spotifyPlaylistOf(h, listener, FASTEST);
    const start = songsOf(FASTEST);
    const [f1 = "", f8 = ""] = [start[1], start[8]];
    const [own = ""] = h.spotify.control.likes("crate-free").map((l) => l.trackId);
    h.spotify.control.removePlaylistItem(playlist, f1);
    h.spotify.control.removePlaylistItem(playlist, f8);
    h.spotify.control.addPlaylistItems(playlist, [own], 0);
    expect(await removedOnPage(FASTEST)).toEqual(expect.arrayContaining([f1, f8]));

    await putBack(FASTEST, f8);
    const back = fastestFirst([f1], 15);
    const placed = [own, ...back];
    expect(songsOf(FASTEST)).toEqual(placed);
    expect(await removedOnPage(FASTEST)).toEqual([f1]);

    const old = await deleteInSpotify(FASTEST);
    h.clearThrottles();
    await recreate(FASTEST);
    expect(spotifyPlaylistOf(h, listener, FASTEST)).not.toBe(old);
    // Exactly the rule's songs in its order (the like made meanwhile at its place), not the one the listener
    // removed nor their own song.
    expect(songsOf(FASTEST)).toEqual(fastestFirst([f1], 15));
    expect((await activity(FASTEST)).map((e) => e.kind)).toContain("recreated");
  }, 120_000);

  test("the rule ordered newest first, recreated: exactly its songs in its order", async () => {
    h.clearThrottles();
    const removed = await removedOnPage(NEWEST);
    expect(removed).toHaveLength(1);
    await deleteInSpotify(NEWEST);
    h.clearThrottles();
    await recreate(NEWEST);
    expect(songsOf(NEWEST)).toEqual(newestFirst(removed, 20));
    expect((await activity(NEWEST)).map((e) => e.kind)).toContain("recreated");
  }, 120_000);
});
