// The figure a listener feels (issue 48): a fixed offered load of signed-in listeners' page reads — their run's
// progress polled, their preferences read, a playlist's page opened — sent open-loop at a steady rate and timed
// from each request's scheduled moment, while the hourly job syncs every listener; and the job's time under that
// load against its time alone. One build per call: the benchmark runs it for main's build and this tree's.
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { signIn } from "./crate-client.ts";
import { type EmulatorProcess, startEmulatorProcess } from "./emulator.ts";
import { adminPost, type PollingClient, prepareUsers, waitForJob } from "./load.ts";
import { type OpenLoopRequest, type OpenLoopSummary, startOpenLoop, summarise } from "./open-loop.ts";
import { forEachLimit } from "./parallel.ts";
import { type ChildServer, startCrateBinary } from "./processes.ts";

export interface FixedRateOptions {
  /** what to start: a built binary, or a command running the sources */
  command: string[];
  /** listeners the hourly job syncs */
  users: number;
  /** the first `listeners` of them send the load */
  listeners: number;
  likes: number;
  /** likes each listener adds before each run of the job, so every run reads and places new songs */
  newLikes: number;
  /** requests a second, offered whatever the answers */
  rate: number;
  /** the load alone, before the job runs (ms) */
  aloneMs: number;
  /** how many of each of `pageReads` a listener sends in turn */
  mix: readonly number[];
  /** called with the server's process id just before the loaded job starts (a tracer); what it returns, after */
  watch?: (pid: number) => () => Promise<void>;
  log?: (line: string) => void;
}

export interface FixedRateFigures {
  /** the load alone, no job */
  alone: OpenLoopSummary;
  /** the requests scheduled while the job ran */
  withJob: OpenLoopSummary;
  jobAloneMs: number;
  jobLoadedMs: number;
  jobUsers: { alone: number; loaded: number };
  peakRssMb: number;
}

/** The three reads a signed-in Playlists page makes, as its tRPC client sends them. */
export const pageReads = ["progress poll", "preferences read", "a playlist's page"] as const;

const trpc = (procedure: string, input?: unknown) =>
  `/api/trpc/${procedure}?batch=1&input=${encodeURIComponent(JSON.stringify(input === undefined ? {} : { 0: input }))}`;

/**
 * Each listener's reads, `mix[kind]` of each kind of `pageReads` in turn, interleaved across listeners (each sends
 * one read per round of all of them) and each listener starting at another point of its turn, so no kind of read
 * comes from every listener at once.
 */
export function pageRequests(
  clients: readonly PollingClient[],
  playlist: string,
  mix: readonly number[],
): OpenLoopRequest[] {
  const turn = mix.flatMap((times, kind) => Array.from({ length: times }, () => kind));
  const perClient = clients.map((client, index) => {
    const paths = [
      trpc("distribution.progress", { id: client.distributionId }),
      trpc("distribution.listenerPreferences"),
      trpc("explain.songs", { name: playlist, offset: 0, limit: 500 }),
    ];
    return turn.map((_, step) => {
      const kind = turn[(step + index) % turn.length] ?? 0;
      return { path: paths[kind] ?? "", cookie: client.cookie, kind };
    });
  });
  return turn.flatMap((_, step) => perClient.map((reads) => reads[step] as OpenLoopRequest));
}

export async function runFixedRate(options: FixedRateOptions): Promise<FixedRateFigures> {
  const log = options.log ?? (() => {});
  const emulator = await startEmulatorProcess();
  let crate: (ChildServer & { dir: string }) | undefined;
  let db: Database | undefined;
  let sampler: ReturnType<typeof setInterval> | undefined;
  try {
    crate = await startCrateBinary(
      {
        ...emulator.crateEnv,
        METADATA_SOURCES: "spotify",
        ADMIN_SPOTIFY_IDS: "load-admin",
        DAILY_NEW_USER_CAP: "1000000",
        SIGN_IN_RATE_LIMIT: "0",
      },
      options.command,
    );
    const server = crate;
    let peak = server.rssMb();
    sampler = setInterval(() => {
      peak = Math.max(peak, server.rssMb());
    }, 100);
    const database = new Database(join(server.dir, "crate.db"));
    db = database;
    database.exec("PRAGMA busy_timeout = 5000");
    await emulator.control("POST", "/listeners", { id: "load-admin", likes: 5 });
    const admin = await signIn(server.url, "load-admin");
    const { clients, all } = await prepareUsers(
      server.url,
      emulator,
      {
        users: options.users,
        clients: options.listeners,
        likes: options.likes,
        newLikes: 0,
        durationSec: 0,
        compile: false,
      },
      log,
    );
    const requests = pageRequests(clients, "Chill", options.mix);

    /** New likes for everyone and every access token expired: an hour later, as the job meets them. */
    const anHourLater = async () => {
      await forEachLimit(all, 16, async (user) => {
        await emulator.control("POST", `/listeners/${user.listener}/likes`, { count: options.newLikes });
      });
      database.query("UPDATE provider_tokens SET expires_at = 0").run();
    };
    const runJob = async () => {
      const started = (await adminPost(server.url, admin.cookie, "/api/admin/batch/start")) as {
        jobStarted: boolean;
      };
      if (!started.jobStarted) throw new Error("the hourly job did not start");
      const row = await waitForJob(database, 30 * 60_000);
      if (row.status !== "finished") throw new Error(`the hourly job ended ${row.status}`);
      return row;
    };

    const loadAlone = startOpenLoop({
      baseUrl: server.url,
      rate: options.rate,
      requests,
      durationMs: options.aloneMs,
      timeoutMs: 10_000,
    });
    await loadAlone.started;
    await Bun.sleep(options.aloneMs);
    const alone = summarise(await loadAlone.stop(), options.rate, pageReads.length);
    log(
      `load alone: p99 ${alone.p99Ms.toFixed(1)} ms (${alone.p99ByKind.map((p) => p.toFixed(0)).join(" / ")} by kind), ` +
        `${alone.failed} failed ${JSON.stringify(alone.failures)}`,
    );

    await anHourLater();
    const quiet = await runJob();
    const jobAloneMs = (quiet.end_time ?? 0) - quiet.start_time;
    log(`job alone: ${(jobAloneMs / 1000).toFixed(1)} s`);

    await anHourLater();
    const loaded = startOpenLoop({
      baseUrl: server.url,
      rate: options.rate,
      requests,
      durationMs: 30 * 60_000,
      timeoutMs: 10_000,
    });
    await loaded.started;
    const origin = Date.now();
    await Bun.sleep(1_000);
    const unwatch = options.watch?.(server.pid);
    const busy = await runJob();
    await unwatch?.();
    const result = await loaded.stop();
    const jobLoadedMs = (busy.end_time ?? 0) - busy.start_time;
    const withJob = summarise(
      result,
      options.rate,
      pageReads.length,
      busy.start_time - origin,
      (busy.end_time ?? 0) - origin,
    );
    // failures over the whole loaded run count, not only those inside the job's window
    log(`with the job: p99 ${withJob.p99Ms.toFixed(1)} ms, job ${(jobLoadedMs / 1000).toFixed(1)} s`);
    return {
      alone,
      withJob,
      jobAloneMs,
      jobLoadedMs,
      jobUsers: { alone: quiet.users_processed, loaded: busy.users_processed },
      peakRssMb: peak,
    };
  } finally {
    clearInterval(sampler);
    db?.close();
    await crate?.stop();
    await emulator.stop();
  }
}

export type { EmulatorProcess };
