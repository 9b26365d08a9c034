// The scale scenario (issue 9, item 6): many emulated users, all signed in through the real sign-in flow, synced
// by the hourly job while the emulator (in its own process) enforces a per-app rate limit. Crate runs in this
// process (real mode), so its CPU time and memory are measured here. Shared by scale.bench.ts and the CI smoke test.
import { statSync } from "node:fs";
import { join } from "node:path";
import { type BatchOutcome, runHourlySync } from "../../../src/server/distribution/batch/batch-jobs.ts";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { distribute, signInAll, waitDistributed } from "./crate-client.ts";
import { type EmulatorProcess, startEmulatorProcess } from "./emulator.ts";
import { loadSelection } from "./load.ts";
import { forEachLimit } from "./parallel.ts";
import { peakRss, quantile } from "./table.ts";

export interface ScaleOptions {
  users: number;
  /** likes each listener starts with (one page of 50 or less keeps an idle sync at one read) */
  likes: number;
  /**
   * calls per rolling second the emulator allows the app; "half of free pace" sets it to half the accepted
   * calls per second of the first (unlimited) run, so the limit binds on any machine (the CI smoke test)
   */
  rateLimitPerSec: number | "half of free pace";
  /** users with a selection who like `newLikes` new songs before the last run */
  usersWithNewLikes: number;
  newLikes: number;
  /** also run an idle sync without a provider limit (the CPU and SQLite bound) */
  unlimitedRun: boolean;
  /**
   * also run idle syncs, no limit, with a delay on every provider answer (a real network's round trip), over the
   * first `sampleUsers` users (the others unmonitored meanwhile), once per batch concurrency (null: the job's own,
   * adaptive; a number: that many users at a time, fixed)
   */
  latencyRuns?: { ms: number; sampleUsers: number; concurrencies: (number | null)[] };
  log?: (line: string) => void;
}

export interface ScaleRun {
  label: string;
  rateLimitPerSec: number | null;
  latencyMs: number;
  /** users the job works on at once: adaptive (the job's own) or a fixed number */
  concurrency: number | "adaptive";
  users: number;
  wallMs: number;
  cpuMs: number;
  peakRssMb: number;
  outcome: BatchOutcome;
  /** users whose library sync finished during the run */
  usersSynced: number;
  /** Web API answers by status (429s included) and token refreshes */
  statuses: Record<string, number>;
  webApiCalls: number;
  rateLimited: number;
  tokenCalls: number;
  /** Web API calls per user, accepted ones only and all sent */
  acceptedPerUser: number;
  sentPerUser: number;
  /** accepted Web API calls per second of the run */
  acceptedPerSec: number;
  /** when each user's work finished, from the start of the run (ms) */
  finishedAt: { p50: number; p99: number; max: number };
  /** each user's own time, from its turn to its last write (ms) */
  turnaround: { p50: number; p99: number; max: number };
  /** users with new likes: hourly distributions finished and failed, users with every like stored, songs added */
  distributed?: { finished: number; failed: number; usersWithAllLikes: number; songsAdded: number };
}

export interface ScaleFigures {
  options: Omit<ScaleOptions, "log">;
  /** the limit the rate-limited runs had */
  rateLimitPerSec: number;
  setup: { signInMs: number; distributeMs: number };
  runs: ScaleRun[];
  /** Crate's database file after the runs, per user (signed-in users with sessions, tokens, likes, playlists) */
  dbBytesPerUser: number;
}

