// Load benchmark, two parts against Crate's compiled binary in real mode (Spotify emulator in its own process).
// 1. The figure a listener feels (issue 48): a fixed offered load of 2,000 requests a second from 500 signed-in
//    listeners (progress polls, preferences reads, a playlist's page), sent open-loop and timed from each
//    scheduled send, while the hourly job syncs 1,000 listeners: API p99 at most 50 ms with no failed request, and
//    the job within 1.5× its time without the load. Measured for the code before (`LOAD_BEFORE`, a git ref, by
//    default ffb9448, before the single request path; `none` skips it) and for this checkout, in the same run.
// 2. The saturation ratio, printed with no target: 200 clients asking again as soon as answered (autocannon),
//    progress polls alone, then with preferences reads, without and with the job, against a bare Bun.serve hello.
// `bun tests/bench/load.bench.ts` runs it alone; `bun run bench` runs it with the others. LOAD_RATE, LOAD_USERS and
// LOAD_LISTENERS shrink part 1 for a trial on a busy machine (the header says so); the figure is at the defaults.
import { limits } from "../../src/shared/limits.ts";
import { type FixedRateFigures, pageReads, runFixedRate } from "./support/fixed-rate.ts";
import { type LoadFigures, type LoadOptions, runLoadScenario } from "./support/load.ts";
import { binaryPath, compileBinary, compileBinaryAt } from "./support/processes.ts";
import { fixed, formatTable } from "./support/table.ts";

export const loadBenchOptions: LoadOptions = {
  users: 1_000,
  clients: 200,
  likes: 30,
  newLikes: 5,
  durationSec: 15,
  compile: true,
  progressAlone: true,
};

/** The fixed offered load of part 1 and its targets. */
export const fixedRateOptions = {
  users: 1_000,
  listeners: 500,
  likes: 30,
  newLikes: 5,
  rate: 2_000,
  aloneMs: 15_000,
  /**
   * of each listener's 40 reads in turn (10 s at 4 a second): 30 progress polls, 9 preferences reads and one
   * playlist's page. A page opened reads its playlist's snapshot from Spotify (issue 47), so a page every second
   * from each of 500 listeners would be 500 Web API calls a second, far past any app's quota; one every 10 s is 50.
   */
  mix: [30, 9, 1],
} as const;
export const fixedRateTargets = { p99Ms: 50, jobSlowdown: 1.5 } as const;

