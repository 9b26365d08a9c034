// Enriching a library already enriched: no source is asked, and what is read is only what is still to ask (the
// pending songs and the misses due again, from their indexes, not the listener's likes). A new like is still
// enriched, a failed source's songs are asked again at the next enrichment, a miss after 30 days.
import { beforeEach, describe, expect, test } from "bun:test";
import { parseConfig } from "../../../src/server/config/config.ts";
import { type Db, openDatabase } from "../../../src/server/db/client.ts";
import type { Deps } from "../../../src/server/deps/deps.ts";
import { enrichLibrary } from "../../../src/server/library/metadata.ts";
import { withMetadataLookups } from "../../../src/server/metadata/background.ts";
import type { MetadataClients } from "../../../src/server/metadata/sources/clients.ts";
import {
  artistsToAsk,
  pendingTracksOf,
  songsToAsk,
} from "../../../src/server/metadata/store/to-ask-repository.ts";
import { manualClock } from "../../../src/server/platform/clock.ts";
import { createLogger } from "../../../src/server/platform/log.ts";
import type { Artist, AudioFeatures } from "../../../src/server/spotify/types.ts";
import { addLikes, createArtist, createTrack, createUser } from "../../support/factories.ts";

let db: Db;
const clock = manualClock();
const DAY = 24 * 3600_000;

/** what each provider was asked, by question */
let asked: Record<string, string[]>;
const ask = (question: string, keys: readonly string[]) => {
  asked[question] = [...(asked[question] ?? []), ...keys];
};

/** Spotify knows the features of even-numbered songs and every artist's genres. */
const spotify = {
  async getArtists(ids: readonly string[]): Promise<Artist[]> {
    ask("spotify artists", ids);
    return ids.map((id) => ({ id, name: id, genres: ["danish pop"] }));
  },
  async getAudioFeatures(ids: readonly string[]): Promise<AudioFeatures[]> {
    ask("spotify features", ids);
    const features = {
      acousticness: 0.1,
      danceability: 0.8,
      energy: 0.9,
      instrumentalness: 0,
      liveness: 0.1,
    };
    const rest = { loudness: -5, speechiness: 0.05, valence: 0.8, tempo: 120 };
    return ids.filter((id) => Number(id.slice(1)) % 2 === 0).map((id) => ({ id, ...features, ...rest }));
  },
};

/** ReccoBeats fails while `reccobeatsDown`; the open sources know nothing. */
let reccobeatsDown = false;
const nothing = (question: string) => async (keys: readonly string[]) => {
  ask(question, keys);
  return new Map();
};
const clients = {
  reccobeats: {
    async audioFeatures(ids: readonly string[]) {
      if (reccobeatsDown) throw new Error("ReccoBeats is down");
      return nothing("reccobeats features")(ids);
    },
  },
  musicbrainz: {
    artistsBySpotifyIds: nothing("musicbrainz url"),
    artistsByIsrcs: nothing("musicbrainz isrc"),
    tagsByMbids: nothing("musicbrainz tags"),
  },
  deezer: {
    async bpmByIsrc(isrc: string) {
      ask("deezer bpm", [isrc]);
      return null;
    },
  },
} as unknown as MetadataClients;

let deps: Deps;

/** The query plans of the reads of what is still to ask (the counts that choose their order left out). */
function plansOfReads(): { sql: string; plan: string[] }[] {
  const sqlite = db.$client;
  const statements: string[] = [];
  const query = sqlite.query.bind(sqlite);
  sqlite.query = ((sql: string) => {
    if (!sql.startsWith("SELECT count(*)")) statements.push(sql);
    return query(sql);
  }) as typeof sqlite.query;
  try {
    pendingTracksOf(sqlite, "u1");
    songsToAsk(sqlite, "u1", { source: "spotify", kind: "features" }, clock.now());
    artistsToAsk(sqlite, "u1", { source: "spotify", kind: "artist" }, clock.now(), 1000);
  } finally {
    sqlite.query = query;
  }
  return statements.map((sql) => ({
    sql,
    plan: sqlite
      .query<{ detail: string }, []>(`EXPLAIN QUERY PLAN ${sql}`)
      .all()
      .map((r) => r.detail),
  }));
}

function like(n: number) {
  createArtist(db, { id: `a${n}`, name: `Artist ${n}` });
  createTrack(db, { id: `t${n}`, artistIds: [`a${n}`], isrc: `ISRC${n}`, featuresStatus: "missing" });
  addLikes(db, "u1", [{ trackId: `t${n}`, likedAt: n }]);
}

