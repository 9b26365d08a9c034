// Library sync and considered-songs load for a library of N likes on a temporary file: a first (full) sync, an
// hourly sync with nothing new, a full resync, then loading the considered songs (classifying, then cached);
// CPU milliseconds, median of the rounds.
// Standalone: bun tests/bench/library-sync.bench.ts [likes] [rounds]   (default 5000 5)
import { rmSync } from "node:fs";
import { join } from "node:path";
import { openDatabase } from "../../src/server/db/client.ts";
import type { Deps } from "../../src/server/deps/deps.ts";
import { loadConsideredSongs } from "../../src/server/library/considered.ts";
import { syncLibrary } from "../../src/server/library/sync.ts";
import type { SavedTrack, SpotifyUserApi } from "../../src/server/spotify/types.ts";
import { tempDir } from "../support/server.ts";

type LikedTracks = Pick<SpotifyUserApi, "likedTracks">;

function libraryOf(size: number): SavedTrack[] {
  return Array.from({ length: size }, (_, i) => ({
    added_at: new Date(Date.UTC(2020, 0, 1) + (size - i) * 60_000).toISOString(),
    track: {
      id: `t${i}`,
      name: `Song ${i}`,
      artists: [{ id: `a${i % 800}`, name: `Artist ${i % 800}` }],
      album: { name: `Album ${i % 400}`, release_date: `${1960 + (i % 60)}-01-01` },
      duration_ms: 200_000,
      external_ids: { isrc: `USAAA${String(1_000_000 + i).slice(-7)}` },
    },
  })) as unknown as SavedTrack[];
}

/** The provider's listing in pages of 50, stopping at the first known like as the real client does. */
function apiOf(library: SavedTrack[]): LikedTracks {
  return {
    async *likedTracks(options) {
      for (let i = 0; i < library.length; i += 50) {
        const page = library.slice(i, i + 50);
        if (i === 0)
          options?.firstPage?.(
            page.map((s) => ({ trackId: s.track.id ?? "", addedAt: s.added_at })),
            library.length <= 50,
            library.length,
          );
        const fresh = [];
        for (const saved of page) {
          if (options?.isKnown?.(saved.track.id ?? "", saved.added_at)) {
            if (fresh.length > 0) yield fresh;
            return;
          }
          fresh.push(saved);
        }
        yield fresh;
      }
    },
  } as LikedTracks;
}

async function round(size: number) {
  const dir = tempDir("crate-library-bench-");
  const { db } = openDatabase(join(dir, "crate.db"));
  db.$client
    .query("INSERT INTO users (id, spotify_id, created_at, last_login_at) VALUES ('u', 'u', 0, 0)")
    .run();
  const deps = { db, clock: { now: () => Date.now() } } as unknown as Deps;
  const api = apiOf(libraryOf(size));
  const time = async (run: () => unknown) => {
    // CPU time, not wall time: on a shared machine the wall clock mostly measures the neighbours.
    const start = process.cpuUsage();
    await run();
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000;
  };
  const figures = {
    firstSync: await time(() => syncLibrary(deps, api, "u")),
    hourlySync: await time(() => syncLibrary(deps, api, "u")),
    fullResync: await time(() => syncLibrary(deps, api, "u", { full: true })),
    considerClassify: await time(() => loadConsideredSongs(deps, "u", "PremiumYearly")),
    considerCached: await time(() => loadConsideredSongs(deps, "u", "PremiumYearly")),
  };
  db.$client.close();
  rmSync(dir, { recursive: true, force: true });
  return figures;
}

if (import.meta.main) {
  const size = Number(process.argv[2] ?? 5_000);
  const rounds = Number(process.argv[3] ?? 5);
  const all: Record<string, number[]> = {};
  for (let r = 0; r < rounds; r++)
    for (const [k, v] of Object.entries(await round(size))) {
      all[k] = [...(all[k] ?? []), v];
    }
  for (const [k, v] of Object.entries(all)) {
    const sorted = v.sort((a, b) => a - b);
    console.log(
      `${k.padEnd(17)} median CPU ${sorted[Math.floor(sorted.length / 2)]?.toFixed(1)} ms  (${size} likes)`,
    );
  }
}
