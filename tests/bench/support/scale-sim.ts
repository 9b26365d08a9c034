// The hourly job at scale on simulated time: the real job, transport, pacer and SQLite file, against a provider
// model with a round trip and an unpublished rolling-second limit (tests/support/limited-provider.ts). Time only
// advances when nothing else can run, so an hour of provider waiting takes minutes of CPU; CPU time per user is
// real and measured, but costs no simulated time (the CPU bound is measured by scale.bench.ts).
import { statSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Config } from "../../../src/server/config/config.ts";
import { openDatabase } from "../../../src/server/db/client.ts";
import type { Deps } from "../../../src/server/deps/deps.ts";
import { runHourlySync } from "../../../src/server/distribution/batch/batch-jobs.ts";
import { createLogger } from "../../../src/server/platform/log.ts";
import type { PacerState } from "../../../src/server/platform/pacer.ts";
import { UserWork } from "../../../src/server/platform/user-work.ts";
import { createSpotifyClient } from "../../../src/server/spotify/client.ts";
import type { SpotifyWork } from "../../../src/server/spotify/work.ts";
import { type LimitedProviderStats, limitedProvider } from "../../support/limited-provider.ts";
import { virtualTime } from "../../support/virtual-time.ts";
import { peakRss, quantile } from "./table.ts";

export interface SimOptions {
  users: number;
  likes: number;
  limitPerSec: number;
  rttMs: number;
  /** an interactive distribution's calls (4 at a time, as apply.ts writes) started this long into the job */
  interactive?: { atMs: number; calls: number };
  log?: (line: string) => void;
}

export interface SimFigures {
  options: Omit<SimOptions, "log">;
  /** simulated time of the hourly run */
  runMs: number;
  provider: LimitedProviderStats;
  usersSynced: number;
  failures: number;
  /** when each user's sync finished, from the start of the run (simulated ms) */
  doneAt: { p50: number; p99: number; max: number };
  pacer: PacerState;
  cpuMs: number;
  realMs: number;
  peakRssMb: number;
  dbBytesPerUser: number;
  seedMs: number;
  interactive?: { aloneMs: number; duringMs: number };
}

const START = Date.UTC(2026, 0, 5, 10);
const LIKED_AT = Date.UTC(2025, 5, 1);
const TRACKS = 50_000;
const trackOf = (user: number, k: number) => `t${(user * 20 + k) % TRACKS}`;
const addedAt = (k: number) => new Date(LIKED_AT - k * 60_000).toISOString().replace(".000", "");

/** Users whose libraries were read before (as after earlier hourly runs), straight into the database. */
function seed(sqlite: ReturnType<typeof openDatabase>["sqlite"], users: number, likes: number) {
  const insertUser = sqlite.query(
    "INSERT INTO users (id, spotify_id, created_at, last_login_at) VALUES (?1, ?1, ?2, ?2)",
  );
  const insertTrack = sqlite.query(
    `INSERT INTO tracks (id, name, artist_ids, fetched_at) VALUES (?, ?, ?, ?) ON CONFLICT(id) DO NOTHING`,
  );
  const insertArtist = sqlite.query(
    "INSERT INTO artists (id, name) VALUES (?, ?) ON CONFLICT(id) DO NOTHING",
  );
  const insertLike = sqlite.query("INSERT INTO likes (user_id, track_id, liked_at, seq) VALUES (?, ?, ?, ?)");
  const insertSync = sqlite.query(
    `INSERT INTO library_syncs (user_id, last_sync_at, last_full_sync_at, listed_extra) VALUES (?, ?, ?, 0)`,
  );
  sqlite.transaction(() => {
    for (let a = 0; a < 2_000; a++) insertArtist.run(`a${a}`, `Artist ${a}`);
    for (let t = 0; t < Math.min(TRACKS, users * likes); t++)
      insertTrack.run(`t${t}`, `Track ${t}`, JSON.stringify([`a${t % 2_000}`]), START - 3_600_000);
    for (let u = 0; u < users; u++) {
      const id = `u${u}`;
      insertUser.run(id, START - 86_400_000);
      for (let k = 0; k < likes; k++) insertLike.run(id, trackOf(u, k), Date.parse(addedAt(k)), likes - k);
      // last read in full a day ago: no weekly resync is due during this run
      insertSync.run(id, START - 3_600_000 - u, START - 86_400_000);
    }
  })();
}