async function enrich() {
  asked = {};
  await enrichLibrary(deps, spotify, "u1");
  await deps.metadataLookups.idle();
  return asked;
}

beforeEach(() => {
  db = openDatabase(":memory:").db;
  createUser(db, { id: "u1", spotifyId: "sp-u1" });
  reccobeatsDown = false;
  const config = parseConfig({ METADATA_SOURCES: "spotify,reccobeats,musicbrainz,deezer", JOBS: "off" });
  deps = withMetadataLookups(
    {
      db,
      clock,
      config,
      log: createLogger("silent"),
      work: { isStopping: false },
      distributeNewFacts: async () => {},
    } as unknown as Omit<Deps, "metadataLookups">,
    { clients, retryMs: 3_600_000 },
  );
  for (let n = 0; n < 6; n++) like(n);
});

describe("an enriched library", () => {
  test("is enriched again without a question to any source", async () => {
    const first = await enrich();
    expect(first["spotify features"]).toHaveLength(6);
    expect(first["spotify artists"]).toHaveLength(6);
    expect(first["reccobeats features"]).toEqual(["t1", "t3", "t5"]);
    expect(await enrich()).toEqual({});
  });

  test("reads the pending songs and the due misses from their indexes, not the listener's likes", () => {
    const plans = plansOfReads();
    expect(plans).toHaveLength(3);
    for (const { sql, plan } of plans) {
      expect(plan.some((step) => step.includes("tracks_lookups_pending_idx"))).toBe(true);
      // the likes are read one keyed step at a time, from a pending song or a due miss: never walked
      const likeSteps = plan.filter((step) => /^(SCAN|SEARCH) l\b/.test(step));
      expect(likeSteps.length).toBeGreaterThan(0);
      for (const step of likeSteps) expect(step).toMatch(/\(user_id=\? AND track_id=\?\)$/);
      if (sql.includes("metadata_lookups"))
        expect(plan.some((step) => step.includes("metadata_lookups_misses_idx"))).toBe(true);
    }
  });

  test("while more songs of other libraries are pending than the listener likes, their likes are read instead", () => {
    for (let n = 100; n < 110; n++)
      createTrack(db, { id: `t${n}`, artistIds: [], featuresStatus: "missing" });
    for (const { plan } of plansOfReads()) {
      // the listener's likes by their key's prefix, each song by its key; the other libraries' songs are not read
      expect(plan.find((step) => /^(SCAN|SEARCH) (l|t)\b/.test(step))).toMatch(
        /^SEARCH l USING (COVERING )?INDEX \w+ \(user_id=\?\)$/,
      );
      expect(plan.some((step) => step.includes("tracks_lookups_pending_idx"))).toBe(false);
    }
    expect(pendingTracksOf(db.$client, "u1")).toEqual(["t5", "t4", "t3", "t2", "t1", "t0"]);
  });

  test("a new like is still enriched, and only it", async () => {
    await enrich();
    like(7);
    const again = await enrich();
    expect(again["spotify features"]).toEqual(["t7"]);
    expect(again["spotify artists"]).toEqual(["a7"]);
    // Spotify has no features for it: the open sources are asked about it, and only it
    expect(again["reccobeats features"]).toEqual(["t7"]);
    expect(again["musicbrainz url"]).toEqual(["a7"]);
    expect(again["deezer bpm"]).toEqual(["ISRC7"]);
  });

  test("a failed source's songs are asked again at the next enrichment", async () => {
    reccobeatsDown = true;
    const first = await enrich();
    expect(first["reccobeats features"]).toBeUndefined();
    reccobeatsDown = false;
    const again = await enrich();
    expect(again["reccobeats features"]).toEqual(["t1", "t3", "t5"]);
    expect(again["spotify features"]).toBeUndefined();
    expect(await enrich()).toEqual({});
  });

  test("what Spotify missed is asked again after 30 days, and nothing else", async () => {
    await enrich();
    clock.advance(29 * DAY);
    expect(await enrich()).toEqual({});
    clock.advance(2 * DAY);
    const again = await enrich();
    expect(again["spotify features"]?.sort()).toEqual(["t1", "t3", "t5"]);
    expect(again["spotify artists"]).toBeUndefined();
  });
});
