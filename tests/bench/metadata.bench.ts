// The metadata benchmark: a development-mode library of N liked songs looked up from ReccoBeats, MusicBrainz
// (at its real pace, about 1 request a second) and Deezer, against the emulators. Prints calls per source against
// the contract's lower bounds, the time until the library is fully classified against the slowest source's own
// bound (its calls at its own pace: the sources run at once, so the whole can take no less), the time until the
// groups that need no lookup (Decade, Liked At, Latest, Everything) can be planned, and the calls of a second run.
// Standalone: bun tests/bench/metadata.bench.ts [sizes…]   (default 2000 10000)
import { rmSync } from "node:fs";
import { join } from "node:path";
import { startMetadataEmulatorServer } from "../../src/emulators/metadata-server.ts";
import { metadataWorldFor } from "../../src/emulators/metadata-world/world.ts";
import { DEFAULT_SEED } from "../../src/emulators/spotify/index.ts";
import { createRng } from "../../src/emulators/spotify/model/random.ts";
import { parseConfig } from "../../src/server/config/config.ts";
import { openDatabase } from "../../src/server/db/client.ts";
import type { Deps } from "../../src/server/deps/deps.ts";
import { loadConsideredSongs } from "../../src/server/library/considered.ts";
import { lookUpOpenMetadataSources } from "../../src/server/metadata/open-sources.ts";
import {
  createMetadataClients,
  metadataSourceIntervalMs,
} from "../../src/server/metadata/sources/clients.ts";
import { recordCapability } from "../../src/server/metadata/store/capabilities-repository.ts";
import { systemClock } from "../../src/server/platform/clock.ts";
import { createLogger } from "../../src/server/platform/log.ts";
import { tempDir } from "../support/server.ts";

export interface MetadataFigures {
  songs: number;
  artists: number;
  calls: Record<string, number>;
  bounds: Record<string, number>;
  violations: number;
  usableAtOnceMs: number;
  classifiedMs: number;
  /** the slowest source's own time: its calls at its own pace */
  slowestBoundMs: number;
  slowest: string;
  secondRunCalls: number;
}

const SOURCES = ["reccobeats", "musicbrainz", "deezer"] as const;

export async function runMetadataBenchmark(size: number): Promise<MetadataFigures> {
  const server = startMetadataEmulatorServer({ port: 0 });
  const world = metadataWorldFor({ seed: DEFAULT_SEED });
  const dir = tempDir("crate-metadata-bench-");
  const { db } = openDatabase(join(dir, "crate.db"));
  const sqlite = db.$client;
  const config = parseConfig({
    JOBS: "off",
    METADATA_SOURCES: "spotify,reccobeats,musicbrainz,deezer",
    ...server.urlSettings,
    MUSICBRAINZ_CONTACT: "bench@crate.example",
  });
  const deps = { db, clock: systemClock, log: createLogger("silent"), config } as unknown as Deps;

  // A listener's library: `size` distinct songs drawn from the catalogue, as a development-mode sync stores them.
  const rng = createRng(size);
  const picked = new Set<number>();
  while (picked.size < size) picked.add(rng.int(0, world.catalogue.trackCount - 1));
  const tracks = [...picked].map((i) => world.catalogue.track(i)).filter((t) => t !== undefined);
  sqlite.query("INSERT INTO users (id, spotify_id, created_at, last_login_at) VALUES ('u', 'u', 0, 0)").run();
  const artistIds = new Set<string>();
  sqlite.transaction(() => {
    tracks.forEach((t, n) => {
      const ids = t.artists.map((a) => world.catalogue.artists[a]?.id ?? "");
      for (const id of ids) artistIds.add(id);
      sqlite
        .query(
          "INSERT INTO tracks (id, name, artist_ids, release_date, isrc, fetched_at) VALUES (?, ?, ?, '2001', ?, 0)",
        )
        .run(t.id, t.name, JSON.stringify(ids), t.isrc);
      t.artists.forEach((a, k) => {
        const name = world.catalogue.artists[a]?.name ?? "";
        sqlite.query("INSERT OR IGNORE INTO artists (id, name) VALUES (?, ?)").run(ids[k] ?? "", name);
      });
      sqlite.query("INSERT INTO likes (user_id, track_id, liked_at) VALUES ('u', ?, ?)").run(t.id, n);
    });
  })();

  // What the Spotify step of a development-mode app learns with its one call: no audio features, no genres.
  recordCapability(sqlite, "audioFeatures", "unavailable", Date.now());
  recordCapability(sqlite, "artistGenres", "unavailable", Date.now());

  const usableStart = performance.now();
  loadConsideredSongs(deps, "u", "PremiumYearly");
  const usableAtOnceMs = performance.now() - usableStart;

  const clients = createMetadataClients(config);
  const start = performance.now();
  await lookUpOpenMetadataSources(
    deps,
    clients,
    tracks.map((t) => t.id),
  );
  const classifiedMs = performance.now() - start;

  const logs = Object.fromEntries(SOURCES.map((s) => [s, server.emulators[s].faults.log()]));
  const calls = Object.fromEntries(SOURCES.map((s) => [s, logs[s]?.total ?? 0]));
  const violations = SOURCES.reduce((sum, s) => sum + (logs[s]?.violations ?? 0), 0);

  // Lower bounds of the contract: ⌈tracks/40⌉; ⌈artists/100⌉ twice plus ⌈ISRCs of songs by unlinked artists/100⌉;
  // one Deezer call per song no earlier source gave a tempo.
  const unlinkedSongs = tracks.filter((t) => t.artists.some((a) => !world.mbArtist(a)?.spotifyLinked)).length;
  const withoutRecco = tracks.filter((t) => !world.reccoBeats(t.id)).length;
  const bounds = {
    reccobeats: Math.ceil(size / 40),
    musicbrainz: 2 * Math.ceil(artistIds.size / 100) + Math.ceil(unlinkedSongs / 100),
    deezer: withoutRecco,
  };

  // the slowest source's calls at its own pace
  const [slowest, slowestBoundMs] = SOURCES.map(
    (s) => [s, (calls[s] ?? 0) * metadataSourceIntervalMs(s)] as const,
  ).reduce((a, b) => (b[1] > a[1] ? b : a));

  for (const s of SOURCES) server.emulators[s].faults.reset();
  await lookUpOpenMetadataSources(
    deps,
    clients,
    tracks.map((t) => t.id),
  );
  const secondRunCalls = SOURCES.reduce((sum, s) => sum + server.emulators[s].faults.log().total, 0);

  sqlite.close();
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
  return {
    songs: size,
    artists: artistIds.size,
    calls,
    bounds,
    violations,
    usableAtOnceMs,
    classifiedMs,
    slowestBoundMs,
    slowest,
    secondRunCalls,
  };
}

