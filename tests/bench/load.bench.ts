// Load benchmark: dist/crate (real mode, Spotify emulator in its own process) under autocannon — 200 signed-in
// clients polling their distribution's progress and reading their preferences while the hourly job syncs 1,000
// emulated users — next to the same autocannon run against a bare Bun.serve hello route.
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
};

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
  const [hello, idle, busy] = f.runs;
  const lines = [
    `Load: ${o.clients} signed-in clients (GET /api/distributor/{id}/progress and GET /api/playlist-preferences, ` +
      `alternating) for ${o.durationSec} s each run, against dist/crate in real mode with the Spotify emulator in its ` +
      `own process; ${o.users} users with ${o.likes} likes and ${o.newLikes} new ones each.`,
    formatTable(header, rows),
  ];
  if (hello && idle && busy) {
    lines.push(
      "",
      `Crate with the job / hello route: throughput ×${fixed(busy.requestsPerSec / hello.requestsPerSec, 3)}, ` +
        `p50 ×${fixed(busy.p50Ms / Math.max(1, hello.p50Ms), 1)}, p99 ×${fixed(busy.p99Ms / Math.max(1, hello.p99Ms), 1)}` +
        ` (no job: throughput ×${fixed(idle.requestsPerSec / hello.requestsPerSec, 3)})`,
      `Each client here asks again as soon as it has an answer; ${o.clients} Playlists updated pages polling every ` +
        `${limits.progressPollMs} ms ask ${fixed((o.clients * 1000) / limits.progressPollMs)} req/s, ` +
        `${fixed(busy.requestsPerSec / ((o.clients * 1000) / limits.progressPollMs), 1)}× less than Crate served ` +
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
  return lines.join("\n");
}

export async function report(): Promise<string> {
  return formatLoadFigures(
    await runLoadScenario({ ...loadBenchOptions, log: (line) => console.error(`  load: ${line}`) }),
  );
}

if (import.meta.main) console.log(await report());
