// Library sync and the metadata cache against a scripted provider (no network): what is read, what is
// stored, and how many calls it takes.

import { beforeEach, describe, expect, test } from "bun:test";
import { parseConfig } from "../../../src/server/config/config.ts";
import type { Db } from "../../../src/server/db/client.ts";
import { openDatabase } from "../../../src/server/db/client.ts";
import type { Deps } from "../../../src/server/deps/deps.ts";
import { likedSong, loadConsideredSongs } from "../../../src/server/library/considered.ts";
import { deleteCorrection, upsertCorrection } from "../../../src/server/library/corrections-repository.ts";
import { audioFeaturesUnavailable, enrichLibrary } from "../../../src/server/library/metadata.ts";
import { syncLibrary } from "../../../src/server/library/sync.ts";
import { withMetadataLookups } from "../../../src/server/metadata/background.ts";
import { manualClock } from "../../../src/server/platform/clock.ts";
import { createLogger } from "../../../src/server/platform/log.ts";
import type {
  Artist,
  AudioFeatures,
  FirstLikesPage,
  IsKnownLike,
  SavedTrack,
} from "../../../src/server/spotify/types.ts";
import { createUser } from "../../support/factories.ts";

const clock = manualClock();
let db: Db;

const user = (id: string) => createUser(db, { id, spotifyId: `sp-${id}` });

beforeEach(() => {
  db = openDatabase(":memory:").db;
  user("u1");
  user("u2");
});

const saved = (i: number, artists = [`a${i % 7}`]): SavedTrack => ({
  added_at: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString().replace(".000", ""),
  track: {
    id: `t${i}`,
    name: `Track ${i}`,
    uri: `spotify:track:t${i}`,
    duration_ms: 1000,
    album: {
      id: `al${i}`,
      name: "Album",
      release_date: i % 2 ? "1995" : "2012-04-01",
      release_date_precision: "day",
      artists: [],
    },
    artists: artists.map((id) => ({ id, name: id })),
  },
});

/** A provider with `count` likes (newest first) that pages 50 at a time and counts its calls. */
function provider(
  count: number,
  options: { featuresForbidden?: boolean; genresGone?: boolean; localFiles?: number } = {},
) {
  let likes = Array.from({ length: count }, (_, i) => saved(i)).reverse();
  /** items the total counts that are never stored as likes */
  const localFiles = options.localFiles ?? 0;
  const calls = { pages: 0, artists: 0, artistIds: 0, features: 0, featureIds: 0 };
  return {
    calls,
    setLikes(n: number) {
      likes = Array.from({ length: n }, (_, i) => saved(i)).reverse();
    },
    allowFeatures() {
      options.featuresForbidden = false;
    },
    unlike(i: number) {
      likes = likes.filter((s) => s.track.id !== `t${i}`);
    },
    async *likedTracks(opts: { isKnown?: IsKnownLike; firstPage?: FirstLikesPage } = {}) {
      for (let offset = 0; offset < likes.length; offset += 50) {
        calls.pages += 1;
        if (offset === 0) {
          const listed = likes.slice(0, 50).map((s) => ({ trackId: s.track.id ?? "", addedAt: s.added_at }));
          opts.firstPage?.(listed, likes.length <= 50, likes.length + localFiles);
        }
        const page: SavedTrack[] = [];
        for (const s of likes.slice(offset, offset + 50)) {
          if (opts.isKnown?.(s.track.id ?? "", s.added_at)) {
            if (page.length) yield page;
            return;
          }
          page.push(s);
        }
        yield page;
      }
      if (likes.length === 0) calls.pages += 1;
    },
    async getArtists(ids: readonly string[]): Promise<Artist[]> {
      calls.artists += Math.ceil(ids.length / 50);
      calls.artistIds += ids.length;
      if (options.genresGone) return ids.map((id) => ({ id, name: id }));
      return ids.map((id) => ({ id, name: id, genres: id === "a0" ? ["indie rock"] : ["danish pop"] }));
    },
    async getAudioFeatures(ids: readonly string[]): Promise<AudioFeatures[] | "unavailable"> {
      calls.features += 1;
      if (options.featuresForbidden) return "unavailable";
      calls.featureIds += ids.length;
      return ids.map((id) => ({
        id,
        acousticness: 0.1,
        danceability: 0.8,
        energy: 0.9,
        instrumentalness: 0,
        liveness: 0.1,
        loudness: -5,
        speechiness: 0.05,
        valence: 0.8,
        tempo: 50.6,
      }));
    },
  };
}