function likesPage(user: number, likes: number) {
  return {
    href: "",
    limit: 50,
    next: null,
    offset: 0,
    previous: null,
    total: likes,
    items: Array.from({ length: Math.min(50, likes) }, (_, k) => ({
      added_at: addedAt(k),
      track: {
        id: trackOf(user, k),
        name: `Track ${trackOf(user, k)}`,
        uri: `spotify:track:${trackOf(user, k)}`,
        duration_ms: 1000,
        album: { id: "al", name: "Album", release_date: "2020", release_date_precision: "year", artists: [] },
        artists: [{ id: `a${(user * 20 + k) % 2_000}`, name: "A" }],
      },
    })),
  };
}

export async function runScaleSimulation(options: SimOptions): Promise<SimFigures> {
  const { log = () => {}, ...settings } = options;
  const dir = await mkdtemp(join(tmpdir(), "crate-scale-sim-"));
  const opened = openDatabase(join(dir, "crate.db"));
  try {
    let t0 = performance.now();
    seed(opened.sqlite, options.users, options.likes);
    const seedMs = performance.now() - t0;
    log(`seeded ${options.users} users in ${(seedMs / 1000).toFixed(1)} s`);
    const time = virtualTime(START);
    const provider = limitedProvider(time, { limit: options.limitPerSec, rttMs: options.rttMs });
    const spotify = createSpotifyClient({
      apiUrl: "https://api.spotify.test/v1",
      accountsUrl: "https://accounts.spotify.test",
      clientId: "sim",
      clientSecret: "sim",
      now: time.now,
      sleep: time.sleep,
      fetch: (url, init) => {
        const auth = new Headers(init.headers).get("authorization") ?? "";
        const user = Number(auth.replace("Bearer tok-u", ""));
        return provider.fetch(() =>
          url.includes("/me/tracks") ? likesPage(user, options.likes) : { id: "me" },
        );
      },
    });
    const logger = createLogger("silent");
    const deps = {
      db: opened.db,
      clock: { now: time.now },
      log: logger,
      spotify,
      work: new UserWork(logger),
      runningBatchJobs: new Set(),
      // each turn starts with the token refresh an hour-old token needs: one round trip at the accounts service
      spotifyFor: (userId: string, work?: SpotifyWork) =>
        spotify.forUser(
          {
            current: async () => {
              await time.sleep(options.rttMs);
              return `tok-${userId}`;
            },
            refresh: async () => `tok-${userId}`,
          },
          work,
        ),
      config: { jobConcurrency: null } as Config,
    } as unknown as Deps;
    // the interactive workload alone first, on the same client (nothing learned yet)
    const interactiveRun = async () => {
      const spec = options.interactive;
      if (!spec) return 0;
      const api = spotify.forUser({ current: async () => "tok-u0", refresh: async () => "tok-u0" });
      const began = time.now();
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          for (let i = 0; i < spec.calls / 4; i++) await api.me();
        }),
      );
      return time.now() - began;
    };
    const aloneMs = await time.run(interactiveRun());
    const runStart = time.now();
    const stopRss = peakRss();
    const cpu = process.cpuUsage();
    t0 = performance.now();
    let jobEnd = 0;
    const job = runHourlySync(deps);
    void job.finally(() => {
      jobEnd = time.now();
    });
    const during = options.interactive
      ? (async () => {
          await time.sleep(options.interactive?.atMs ?? 0);
          return interactiveRun();
        })()
      : Promise.resolve(0);
    const [outcome, duringMs] = await time.run(Promise.all([job, during]));
    const runMs = jobEnd - runStart;
    const realMs = performance.now() - t0;
    const used = process.cpuUsage(cpu);
    const peakRssMb = stopRss();
    const done = opened.sqlite
      .query<{ at: number }, [number]>("SELECT last_sync_at AS at FROM library_syncs WHERE last_sync_at >= ?")
      .all(runStart)
      .map((r) => r.at - runStart);
    opened.sqlite.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    const dbBytes = statSync(join(dir, "crate.db")).size;
    return {
      options: settings,
      runMs,
      provider: { ...provider.stats },
      usersSynced: done.length,
      failures: outcome.failures,
      doneAt: { p50: quantile(done, 0.5), p99: quantile(done, 0.99), max: quantile(done, 1) },
      pacer: spotify.pacing(),
      cpuMs: (used.user + used.system) / 1000,
      realMs,
      peakRssMb,
      dbBytesPerUser: dbBytes / options.users,
      seedMs,
      ...(options.interactive ? { interactive: { aloneMs, duringMs } } : {}),
    };
  } finally {
    opened.close();
    await rm(dir, { recursive: true, force: true });
  }
}