async function measuredRun(
  crate: TestServer,
  emulator: EmulatorProcess,
  label: string,
  userIds: readonly string[],
  faults: { rateLimitPerSec?: number; latencyMs?: number },
  concurrency: number | null = null,
): Promise<ScaleRun> {
  const sqlite = crate.deps.db.$client;
  // An hour after the previous run every access token has expired, so each user's turn starts with a refresh.
  sqlite.query("UPDATE provider_tokens SET expires_at = 0").run();
  await emulator.setFaults(faults);
  await emulator.resetCalls();
  await emulator.resetStatuses();
  const turnStarted = new Map<string, number>();
  const stopRss = peakRss();
  const cpu = process.cpuUsage();
  const runStart = Date.now();
  const outcome = await runHourlySync({
    ...crate.deps,
    config: { ...crate.deps.config, jobConcurrency: concurrency },
    spotifyFor: (userId, work) => {
      if (!turnStarted.has(userId)) turnStarted.set(userId, Date.now());
      return crate.deps.spotifyFor(userId, work);
    },
  });
  const wallMs = Date.now() - runStart;
  const used = process.cpuUsage(cpu);
  const peakRssMb = stopRss();
  await emulator.setFaults({});
  const calls = await emulator.calls();
  const statuses = await emulator.statuses();

  const finished = new Map<string, number>();
  for (const row of sqlite
    .query<{ user_id: string; at: number }, [number]>(
      "SELECT user_id, last_sync_at AS at FROM library_syncs WHERE last_sync_at >= ?",
    )
    .all(runStart))
    finished.set(row.user_id, row.at);
  for (const row of sqlite
    .query<{ user_id: string; at: number }, [number]>(
      "SELECT user_id, max(finished_at) AS at FROM distributions WHERE trigger = 'hourly' AND created_at >= ? GROUP BY user_id",
    )
    .all(runStart))
    finished.set(row.user_id, Math.max(row.at ?? 0, finished.get(row.user_id) ?? 0));
  const finishOffsets: number[] = [];
  const turnarounds: number[] = [];
  for (const userId of userIds) {
    const at = finished.get(userId);
    if (at === undefined) continue;
    finishOffsets.push(at - runStart);
    turnarounds.push(at - (turnStarted.get(userId) ?? runStart));
  }
  const tokenCalls = calls.counts["POST /api/token"] ?? 0;
  const webApiCalls = calls.total - tokenCalls;
  const rateLimited = statuses["429"] ?? 0;
  const spread = (values: number[]) => ({
    p50: quantile(values, 0.5),
    p99: quantile(values, 0.99),
    max: quantile(values, 1),
  });
  return {
    label,
    rateLimitPerSec: faults.rateLimitPerSec ?? null,
    latencyMs: faults.latencyMs ?? 0,
    concurrency: concurrency ?? "adaptive",
    users: userIds.length,
    wallMs,
    cpuMs: (used.user + used.system) / 1000,
    peakRssMb,
    outcome,
    usersSynced: finishOffsets.length,
    statuses,
    webApiCalls,
    rateLimited,
    tokenCalls,
    acceptedPerUser: (webApiCalls - rateLimited) / userIds.length,
    sentPerUser: webApiCalls / userIds.length,
    acceptedPerSec: (webApiCalls - rateLimited) / (wallMs / 1000),
    finishedAt: spread(finishOffsets),
    turnaround: spread(turnarounds),
  };
}

/** For the users with new likes: their hourly distributions, their stored likes and the songs added. */
function distributedCheck(crate: TestServer, userIds: readonly string[], since: number, likesEach: number) {
  const sqlite = crate.deps.db.$client;
  const ids = JSON.stringify(userIds);
  const inUsers = "user_id IN (SELECT value FROM json_each(?1))";
  const count = (sql: string, ...params: (string | number)[]) =>
    sqlite.query<{ n: number }, (string | number)[]>(sql).get(...params)?.n ?? 0;
  return {
    finished: count(
      `SELECT count(*) AS n FROM distributions WHERE ${inUsers} AND trigger = 'hourly' AND status = 'finished'
       AND created_at >= ?2`,
      ids,
      since,
    ),
    failed: count(
      `SELECT count(*) AS n FROM distributions WHERE ${inUsers} AND trigger = 'hourly' AND status = 'failed'
       AND created_at >= ?2`,
      ids,
      since,
    ),
    usersWithAllLikes: count(
      `SELECT count(*) AS n FROM (SELECT user_id FROM likes WHERE ${inUsers} AND unliked_at IS NULL
       GROUP BY user_id HAVING count(*) = ?2)`,
      ids,
      likesEach,
    ),
    songsAdded: count(
      `SELECT count(*) AS n FROM playlist_songs ps JOIN managed_playlists mp ON mp.id = ps.playlist_id
       WHERE mp.${inUsers} AND ps.added_at >= ?2`,
      ids,
      since,
    ),
  };
}

