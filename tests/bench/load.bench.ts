// Load benchmark: dist/crate (real mode, Spotify emulator in its own process) under autocannon — 200 signed-in
// clients polling their distribution's progress alone, then polling and reading their preferences, without and
// with the hourly job syncing 1,000 emulated users — next to the same autocannon run against a bare Bun.serve
// hello route. Its two figures are ratios within one run: the progress poll alone and the mixed load with the job,
// each against the hello route (targets ×0.30 and ×0.20, issue 14 item 7).
// `bun tests/bench/load.bench.ts` runs it alone; `bun run bench` runs it with the others.
import { limits } from "../../src/shared/limits.ts";
import { type LoadFigures, type LoadOptions, runLoadScenario } from "./support/load.ts";
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

/** Throughput against the bare hello route in the same run that the two headline figures must reach. */
export const loadTargets = { progressAlone: 0.3, mixedWithJob: 0.2 } as const;

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
  const targets: string[] = [];
  if (hello && poll) {
    const ratio = poll.requestsPerSec / hello.requestsPerSec;
    lines.push(
      "",
      `Progress poll alone / hello route: throughput ×${fixed(ratio, 3)} (target ×${loadTargets.progressAlone}), ` +
        `p50 ×${fixed(poll.p50Ms / Math.max(1, hello.p50Ms), 1)}, p99 ×${fixed(poll.p99Ms / Math.max(1, hello.p99Ms), 1)}`,
    );
    if (ratio < loadTargets.progressAlone) targets.push(`progress poll alone at ×${fixed(ratio, 3)}`);
  }
  if (hello && busy) {
    const ratio = busy.requestsPerSec / hello.requestsPerSec;
    if (ratio < loadTargets.mixedWithJob) targets.push(`mixed load with the job at ×${fixed(ratio, 3)}`);
  }
  if (hello && idle && busy) {
    lines.push(
      `Mixed load with the job / hello route: throughput ×${fixed(busy.requestsPerSec / hello.requestsPerSec, 3)} ` +
        `(target ×${loadTargets.mixedWithJob}), p50 ×${fixed(busy.p50Ms / Math.max(1, hello.p50Ms), 1)}, p99 ×${fixed(busy.p99Ms / Math.max(1, hello.p99Ms), 1)}` +
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
  lines.push(failed.length === 0 ? "No failed request; every user synced." : `MISSED: ${failed.join("; ")}`);
  lines.push(
    targets.length === 0
      ? `Load targets met (progress poll alone ≥ ×${loadTargets.progressAlone}, mixed load with the job ≥ ×${loadTargets.mixedWithJob} the hello route).`
      : `MISSED: ${targets.join("; ")}.`,
  );
  return lines.join("\n");
}

export async function report(): Promise<string> {
  return formatLoadFigures(
    await runLoadScenario({ ...loadBenchOptions, log: (line) => console.error(`  load: ${line}`) }),
  );
}

if (import.meta.main) console.log(await report());