export function formatLoadFigures(f: LoadFigures): string {
  const o = f.options;
  const header = [
    "run",
    "conns",
    "s",
    "requests",
    "req/s",
    "p50 ms",
    "p99 ms",
    "max ms",
    "failed",
    "CPU ms/req",
  ];
  const rows = f.runs.map((r) => [
    r.label,
    String(r.connections),
    fixed(r.durationSec, 1),
    String(r.requests),
    fixed(r.requestsPerSec),
    fixed(r.p50Ms),
    fixed(r.p99Ms),
    fixed(r.maxMs),
    String(r.failed),
    fixed(r.cpuMsPerRequest, 3),
  ]);
  const run = (label: string) => f.runs.find((r) => r.label === label);
  const hello = run("bare Bun.serve hello route");
  const poll = run("Crate, progress polls alone");
  const idle = run("Crate, no job running");
  const busy = run("Crate, hourly job running");
  const lines = [
    `Load: ${o.clients} signed-in clients (GET /api/distributor/{id}/progress alone, then alternating with ` +
      `GET /api/playlist-preferences) for ${o.durationSec} s each run, against dist/crate in real mode with the Spotify emulator in its ` +
      `own process; ${o.users} users with ${o.likes} likes and ${o.newLikes} new ones each.`,
    formatTable(header, rows),
  ];
  if (hello && poll) {
    const ratio = poll.requestsPerSec / hello.requestsPerSec;
    lines.push(
      "",
      `Progress poll alone / hello route: throughput ×${fixed(ratio, 3)}, ` +
        `p50 ×${fixed(poll.p50Ms / Math.max(1, hello.p50Ms), 1)}, p99 ×${fixed(poll.p99Ms / Math.max(1, hello.p99Ms), 1)}`,
    );
  }
  if (hello && idle && busy) {
    lines.push(
      `Mixed load with the job / hello route: throughput ×${fixed(busy.requestsPerSec / hello.requestsPerSec, 3)} ` +
        `p50 ×${fixed(busy.p50Ms / Math.max(1, hello.p50Ms), 1)}, p99 ×${fixed(busy.p99Ms / Math.max(1, hello.p99Ms), 1)}` +
        ` (no job: throughput ×${fixed(idle.requestsPerSec / hello.requestsPerSec, 3)})`,
      `Each client here asks again as soon as it has an answer; ${o.clients} Playlists updated pages polling every ` +
        `${limits.progressPollMs} ms ask ${fixed((o.clients * 1000) / limits.progressPollMs)} req/s, ` +
        `and Crate served ×${fixed(busy.requestsPerSec / ((o.clients * 1000) / limits.progressPollMs), 2)} that ` +
        "with the job running.",
    );
  }
  const j = f.job;
  lines.push(
    `Hourly job (POST /api/admin/batch/start): ${j.users} users in ${fixed(j.durationMs / 1000, 1)} s, running during ` +
      `${fixed(j.overlap * 100)}% of the loaded run; status ${j.status}, ${j.usersProcessed} processed (with the admin), ` +
      `${j.usersSynced}/${j.users} synced, ${j.usersWithAllLikes}/${j.users} with every like stored, hourly distributions ` +
      `${j.hourlyDistributionsFinished} finished / ${j.hourlyDistributionsFailed} failed; ${j.webApiCalls} Web API calls ` +
      `(${fixed(j.webApiCalls / j.users, 2)} a user), ${j.tokenCalls} token refreshes.`,
    `Setup: ${o.users} sign-ins in ${fixed(f.setup.signInMs / 1000, 1)} s, their first distributions in ` +
      `${fixed(f.setup.distributeMs / 1000, 1)} s. Server peak RSS ${fixed(f.peakRssMb)} MB.`,
  );
  const failed = f.runs.filter((r) => r.failed > 0).map((r) => `${r.label}: ${r.failed} failed requests`);
  if (j.usersSynced !== j.users) failed.push(`only ${j.usersSynced} of ${j.users} users synced`);
  lines.push(
    failed.length === 0
      ? "No failed request; every user synced. (Saturation: no target.)"
      : `MISSED: ${failed.join("; ")}`,
  );
  return lines.join("\n");
}

const sumCounts = (...counts: Record<string, number>[]) => {
  const sum: Record<string, number> = {};
  for (const count of counts) for (const [key, n] of Object.entries(count)) sum[key] = (sum[key] ?? 0) + n;
  return sum;
};

export interface FixedRateRun {
  build: string;
  figures: FixedRateFigures;
}