export async function runScaleScenario(options: ScaleOptions): Promise<ScaleFigures> {
  const log = options.log ?? (() => {});
  const emulator = await startEmulatorProcess();
  // every simulated listener signs in from this machine's one address: no per-address sign-in limit
  const crate = await startTestServer({
    ...emulator.crateEnv,
    DAILY_NEW_USER_CAP: "10000000",
    SIGN_IN_RATE_LIMIT: "0",
  });
  try {
    const listeners = Array.from({ length: options.users }, (_, i) => `scale-${String(i).padStart(6, "0")}`);
    await emulator.createListeners(listeners, options.likes);
    let started = performance.now();
    const users = await signInAll(crate.url, listeners, 8);
    const signInMs = performance.now() - started;
    log(`signed in ${users.length} users in ${(signInMs / 1000).toFixed(1)} s`);
    const userIds = users.map((u) => u.userId);

    // The users who will like new songs choose playlists first (their first distribution).
    const movers = users.slice(0, options.usersWithNewLikes);
    started = performance.now();
    await forEachLimit(movers, 8, async (user) => {
      const id = await distribute(crate.url, user.cookie, loadSelection);
      await waitDistributed(crate.url, user.cookie, id, 50);
    });
    const distributeMs = performance.now() - started;
    log(`first distribution for ${movers.length} users in ${(distributeMs / 1000).toFixed(1)} s`);

    const runs: ScaleRun[] = [];
    const report = (run: ScaleRun) => {
      runs.push(run);
      log(
        `${run.label}: ${(run.wallMs / 1000).toFixed(1)} s, ${run.usersSynced}/${run.users} synced, ` +
          `${run.webApiCalls} calls (${run.rateLimited} × 429), ${run.outcome.failures} failures`,
      );
    };
    const first = await measuredRun(crate, emulator, "first hourly run after sign-up", userIds, {});
    report(first);
    const limit =
      options.rateLimitPerSec === "half of free pace"
        ? Math.max(5, Math.floor(first.acceptedPerSec / 2))
        : options.rateLimitPerSec;
    if (options.unlimitedRun) {
      report(await measuredRun(crate, emulator, "nothing new, no provider limit", userIds, {}));
    }
    if (options.latencyRuns) {
      const { ms, sampleUsers, concurrencies } = options.latencyRuns;
      const sample = userIds.slice(0, sampleUsers);
      const setMonitored = crate.deps.db.$client.query(
        "UPDATE users SET monitored = ? WHERE id NOT IN (SELECT value FROM json_each(?))",
      );
      setMonitored.run(0, JSON.stringify(sample));
      try {
        for (const concurrency of concurrencies) {
          const label = `nothing new, ${ms} ms round trip, ${concurrency === null ? "adaptive" : `${concurrency} at a time`}`;
          report(await measuredRun(crate, emulator, label, sample, { latencyMs: ms }, concurrency));
        }
      } finally {
        setMonitored.run(1, JSON.stringify(sample));
      }
    }
    report(await measuredRun(crate, emulator, "nothing new", userIds, { rateLimitPerSec: limit }));

    await forEachLimit(movers, 16, async (user) => {
      await emulator.control("POST", `/listeners/${user.listener}/likes`, { count: options.newLikes });
    });
    const since = Date.now();
    const withLikes = await measuredRun(
      crate,
      emulator,
      `${movers.length} users with ${options.newLikes} new likes`,
      userIds,
      { rateLimitPerSec: limit },
    );
    withLikes.distributed = distributedCheck(
      crate,
      movers.map((u) => u.userId),
      since,
      options.likes + options.newLikes,
    );
    report(withLikes);
    const { log: _log, ...settings } = options;
    crate.deps.db.$client.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    const dbBytesPerUser = statSync(join(crate.dir, "crate.db")).size / options.users;
    return {
      options: settings,
      rateLimitPerSec: limit,
      setup: { signInMs, distributeMs },
      runs,
      dbBytesPerUser,
    };
  } finally {
    await crate.dispose();
    await emulator.stop();
  }
}
