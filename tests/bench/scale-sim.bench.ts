// The hourly job's pace on simulated time (issue 15): users an hour one process keeps with a 100 ms round trip
// and an assumed limit of 100 calls a second, refused calls, starvation, an interactive distribution during the job,
// and the run at 100,000 users. `bun tests/bench/scale-sim.bench.ts [users...]` runs it alone.
import { runScaleSimulation, type SimFigures } from "./support/scale-sim.ts";
import { fixed, formatTable } from "./support/table.ts";

export const SIM_USERS = [10_000, 100_000];
const LIMIT = 100;
const RTT_MS = 100;
/** accepted Web API calls a user in the 10,000-user mix of scale.bench.ts (10% liking 3 new songs) */
export const MIX_CALLS_PER_USER = 1.41;

const perHour = (users: number, ms: number) => (users * 3_600_000) / ms;

function row(f: SimFigures): string[] {
  const accepted = f.provider.accepted;
  return [
    String(f.options.users),
    String(f.options.limitPerSec),
    String(f.options.rttMs),
    fixed(f.runMs / 1000, 1),
    String(f.usersSynced),
    String(f.failures),
    fixed(perHour(f.usersSynced, f.runMs)),
    fixed((accepted / (f.runMs / 1000) / f.options.limitPerSec) * 100, 1),
    `${f.provider.refused} (${fixed((f.provider.refused / accepted) * 100, 2)}%)`,
    String(f.provider.violations),
    `${fixed(f.doneAt.p50 / 1000)}/${fixed(f.doneAt.max / 1000)}`,
    f.interactive
      ? `${fixed(f.interactive.aloneMs)}/${fixed(f.interactive.duringMs)} (×${fixed(f.interactive.duringMs / f.interactive.aloneMs, 2)})`
      : "-",
    fixed(f.pacer.rate, 1),
    fixed(f.cpuMs / f.options.users, 2),
    fixed(f.peakRssMb),
    fixed(f.dbBytesPerUser / 1024, 2),
    fixed(f.realMs / 1000, 1),
  ];
}

export function formatSimFigures(all: SimFigures[]): string {
  const header = [
    "users",
    "limit/s",
    "RTT ms",
    "run s (sim)",
    "synced",
    "failed",
    "users/hour",
    "limit used %",
    "refused (of accepted)",
    "Retry-After broken",
    "done at p50/max s",
    "interactive alone/during ms",
    "learned rate/s",
    "CPU ms/user",
    "peak MB",
    "DB KiB/user",
    "real s",
  ];
  const lines = [
    `Hourly job on simulated time: idle users (one Web API call and one token refresh each, ${RTT_MS} ms round trip ` +
      `on both), an unpublished limit of ${LIMIT} calls per rolling second that answers 429 with Retry-After, the ` +
      "real job, transport, pacer and SQLite file; an interactive distribution (100 calls, 4 at a time) starts a " +
      "minute into the run.",
    formatTable(header, all.map(row)),
  ];
  const problems: string[] = [];
  for (const f of all) {
    const usedShare = f.provider.accepted / (f.runMs / 1000) / f.options.limitPerSec;
    const mix = (usedShare * f.options.limitPerSec * 3600) / MIX_CALLS_PER_USER;
    lines.push(
      `${f.options.users} users: ${fixed(perHour(f.usersSynced, f.runMs))} idle users/hour; at ${MIX_CALLS_PER_USER} ` +
        `calls a user (the measured mix) the same pace keeps ${fixed(mix)} users/hour`,
    );
    if (mix < 200_000) problems.push(`${f.options.users}: ${fixed(mix)} users/hour with the mix`);
    if (f.provider.refused / f.provider.accepted >= 0.02) problems.push(`${f.options.users}: refused ≥ 2%`);
    if (f.provider.violations > 0) problems.push(`${f.options.users}: Retry-After broken`);
    if (f.usersSynced !== f.options.users || f.doneAt.max > 3_600_000)
      problems.push(`${f.options.users}: not every user done within the hour`);
    if (f.interactive && f.interactive.duringMs > 2 * f.interactive.aloneMs)
      problems.push(`${f.options.users}: interactive slowed more than 2×`);
  }
  lines.push(problems.length === 0 ? "All pacing targets met." : `MISSED: ${problems.join("; ")}`);
  return lines.join("\n");
}

export async function report(users: number[] = SIM_USERS): Promise<string> {
  const all: SimFigures[] = [];
  for (const n of users) {
    all.push(
      await runScaleSimulation({
        users: n,
        likes: 20,
        limitPerSec: LIMIT,
        rttMs: RTT_MS,
        interactive: { atMs: 60_000, calls: 100 },
        log: (line) => console.error(`  scale-sim: ${line}`),
      }),
    );
  }
  return formatSimFigures(all);
}

if (import.meta.main) {
  const users = process.argv
    .slice(2)
    .map(Number)
    .filter((n) => n > 0);
  console.log(await report(users.length > 0 ? users : SIM_USERS));
}
