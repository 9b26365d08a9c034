// The load scenario (issue 9, item 5): Crate's compiled binary in real mode, pointed at a Spotify emulator in its
// own process. Signed-in clients poll their distribution's progress and read their preferences through autocannon
// while the hourly job, started by the admin call, syncs every emulated user. The same autocannon run against a
// bare Bun.serve hello route gives the ceiling. Shared by load.bench.ts (full size) and the CI smoke test.
import { Database } from "bun:sqlite";
import { join } from "node:path";
import autocannon, { type AutocannonResult } from "autocannon";
import { distribute, type SignedIn, signIn, signInAll, waitDistributed } from "./crate-client.ts";
import { type EmulatorProcess, startEmulatorProcess } from "./emulator.ts";
import { forEachLimit } from "./parallel.ts";
import { type ChildServer, compileBinary, startCrateBinary, startHelloServer } from "./processes.ts";

/** Six free entries most small libraries have songs for. */
export const loadSelection = [
  "Chill",
  "Upbeat",
  "Party",
  "Midtempo (71-110 BPM)",
  "Fast (111-160 BPM)",
  "2010s",
] as const;

export interface LoadOptions {
  /** emulated listeners, all signed in with a selection; the hourly job syncs every one */
  users: number;
  /** autocannon connections, one signed-in user each (the first `clients` users) */
  clients: number;
  /** likes each listener starts with */
  likes: number;
  /** likes each listener adds before the hourly job, so the job reads and distributes them */
  newLikes: number;
  durationSec: number;
  /** build dist/crate from the sources first */
  compile: boolean;
  /** also run Crate with progress polls alone (no preferences reads, no job), after the hello route */
  progressAlone?: boolean;
  log?: (line: string) => void;
}

export interface LoadRun {
  label: string;
  connections: number;
  durationSec: number;
  requests: number;
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** connection errors, timeouts, non-2xx answers and mismatches together */
  failed: number;
  statusCounts: Record<string, number>;
  /** CPU the server process used during the run, per request */
  cpuMsPerRequest: number;
}

export interface LoadFigures {
  options: Omit<LoadOptions, "log">;
  setup: { signInMs: number; distributeMs: number };
  runs: LoadRun[];
  job: {
    users: number;
    durationMs: number;
    /** share of the loaded run during which the job was running */
    overlap: number;
    usersProcessed: number;
    usersSynced: number;
    usersWithAllLikes: number;
    hourlyDistributionsFinished: number;
    hourlyDistributionsFailed: number;
    webApiCalls: number;
    tokenCalls: number;
    status: string;
  };
  peakRssMb: number;
}

export interface PollingClient extends SignedIn {
  distributionId: string;
}

function cannon(
  url: string,
  clients: readonly PollingClient[],
  connections: number,
  durationSec: number,
  progressOnly = false,
) {
  let next = 0;
  return autocannon({
    url,
    connections,
    duration: durationSec,
    timeout: 10,
    setupClient(client) {
      const user = clients[next++ % clients.length];
      if (!user) throw new Error("no signed-in client");
      const headers = { cookie: user.cookie };
      const poll = {
        method: "GET" as const,
        path: `/api/distributor/${user.distributionId}/progress`,
        headers,
      };
      client.setRequests(
        progressOnly ? [poll] : [poll, { method: "GET", path: "/api/playlist-preferences", headers }],
      );
    },
  });
}

function loadRun(
  label: string,
  result: AutocannonResult,
  connections: number,
  server: ChildServer,
  cpuBefore: number,
): LoadRun {
  const requests = result.requests.total;
  return {
    label,
    connections,
    durationSec: result.duration,
    requests,
    requestsPerSec: requests / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    failed: result.errors + result.timeouts + result.non2xx + result.mismatches,
    statusCounts: Object.fromEntries(Object.entries(result.statusCodeStats).map(([k, v]) => [k, v.count])),
    cpuMsPerRequest: (server.cpuMs() - cpuBefore) / Math.max(1, requests),
  };
}