const config = parseConfig({ METADATA_SOURCES: "spotify", JOBS: "off" });
const deps = () =>
  withMetadataLookups({ db, clock, config, log: createLogger("silent") } as unknown as Omit<
    Deps,
    "metadataLookups"
  >);

describe("library sync", () => {
  test("the first sync reads every like; a later one stops at the first stored like", async () => {
    const api = provider(120);
    const first = await syncLibrary(deps(), api, "u1");
    expect(first).toEqual({ newLikes: 120, totalLikes: 120, full: true, unliked: 0, listingDiffers: false });
    expect(api.calls.pages).toBe(3);

    api.calls.pages = 0;
    expect(await syncLibrary(deps(), api, "u1")).toMatchObject({ newLikes: 0, totalLikes: 120, full: false });
    expect(api.calls.pages).toBe(1);

    api.setLikes(125);
    api.calls.pages = 0;
    expect(await syncLibrary(deps(), api, "u1")).toMatchObject({ newLikes: 5, totalLikes: 125 });
    expect(api.calls.pages).toBe(1);
  });

  test("an unlike beyond the first page shows in the total: the listing differs, at no extra call", async () => {
    const api = provider(120, { localFiles: 2 });
    await syncLibrary(deps(), api, "u1");
    api.calls.pages = 0;
    expect(await syncLibrary(deps(), api, "u1")).toMatchObject({ listingDiffers: false });
    api.unlike(10);
    expect(await syncLibrary(deps(), api, "u1")).toMatchObject({ listingDiffers: true, unliked: 0 });
    expect(api.calls.pages).toBe(2);
    const full = await syncLibrary(deps(), api, "u1", { full: true });
    expect(full).toMatchObject({ unliked: 1, totalLikes: 119, listingDiffers: false });
    // the job distributes it (Latest N drops the song)
    const pending = db.$client
      .query<{ p: number }, []>("SELECT new_likes_pending AS p FROM library_syncs WHERE user_id = 'u1'")
      .get();
    expect(pending?.p).toBe(1);
    expect(await syncLibrary(deps(), api, "u1")).toMatchObject({ listingDiffers: false });
  });

  test("a full resync marks likes no longer there as unliked; they are no longer considered", async () => {
    const api = provider(10);
    await syncLibrary(deps(), api, "u1");
    api.unlike(3);
    expect(await syncLibrary(deps(), api, "u1", { full: true })).toMatchObject({ unliked: 1, totalLikes: 9 });
    expect(loadConsideredSongs(deps(), "u1", "PremiumYearly").map((s) => s.trackId)).not.toContain("t3");
  });

  test("an everyday sync notices unlikes among the newest likes, at no extra call, and marks the job's work", async () => {
    const api = provider(120);
    await syncLibrary(deps(), api, "u1");
    db.$client.query("UPDATE library_syncs SET new_likes_pending = 0").run();
    // t119 is the newest like, t70 the oldest on the first page, t10 far below it
    api.unlike(119);
    api.unlike(100);
    api.unlike(10);
    api.calls.pages = 0;
    expect(await syncLibrary(deps(), api, "u1")).toMatchObject({ newLikes: 0, unliked: 2, totalLikes: 118 });
    expect(api.calls.pages).toBe(1);
    const considered = loadConsideredSongs(deps(), "u1", "PremiumYearly").map((s) => s.trackId);
    expect(considered).not.toContain("t119");
    expect(considered).not.toContain("t100");
    // below the first page only a full resync can tell
    expect(considered).toContain("t10");
    const pending = db.$client
      .query<{ p: number }, []>("SELECT new_likes_pending AS p FROM library_syncs")
      .get();
    expect(pending?.p).toBe(1);
  });

  test("a library that fits on one page: any like missing from it is unliked", async () => {
    const api = provider(30);
    await syncLibrary(deps(), api, "u1");
    api.unlike(0);
    expect(await syncLibrary(deps(), api, "u1")).toMatchObject({ unliked: 1, totalLikes: 29 });
  });

  test("the considered songs: all for PremiumYearly, the newest 1000 otherwise, oldest first", async () => {
    await syncLibrary(deps(), provider(1_050), "u1");
    const premium = loadConsideredSongs(deps(), "u1", "PremiumYearly");
    const free = loadConsideredSongs(deps(), "u1", "Free");
    expect(premium).toHaveLength(1_050);
    expect(free).toHaveLength(1_000);
    expect(free[0]?.trackId).toBe("t50");
    expect(free.at(-1)?.trackId).toBe("t1049");
    expect(free.map((s) => s.rank)).toEqual(free.map((_, i) => i));
  });
});