export function formatFixedRate(runs: readonly FixedRateRun[], o: FixedRateSettings): string {
  const header = [
    "build",
    "run",
    "requests",
    "p50 ms",
    "p99 ms",
    "max ms",
    "failed",
    "stalls",
    "longest stall ms",
    `p99 ms by kind (${pageReads.join(", ")})`,
  ];
  const rows = runs.flatMap(({ build, figures }) =>
    (
      [
        ["load alone", figures.alone],
        ["with the job", figures.withJob],
      ] as const
    ).map(([label, s]) => [
      build,
      label,
      String(s.requests),
      fixed(s.p50Ms),
      fixed(s.p99Ms),
      fixed(s.maxMs),
      String(s.failed),
      String(s.stalls),
      fixed(s.longestStallMs),
      s.p99ByKind.map((p) => fixed(p)).join(" / "),
    ]),
  );
  const lines = [
    `Fixed load: ${o.rate} requests a second offered open-loop (timed from each scheduled send) by ${o.listeners} ` +
      `signed-in listeners, reads ${o.mix.join(":")} of ${pageReads.join(", ")}, while the hourly job syncs ` +
      `${o.users} listeners (${o.likes} likes, ${o.newLikes} new each run). A stall: consecutive requests each ` +
      "waiting over 100 ms.",
    formatTable(header, rows),
  ];
  const missed: string[] = [];
  for (const { build, figures: f } of runs) {
    const slowdown = f.jobLoadedMs / Math.max(1, f.jobAloneMs);
    const failed = f.alone.failed + f.withJob.failed;
    lines.push(
      `${build}: the job ${fixed(f.jobAloneMs / 1000, 1)} s alone, ${fixed(f.jobLoadedMs / 1000, 1)} s under the ` +
        `load (×${fixed(slowdown, 2)}; ${f.jobUsers.alone} and ${f.jobUsers.loaded} listeners); API p99 with the job ` +
        `${fixed(f.withJob.p99Ms)} ms; ${failed} failed (${JSON.stringify(sumCounts(f.alone.failures, f.withJob.failures))}); ` +
        `load generator late by up to ${fixed(f.withJob.sendLagMaxMs)} ms; server peak RSS ${fixed(f.peakRssMb)} MB.`,
    );
    if (build !== "this checkout") continue;
    if (f.withJob.p99Ms > fixedRateTargets.p99Ms) missed.push(`p99 ${fixed(f.withJob.p99Ms)} ms`);
    if (failed > 0) missed.push(`${failed} failed requests`);
    if (slowdown > fixedRateTargets.jobSlowdown) missed.push(`the job ×${fixed(slowdown, 2)} under the load`);
  }
  const trial = o.rate !== fixedRateOptions.rate || o.users !== fixedRateOptions.users;
  lines.push(
    (missed.length === 0
      ? `Fixed-load targets met (p99 ≤ ${fixedRateTargets.p99Ms} ms, no failed request, the job ≤ ×${fixedRateTargets.jobSlowdown}).`
      : `MISSED: ${missed.join("; ")}.`) + (trial ? " (A trial below the figure's load.)" : ""),
  );
  return lines.join("\n");
}

type FixedRateSettings = Omit<typeof fixedRateOptions, "rate" | "users" | "listeners"> & {
  rate: number;
  users: number;
  listeners: number;
};

function fixedRateSettings(): FixedRateSettings {
  const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback) || fallback;
  return {
    ...fixedRateOptions,
    rate: env("LOAD_RATE", fixedRateOptions.rate),
    users: env("LOAD_USERS", fixedRateOptions.users),
    listeners: env("LOAD_LISTENERS", fixedRateOptions.listeners),
  };
}

/** Part 1 for the build before (if any) and this checkout's, one after the other on the same machine. */
export async function fixedRateReport(log: (line: string) => void): Promise<string> {
  const settings = fixedRateSettings();
  const before = process.env.LOAD_BEFORE ?? "ffb9448";
  const builds: { build: string; command: string[] }[] = [];
  if (before !== "none") {
    builds.push({ build: `before (${before})`, command: [compileBinaryAt(before)] });
    log(`compiled the binary at ${before}`);
  }
  compileBinary();
  builds.push({ build: "this checkout", command: [binaryPath] });
  const runs: FixedRateRun[] = [];
  for (const { build, command } of builds) {
    const figures = await runFixedRate({ ...settings, command, log: (line) => log(`${build}: ${line}`) });
    runs.push({ build, figures });
  }
  return formatFixedRate(runs, settings);
}

export async function report(): Promise<string> {
  const log = (line: string) => console.error(`  load: ${line}`);
  const fixedLoad = await fixedRateReport(log);
  // the saturation runs use the binary fixedRateReport built from this checkout
  const saturation = formatLoadFigures(await runLoadScenario({ ...loadBenchOptions, compile: false, log }));
  return `${fixedLoad}\n\n${saturation}`;
}

if (import.meta.main) console.log(await report());
