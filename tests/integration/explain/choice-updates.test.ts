// What a listener's choices cost Spotify: each exclusion, correction or undo takes effect through an update of
// their playlists, and changes made while one is waiting join it (one pending update, however many changes);
// an update waits for the listener's choices to settle, so a burst of changes costs one; turning AddRecordingOnce on
// reads the library in full once for the recordings, not at every flip.
import { beforeAll, describe, expect, test } from "bun:test";
import { workLimits } from "../../../src/shared/work-limits.ts";
import { type Listener, managed, setUpHarness } from "../distribution/support.ts";

const h = setUpHarness();
let listener: Listener;

const updatesOf = (l: Listener) =>
  h.crate.deps.db.$client
    .query<{ n: number }, [string]>(
      "SELECT count(*) AS n FROM distributions WHERE user_id = ? AND trigger = 'hourly'",
    )
    .get(l.userId)?.n ?? 0;
const libraryPages = () => h.spotify.control.calls().counts["GET /v1/me/tracks"] ?? 0;

beforeAll(async () => {
  listener = await h.premiumListener("choice-flipper", 200, 4);
  await h.distributeAndWait(listener, ["1990s", "2000s", "Rock", "Pop"]);
}, 60_000);

describe("fairness: a listener's choices cost one pending update", () => {
  /** Holds the listener's queue (as a long update would) until the returned function is called. */
  function holdQueue(): () => Promise<void> {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const piece = h.crate.deps.work.forUser(listener.userId, () => held);
    return async () => {
      release();
      await piece;
      await h.workSettled(listener);
    };
  }

  test("a correction flipped ten times while an update runs starts one more update; Spotify ends as the last choice says", async () => {
    const song = h.likesOldestFirst(listener.id)[0]?.trackId ?? "";
    const artist = h.spotify.control.track(song)?.artistIds[0] ?? "";
    const before = updatesOf(listener);
    const release = holdQueue();
    for (let i = 0; i < 10; i++) {
      const path = `/api/corrections/artists/${artist}`;
      const answer =
        i % 2 === 0
          ? await h.call(listener.cookie, "PUT", path, { genres: ["Jazz"], country: "SE" })
          : await h.call(listener.cookie, "DELETE", path);
      expect(answer.status).toBeLessThan(300);
    }
    await release();
    expect(updatesOf(listener) - before).toBe(1);
    // the last change undid the correction: no Jazz playlist was made for it
    expect(h.playlistsOf(listener.id).get(managed("Jazz"))).toBeUndefined();
  }, 60_000);

  test("a correction flipped ten times, a moment apart with nothing else queued, costs one update", async () => {
    await h.workSettled(listener);
    const song = h.likesOldestFirst(listener.id)[1]?.trackId ?? "";
    const artist = h.spotify.control.track(song)?.artistIds[0] ?? "";
    const before = updatesOf(listener);
    const path = `/api/corrections/artists/${artist}`;
    for (let i = 0; i < 10; i++) {
      const answer =
        i % 2 === 0
          ? await h.call(listener.cookie, "PUT", path, { genres: ["Jazz"], country: "SE" })
          : await h.call(listener.cookie, "DELETE", path);
      expect(answer.status).toBeLessThan(300);
      // long enough for an update started by this change to be under way before the next one
      await Bun.sleep(workLimits.choicesSettleMs / 4);
    }
    await h.workSettled(listener);
    expect(updatesOf(listener) - before).toBe(1);
    expect(h.playlistsOf(listener.id).get(managed("Jazz"))).toBeUndefined();
  }, 60_000);

  test("exclusions and their undo while an update waits join it", async () => {
    const inRock = h.playlistsOf(listener.id).get(managed("Rock")) ?? [];
    expect(inRock.length).toBeGreaterThan(6);
    const before = updatesOf(listener);
    const release = holdQueue();
    const path = "/api/playlists/Rock/exclusions";
    for (const song of inRock.slice(0, 6))
      expect((await h.call(listener.cookie, "POST", path, { trackId: song })).status).toBe(201);
    for (const song of inRock.slice(0, 3))
      expect((await h.call(listener.cookie, "DELETE", `${path}/track/${song}`)).status).toBe(204);
    await release();
    expect(updatesOf(listener) - before).toBe(1);
    const rock = h.playlistsOf(listener.id).get(managed("Rock")) ?? [];
    for (const song of inRock.slice(3, 6)) expect(rock).not.toContain(song);
    for (const song of inRock.slice(0, 3)) expect(rock).toContain(song);
  }, 60_000);

  test("AddRecordingOnce turned on and off again and again reads the library in full once", async () => {
    // songs stored before Crate kept ISRCs: turning the setting on asks for their recordings, once
    h.crate.deps.db.$client
      .query("UPDATE tracks SET isrc = NULL WHERE id IN (SELECT track_id FROM likes WHERE user_id = ?)")
      .run(listener.userId);
    const fullRead = Math.ceil(200 / 50);
    h.spotify.control.resetCalls();
    for (let i = 0; i < 6; i++) {
      // and some songs Spotify gives no ISRC for: a read never brings theirs
      h.crate.deps.db.$client
        .query(
          "UPDATE tracks SET isrc = NULL WHERE id IN (SELECT track_id FROM likes WHERE user_id = ? LIMIT 5)",
        )
        .run(listener.userId);
      const answer = await h.call(listener.cookie, "PUT", "/api/playlist-preferences/settings", {
        createPlaylistsAsPrivate: false,
        removePlaylistPostfix: false,
        addRecordingOnce: i % 2 === 0,
      });
      expect(answer.status).toBe(200);
      // each flip waits until the listener's work is done, so no flip joins a read already waiting
      await h.workSettled(listener);
    }
    expect(libraryPages()).toBe(fullRead);
  }, 60_000);
});