describe("metadata cache", () => {
  test("fetches only what is missing, for all users at once, in full batches", async () => {
    const api = provider(250);
    await syncLibrary(deps(), api, "u1");
    await enrichLibrary(deps(), api, "u1");
    // One artist first (so an app that gets no genres spends one call), then the rest in one batch.
    expect(api.calls).toMatchObject({ artists: 2, artistIds: 7, features: 1, featureIds: 250 });
    // A second user with the same songs costs no metadata call.
    await syncLibrary(deps(), api, "u2");
    const again = await enrichLibrary(deps(), api, "u2");
    expect(again).toEqual({ artistsFetched: 0, featuresFetched: 0, featuresUnavailable: false });
    expect(api.calls).toMatchObject({ artists: 2, features: 1 });
  });

  test("classification is cached per track and uses genres, release dates and features", async () => {
    const api = provider(4);
    await syncLibrary(deps(), api, "u1");
    const before = loadConsideredSongs(deps(), "u1", "PremiumYearly");
    // Metadata missing: decades are known, genres are not, and nothing is cached yet.
    expect(before[0]?.categories).toEqual(["2010s"]);
    expect(db.$client.query("SELECT count(*) AS n FROM tracks WHERE categories IS NOT NULL").get()).toEqual({
      n: 0,
    });
    await enrichLibrary(deps(), api, "u1");
    const after = loadConsideredSongs(deps(), "u1", "PremiumYearly");
    expect(after[0]?.categories).toContain("Rock");
    expect(after[0]?.categories).toContain("indie rock");
    expect(after[0]?.categories).toContain("Slow (51-70 BPM)");
    expect(after[1]?.categories).toContain("Danish");
    expect(db.$client.query("SELECT count(*) AS n FROM tracks WHERE categories IS NOT NULL").get()).toEqual({
      n: 4,
    });
  });

  test("one song's facts (a placement) are the whole library's for it: cached, stale, corrected, undone", async () => {
    const api = provider(30);
    await syncLibrary(deps(), api, "u1");
    const same = () => {
      const whole = loadConsideredSongs(deps(), "u1", "PremiumYearly", { artistIds: true });
      for (const song of whole)
        expect(likedSong(deps(), "u1", song.trackId, { artistIds: true })).toEqual({ ...song, rank: 0 });
      return whole;
    };
    // nothing cached yet (lookups unfinished), then cached, then one artist corrected, then the correction undone
    same();
    await enrichLibrary(deps(), api, "u1");
    same();
    upsertCorrection(db, "u1", { artistId: "a1", genres: ["Jazz"], country: "SE", createdAt: 1 });
    const corrected = same().find((s) => s.trackId === "t1");
    expect(corrected?.categories).toContain("Jazz");
    deleteCorrection(db, "u1", "a1");
    same();
    expect(likedSong(deps(), "u1", "not-liked")).toBeNull();
    expect(likedSong(deps(), "u2", "t1")).toBeNull();
  });

  test("audio features refused: remembered for a day, then asked again for every song still without them", async () => {
    const api = provider(150, { featuresForbidden: true });
    await syncLibrary(deps(), api, "u1");
    const result = await enrichLibrary(deps(), api, "u1");
    expect(result.featuresUnavailable).toBe(true);
    expect(audioFeaturesUnavailable(deps())).toBe(true);
    expect(api.calls.features).toBe(1);
    api.setLikes(160);
    await syncLibrary(deps(), api, "u1");
    await enrichLibrary(deps(), api, "u1");
    expect(api.calls.features).toBe(1);
    clock.advance(25 * 3600_000);
    api.setLikes(170);
    api.allowFeatures();
    await syncLibrary(deps(), api, "u1");
    await enrichLibrary(deps(), api, "u1");
    expect(api.calls.features).toBe(2);
    expect(audioFeaturesUnavailable(deps())).toBe(false);
    // The source is back: the 150 songs refused a day ago are asked again too, not only the new ones.
    expect(
      db.$client.query("SELECT count(*) AS n FROM tracks WHERE features_source = 'spotify'").get(),
    ).toEqual({ n: 170 });
  });

  test("artists answered without genres: one call, remembered, no more artist calls for a day", async () => {
    const api = provider(250, { genresGone: true });
    await syncLibrary(deps(), api, "u1");
    await enrichLibrary(deps(), api, "u1");
    expect(api.calls.artists).toBe(1);
    expect(api.calls.artistIds).toBe(1);
    await enrichLibrary(deps(), api, "u1");
    expect(api.calls.artists).toBe(1);
    clock.advance(25 * 3600_000);
    await enrichLibrary(deps(), api, "u1");
    expect(api.calls.artists).toBe(2);
  });
});
