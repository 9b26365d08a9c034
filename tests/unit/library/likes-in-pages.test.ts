// A whole library is read a page of likes at a time (a request reading it gives way between pages): every like
// comes once, in like order (the oldest first; Spotify's order among likes of the same second), as the newest-N
// read gives the same likes.
import { beforeAll, describe, expect, test } from "bun:test";
import type { Db } from "../../../src/server/db/client.ts";
import { openDatabase } from "../../../src/server/db/client.ts";
import { activeLikesOldestFirst } from "../../../src/server/library/considered-repository.ts";
import { addLikes, createTrack, createUser } from "../../support/factories.ts";

const SONGS = 2_600;
let db: Db;

beforeAll(() => {
  db = openDatabase(":memory:").db;
  createUser(db, { id: "u", spotifyId: "u" });
  createUser(db, { id: "other", spotifyId: "other" });
  db.$client.transaction(() => {
    for (let i = 0; i < SONGS; i++)
      createTrack(db, { id: `t${String(i).padStart(5, "0")}`, artistIds: ["a"] });
  })();
  // many likes share a second (a bulk like): their seq orders them, newest highest; a few share seq 0 too
  addLikes(
    db,
    "u",
    Array.from({ length: SONGS }, (_, i) => ({
      trackId: `t${String(SONGS - 1 - i).padStart(5, "0")}`,
      likedAt: Math.floor(i / 700),
      seq: i % 700 < 5 ? 0 : i % 700,
    })),
  );
  addLikes(db, "other", [{ trackId: "t00000", likedAt: 0 }]);
  db.$client.query("UPDATE likes SET unliked_at = 1 WHERE user_id = 'u' AND liked_at = 3").run();
});

const ids = (limit: number | null, unliked = false) =>
  [...activeLikesOldestFirst(db, "u", limit, unliked)].map(([like]) => like.trackId);

describe("a whole library read in pages", () => {
  test("every active like once, in like order, the same as a read of all of them at once", () => {
    const paged = ids(null);
    expect(new Set(paged).size).toBe(paged.length);
    const expected = db.$client
      .query<{ id: string }, []>(
        `SELECT track_id AS id FROM likes WHERE user_id = 'u' AND unliked_at IS NULL
         ORDER BY liked_at, seq, track_id`,
      )
      .all()
      .map((r) => r.id);
    expect(expected.length).toBeGreaterThan(2_000);
    expect(paged).toEqual(expected);
    expect(ids(SONGS * 2)).toEqual(expected);
    expect(ids(1_000)).toEqual(expected.slice(-1_000));
  });

  test("the likes taken back, read apart", () => {
    const unliked = ids(null, true);
    const active = new Set(ids(null));
    expect(unliked).toHaveLength(500);
    expect(unliked.some((id) => active.has(id))).toBe(false);
  });
});