export function metadataTable(rows: MetadataFigures[]): string {
  const lines = [
    "songs   artists  source       calls  bound  ratio  violations  usable at once  classified  2nd run",
  ];
  for (const r of rows) {
    for (const s of SOURCES) {
      const calls = r.calls[s] ?? 0;
      const bound = r.bounds[s] ?? 0;
      lines.push(
        [
          String(r.songs).padEnd(7),
          String(r.artists).padEnd(8),
          s.padEnd(12),
          String(calls).padStart(5),
          String(bound).padStart(6),
          (calls / Math.max(1, bound)).toFixed(2).padStart(6),
          String(r.violations).padStart(11),
          `${r.usableAtOnceMs.toFixed(0)} ms`.padStart(15),
          `${(r.classifiedMs / 1000).toFixed(0)} s`.padStart(11),
          String(r.secondRunCalls).padStart(8),
        ].join(" "),
      );
    }
  }
  for (const r of rows)
    lines.push(
      `${r.songs} songs: classified in ${(r.classifiedMs / 1000).toFixed(0)} s, ${(r.classifiedMs / r.slowestBoundMs).toFixed(2)}× the slowest source's own bound (${r.slowest}: ${(r.slowestBoundMs / 1000).toFixed(0)} s)`,
    );
  return lines.join("\n");
}

export function metadataTargets(rows: MetadataFigures[]): string[] {
  const missed: string[] = [];
  for (const r of rows) {
    for (const s of SOURCES) {
      if ((r.calls[s] ?? 0) > 1.2 * (r.bounds[s] ?? 0))
        missed.push(`MISSED: ${s} used ${r.calls[s]} calls for ${r.songs} songs, bound ${r.bounds[s]}`);
    }
    if (r.violations > 0) missed.push(`MISSED: ${r.violations} rate-limit violations at ${r.songs} songs`);
    if (r.secondRunCalls > 0) missed.push(`MISSED: a second run asked ${r.secondRunCalls} times`);
    if (r.songs >= 10_000 && r.classifiedMs > 1.2 * r.slowestBoundMs)
      missed.push(
        `MISSED: ${r.songs} songs took ${(r.classifiedMs / 1000).toFixed(0)} s, over 1.2× ${r.slowest}'s own ${(r.slowestBoundMs / 1000).toFixed(0)} s`,
      );
  }
  return missed;
}

/** `bun run bench` prints this table after the distribution figures. */
export async function report(): Promise<string> {
  const rows: MetadataFigures[] = [];
  for (const size of [2000, 10_000]) rows.push(await runMetadataBenchmark(size));
  return [metadataTable(rows), ...metadataTargets(rows)].join("\n");
}

if (import.meta.main) {
  const sizes = process.argv
    .slice(2)
    .map(Number)
    .filter((n) => n > 0);
  const rows: MetadataFigures[] = [];
  for (const size of sizes.length > 0 ? sizes : [2000, 10_000]) rows.push(await runMetadataBenchmark(size));
  console.log(metadataTable(rows));
  for (const line of metadataTargets(rows)) console.log(line);
}