export async function adminPost(crateUrl: string, cookie: string, path: string): Promise<unknown> {
  const res = await fetch(`${crateUrl}${path}`, {
    method: "POST",
    headers: { cookie, origin: crateUrl, "content-type": "application/json" },
    body: "{}",
  });
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

export async function prepareUsers(
  crateUrl: string,
  emulator: EmulatorProcess,
  options: LoadOptions,
  log: (line: string) => void,
): Promise<{ clients: PollingClient[]; all: SignedIn[]; signInMs: number; distributeMs: number }> {
  const ids = Array.from({ length: options.users }, (_, i) => `load-${String(i).padStart(5, "0")}`);
  await emulator.createListeners(ids, options.likes);
  let started = performance.now();
  const all = await signInAll(crateUrl, ids, 8);
  const signInMs = performance.now() - started;
  log(`signed in ${all.length} users in ${(signInMs / 1000).toFixed(1)} s`);
  started = performance.now();
  const distributionIds = new Map<string, string>();
  await forEachLimit(all, 8, async (user) => {
    const id = await distribute(crateUrl, user.cookie, loadSelection);
    await waitDistributed(crateUrl, user.cookie, id, 50);
    distributionIds.set(user.userId, id);
  });
  const distributeMs = performance.now() - started;
  log(`first distribution for ${all.length} users in ${(distributeMs / 1000).toFixed(1)} s`);
  const clients = all.slice(0, options.clients).map((user) => ({
    ...user,
    distributionId: distributionIds.get(user.userId) ?? "",
  }));
  return { clients, all, signInMs, distributeMs };
}

export async function runLoadScenario(options: LoadOptions): Promise<LoadFigures> {
  const log = options.log ?? (() => {});
  if (options.compile) {
    compileBinary();
    log("compiled dist/crate");
  }
  const emulator = await startEmulatorProcess();
  const crate = await startCrateBinary({
    ...emulator.crateEnv,
    // Spotify's metadata alone: the open sources' default URLs are on the internet, which a benchmark never calls.
    METADATA_SOURCES: "spotify",
    ADMIN_SPOTIFY_IDS: "load-admin",
    DAILY_NEW_USER_CAP: "1000000",
    // every simulated listener signs in from this machine's one address
    SIGN_IN_RATE_LIMIT: "0",
  });
  const hello = await startHelloServer();
  let peak = crate.rssMb();
  const sampler = setInterval(() => {
    peak = Math.max(peak, crate.rssMb());
  }, 100);
  const db = new Database(join(crate.dir, "crate.db"));
  db.exec("PRAGMA busy_timeout = 5000");
  try {
    await emulator.control("POST", "/listeners", { id: "load-admin", likes: 5 });
    const admin = await signIn(crate.url, "load-admin");
    const { clients, all, signInMs, distributeMs } = await prepareUsers(crate.url, emulator, options, log);
    await forEachLimit(all, 16, async (user) => {
      await emulator.control("POST", `/listeners/${user.listener}/likes`, { count: options.newLikes });
    });
    // An hour later every access token has expired: the job refreshes each one, as it would in production.
    db.query("UPDATE provider_tokens SET expires_at = 0").run();

    const runs: LoadRun[] = [];
    let cpu = hello.cpuMs();
    const helloResult = await cannon(hello.url, clients, options.clients, options.durationSec);
    runs.push(loadRun("bare Bun.serve hello route", helloResult, options.clients, hello, cpu));
    log(`hello: ${runs.at(-1)?.requestsPerSec.toFixed(0)} req/s`);

    if (options.progressAlone) {
      cpu = crate.cpuMs();
      const pollResult = await cannon(crate.url, clients, options.clients, options.durationSec, true);
      runs.push(loadRun("Crate, progress polls alone", pollResult, options.clients, crate, cpu));
      log(`crate progress polls: ${runs.at(-1)?.requestsPerSec.toFixed(0)} req/s`);
    }

    cpu = crate.cpuMs();
    const idleResult = await cannon(crate.url, clients, options.clients, options.durationSec);
    runs.push(loadRun("Crate, no job running", idleResult, options.clients, crate, cpu));
    log(`crate idle: ${runs.at(-1)?.requestsPerSec.toFixed(0)} req/s`);

    await emulator.resetCalls();
    const started = (await adminPost(crate.url, admin.cookie, "/api/admin/batch/start")) as {
      jobStarted: boolean;
    };
    if (!started.jobStarted) throw new Error("the hourly job did not start");
    const loadStart = Date.now();
    cpu = crate.cpuMs();
    const busyResult = await cannon(crate.url, clients, options.clients, options.durationSec);
    const loadEnd = Date.now();
    runs.push(loadRun("Crate, hourly job running", busyResult, options.clients, crate, cpu));
    log(`crate with the job: ${runs.at(-1)?.requestsPerSec.toFixed(0)} req/s`);

    const execution = await waitForJob(db, 30 * 60_000);
    const calls = await emulator.calls();
    const jobEnd = execution.end_time ?? Date.now();
    const overlap =
      Math.max(0, Math.min(jobEnd, loadEnd) - Math.max(execution.start_time, loadStart)) /
      Math.max(1, loadEnd - loadStart);
    const count = (sql: string, ...params: (string | number)[]) =>
      db.query<{ n: number }, (string | number)[]>(sql).get(...params)?.n ?? 0;
    const ids = all.map((u) => u.userId);
    const inUsers = `user_id IN (SELECT value FROM json_each('${JSON.stringify(ids)}'))`;
    const tokenCalls = calls.counts["POST /api/token"] ?? 0;
    const { log: _log, ...settings } = options;
    return {
      options: settings,
      setup: { signInMs, distributeMs },
      runs,
      job: {
        users: options.users,
        durationMs: jobEnd - execution.start_time,
        overlap,
        usersProcessed: execution.users_processed,
        usersSynced: count(
          `SELECT count(*) AS n FROM library_syncs WHERE ${inUsers} AND last_sync_at >= ?`,
          execution.start_time,
        ),
        usersWithAllLikes: count(
          `SELECT count(*) AS n FROM (SELECT user_id FROM likes WHERE ${inUsers} AND unliked_at IS NULL
           GROUP BY user_id HAVING count(*) = ?)`,
          options.likes + options.newLikes,
        ),
        hourlyDistributionsFinished: count(
          `SELECT count(*) AS n FROM distributions WHERE ${inUsers} AND trigger = 'hourly' AND status = 'finished'`,
        ),
        hourlyDistributionsFailed: count(
          `SELECT count(*) AS n FROM distributions WHERE ${inUsers} AND trigger = 'hourly' AND status = 'failed'`,
        ),
        webApiCalls: calls.total - tokenCalls,
        tokenCalls,
        status: execution.status,
      },
      peakRssMb: peak,
    };
  } finally {
    clearInterval(sampler);
    db.close();
    await hello.stop();
    await crate.stop();
    await emulator.stop();
  }
}

export interface ExecutionRow {
  start_time: number;
  end_time: number | null;
  status: string;
  users_processed: number;
}

export async function waitForJob(db: Database, timeoutMs: number): Promise<ExecutionRow> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = db
      .query<ExecutionRow, []>(
        "SELECT start_time, end_time, status, users_processed FROM batch_executions WHERE job = 'hourly-sync' ORDER BY start_time DESC LIMIT 1",
      )
      .get();
    if (row && row.status !== "running") return row;
    if (Date.now() > deadline) throw new Error("the hourly job did not finish in time");
    await Bun.sleep(200);
  }
}
