// The metadata coverage of a large library is counted in parts (so a request may give way between them): the
// counts are those of the whole library, unliked songs left out, and the giving-way form lets other work run
// while it counts.
import { beforeAll, describe, expect, test } from "bun:test";
import type { Db } from "../../../src/server/db/client.ts";
import { openDatabase } from "../../../src/server/db/client.ts";
import type { Deps } from "../../../src/server/deps/deps.ts";
import { metadataCoverage, metadataCoverageGivingWay } from "../../../src/server/metadata/coverage.ts";
import { addLikes, createArtist, createUser } from "../../support/factories.ts";

const SONGS = 4_500;
let db: Db;
let deps: Deps;

beforeAll(() => {
  db = openDatabase(":memory:").db;
  // premium: every like counts (a free listener's newest 1,000 are counted in one statement)
  createUser(db, { id: "u", spotifyId: "u", membershipLevel: "PremiumYearly" });
  createUser(db, { id: "other", spotifyId: "other" });
  createArtist(db, { id: "tagged", genres: ["rock"] });
  createArtist(db, { id: "placed", country: "SE" });
  createArtist(db, { id: "bare" });
  const insert = db.$client.query(
    `INSERT INTO tracks (id, name, artist_ids, fetched_at, features_status, features_source, tempo)
     VALUES (?, ?, ?, 0, ?, ?, ?)`,
  );
  db.$client.transaction(() => {
    for (let i = 0; i < SONGS; i++) {
      // every 3rd song has features, every 5th a tempo only; artists cycle tagged, placed, bare
      const artist = ["tagged", "placed", "bare"][i % 3];
      const features = i % 3 === 0;
      const tempo = features || i % 5 === 0 ? 120 : null;
      insert.run(
        `t${i}`,
        `t${i}`,
        JSON.stringify([artist]),
        features ? "present" : i % 2 ? "unavailable" : "missing",
        features ? "reccobeats" : null,
        tempo,
      );
    }
  })();
  addLikes(
    db,
    "u",
    Array.from({ length: SONGS }, (_, i) => ({ trackId: `t${i}`, likedAt: i })),
  );
  addLikes(db, "other", [{ trackId: "t0", likedAt: 0 }]);
  // 100 songs unliked: not counted
  db.$client.query("UPDATE likes SET unliked_at = 1 WHERE user_id = 'u' AND liked_at >= ?").run(SONGS - 100);
  deps = {
    db,
    clock: { now: () => 0 },
    config: { metadata: { sources: ["reccobeats", "musicbrainz"] } },
    metadataLookups: { isLookingUp: () => false },
  } as unknown as Deps;
});

/** What the counts must be, from the rule the data was built with. */
function expected() {
  let features = 0;
  let tempo = 0;
  let genres = 0;
  let nations = 0;
  let settled = 0;
  const liked = SONGS - 100;
  for (let i = 0; i < liked; i++) {
    const isFeatures = i % 3 === 0;
    if (isFeatures) features++;
    if (isFeatures || i % 5 === 0) tempo++;
    if (i % 3 === 0) genres++;
    if (i % 3 !== 2) nations++;
    if (isFeatures || i % 2) settled++;
  }
  return { songs: liked, features, tempo, genres, nations, settled };
}

describe("metadata coverage counted in parts", () => {
  test("the counts are the whole library's, at once or giving way", async () => {
    const want = expected();
    for (const coverage of [metadataCoverage(deps, "u"), await metadataCoverageGivingWay(deps, "u")]) {
      expect(coverage.songs).toBe(want.songs);
      const known = Object.fromEntries(coverage.groups.map((g) => [g.group, g.known]));
      expect(known).toEqual({
        Mood: want.features,
        Tempo: want.tempo,
        Genre: want.genres,
        Subgenre: want.genres,
        Nationality: want.nations,
      });
      expect(coverage.lookup).toEqual({ done: want.settled, total: want.songs });
    }
  });

  test("another listener's library is counted apart", () => {
    expect(metadataCoverage(deps, "other").songs).toBe(1);
  });

  test("counting a large library giving way lets a timer waiting meanwhile run before it ends", async () => {
    let ranMeanwhile = false;
    setTimeout(() => {
      ranMeanwhile = true;
    }, 0);
    const counting = metadataCoverageGivingWay(deps, "u").then((c) => ({ c, ranMeanwhile }));
    const { c, ranMeanwhile: before } = await counting;
    expect(c.songs).toBe(SONGS - 100);
    expect(before).toBe(true);
  });
});
