// The enrichment of a library already enriched: what a sign-in's library read that finds nothing new costs in
// the metadata step (Spotify's step and the queued lookup pass), with every source answered before. Prints the
// median time of a repeat, the statements it ran and the provider calls (0 expected).
// Standalone: bun tests/bench/enrich-again.bench.ts [sizes…]   (default 2000 10000)
import { rmSync } from "node:fs";
import { join } from "node:path";
import { parseConfig } from "../../src/server/config/config.ts";
import { openDatabase } from "../../src/server/db/client.ts";
import type { Deps } from "../../src/server/deps/deps.ts";
import { enrichLibrary } from "../../src/server/library/metadata.ts";
import { withMetadataLookups } from "../../src/server/metadata/background.ts";
import type { MetadataClients } from "../../src/server/metadata/sources/clients.ts";
import { systemClock } from "../../src/server/platform/clock.ts";
import { createLogger } from "../../src/server/platform/log.ts";
import type { Artist, AudioFeatures, SpotifyUserApi } from "../../src/server/spotify/types.ts";
import { tempDir } from "../support/server.ts";
import { countStatements } from "./support/statements.ts";

export interface EnrichAgainFigures {
  songs: number;
  artists: number;
  medianMs: number;
  statements: number;
  providerCalls: number;
}

const REPEATS = 21;

/** Spotify knows features of 7 songs in 10 and the genres of 9 artists in 10. */
function spotifyStub(calls: { n: number }) {
  const known = (id: string, of: number) => Number(id.slice(1)) % 10 < of;
  const api: Pick<SpotifyUserApi, "getArtists" | "getAudioFeatures"> = {
    async getArtists(ids) {
      calls.n += 1;
      return ids.filter((id) => known(id, 9)).map((id): Artist => ({ id, name: id, genres: ["rock"] }));
    },
    async getAudioFeatures(ids) {
      calls.n += 1;
      const feature = {
        tempo: 120,
        energy: 0.5,
        valence: 0.5,
        danceability: 0.5,
        liveness: 0.1,
        loudness: -8,
      };
      const rest = { acousticness: 0.2, instrumentalness: 0, speechiness: 0.05 };
      return ids.filter((id) => known(id, 7)).map((id): AudioFeatures => ({ id, ...feature, ...rest }));
    },
  };
  return api;
}

/** Open sources that know nothing: every question is a miss, remembered as such. */
function openStub(calls: { n: number }): MetadataClients {
  const none = async () => {
    calls.n += 1;
    return new Map();
  };
  return {
    reccobeats: { audioFeatures: none },
    musicbrainz: { artistsBySpotifyIds: none, artistsByIsrcs: none, tagsByMbids: none },
    deezer: {
      async bpmByIsrc() {
        calls.n += 1;
        return null;
      },
    },
  } as unknown as MetadataClients;
}

export async function runEnrichAgainBenchmark(size: number): Promise<EnrichAgainFigures> {
  const dir = tempDir("crate-enrich-again-bench-");
  const { db } = openDatabase(join(dir, "crate.db"));
  const sqlite = db.$client;
  const config = parseConfig({ JOBS: "off", METADATA_SOURCES: "spotify,reccobeats,musicbrainz,deezer" });
  const calls = { n: 0 };
  const deps = withMetadataLookups(
    {
      db,
      clock: systemClock,
      log: createLogger("silent"),
      config,
      work: { isStopping: false },
      distributeNewFacts: async () => {},
    } as unknown as Omit<Deps, "metadataLookups">,
    { clients: openStub(calls) },
  );

  // `size` songs, one or two artists each out of size/2, and as many other listeners' songs beside them
  const artistCount = Math.ceil(size / 2);
  sqlite.query("INSERT INTO users (id, spotify_id, created_at, last_login_at) VALUES ('u', 'u', 0, 0)").run();
  sqlite.transaction(() => {
    for (let a = 0; a < artistCount * 2; a++)
      sqlite.query("INSERT INTO artists (id, name) VALUES (?, ?)").run(`a${a}`, `Artist ${a}`);
    for (let n = 0; n < size * 2; n++) {
      const mine = n < size;
      const offset = mine ? 0 : artistCount;
      const ids = [
        `a${offset + (n % artistCount)}`,
        ...(n % 3 === 0 ? [`a${offset + ((n * 7) % artistCount)}`] : []),
      ];
      sqlite
        .query(
          "INSERT INTO tracks (id, name, artist_ids, isrc, fetched_at, features_status) VALUES (?, ?, ?, ?, 0, ?)",
        )
        // the others' songs were enriched with their own libraries
        .run(
          `t${n}`,
          `Song ${n}`,
          JSON.stringify([...new Set(ids)]),
          `ISRC${n}`,
          mine ? "missing" : "present",
        );
      if (mine)
        sqlite.query("INSERT INTO likes (user_id, track_id, liked_at) VALUES ('u', ?, ?)").run(`t${n}`, n);
    }
  })();

  const api = spotifyStub(calls);
  await enrichLibrary(deps, api, "u");
  await deps.metadataLookups.idle();
  calls.n = 0;

  const times: number[] = [];
  let statements = 0;
  for (let i = 0; i < REPEATS; i++) {
    const start = performance.now();
    const counted = await countStatements(sqlite, async () => {
      await enrichLibrary(deps, api, "u");
      await deps.metadataLookups.idle();
    });
    times.push(performance.now() - start);
    statements = counted;
  }
  times.sort((a, b) => a - b);
  sqlite.close();
  rmSync(dir, { recursive: true, force: true });
  return {
    songs: size,
    artists: artistCount,
    medianMs: times[Math.floor(times.length / 2)] ?? 0,
    statements,
    providerCalls: calls.n,
  };
}

if (import.meta.main) {
  const sizes = process.argv
    .slice(2)
    .map(Number)
    .filter((n) => n > 0);
  console.log("songs   artists  median of a repeat  statements  provider calls");
  for (const size of sizes.length > 0 ? sizes : [2000, 10_000]) {
    const r = await runEnrichAgainBenchmark(size);
    console.log(
      [
        String(r.songs).padEnd(7),
        String(r.artists).padEnd(8),
        `${r.medianMs.toFixed(2)} ms`.padStart(18),
        String(r.statements).padStart(11),
        String(r.providerCalls).padStart(15),
      ].join(" "),
    );
  }
}
