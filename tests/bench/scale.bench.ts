// Scale benchmark: 10,000 emulated users signed in through the real flow, synced by the hourly job while the
// emulator enforces a per-app rate limit. Reports time to sync everyone, calls per user, fairness, memory, and how
// many users one process keeps within the hourly promise.
// `bun tests/bench/scale.bench.ts [users] [limit/s]` runs it alone; `bun run bench` runs it with the others.
import { runScaleScenario, type ScaleFigures, type ScaleOptions, type ScaleRun } from "./support/scale.ts";
import { fixed, formatTable } from "./support/table.ts";

/**
 * Spotify does not publish its per-app limit (it counts calls in a rolling 30 s window and it differs between
 * development and extended quota mode). The benchmark assumes 100 calls a second (3,000 per 30 s) for the run and
 * states the capacity for other limits too, since a provider-bound sync scales linearly with the limit.
 */
export const ASSUMED_LIMIT_PER_SEC = 100;

export const scaleBenchOptions: ScaleOptions = {
  users: 10_000,
  likes: 20,
  rateLimitPerSec: ASSUMED_LIMIT_PER_SEC,
  usersWithNewLikes: 1_000,
  newLikes: 3,
  unlimitedRun: true,
  // the job's own (adaptive) and the fixed 4 users at a time it had before, for comparison
  latencyRuns: { ms: 100, sampleUsers: 2_000, concurrencies: [null, 4] },
};

const assumedLimits = [10, 50, 100, 300];

const sec = (ms: number) => fixed(ms / 1000, 1);

function runRow(r: ScaleRun): string[] {
  return [
    r.label,
    r.rateLimitPerSec === null ? "none" : String(r.rateLimitPerSec),
    String(r.latencyMs),
    String(r.concurrency),
    String(r.users),
    sec(r.wallMs),
    `${r.usersSynced}`,
    String(r.outcome.failures),
    fixed(r.acceptedPerUser, 2),
    String(r.rateLimited),
    String(r.tokenCalls),
    fixed(r.acceptedPerSec),
    fixed(r.cpuMs / r.users, 2),
    fixed(r.peakRssMb),
    `${sec(r.finishedAt.p50)}/${sec(r.finishedAt.p99)}/${sec(r.finishedAt.max)}`,
    `${fixed(r.turnaround.p50)}/${fixed(r.turnaround.p99)}/${fixed(r.turnaround.max)}`,
  ];
}

const perHour = (users: number, ms: number) => (users * 3_600_000) / ms;

/** Users per hour one process keeps synced, by what could bound it, and which bound comes first. */
function capacity(f: ScaleFigures, unlimited: ScaleRun, slow: ScaleRun[], mixed: ScaleRun): string[] {
  const o = f.options;
  const efficiency = mixed.acceptedPerSec / f.rateLimitPerSec;
  const providerAt = (limit: number) => (limit * efficiency * 3600) / mixed.acceptedPerUser;
  const cpuPerUser = mixed.cpuMs / mixed.users;
  const unlimitedIdle = perHour(unlimited.users, unlimited.wallMs);
  // a process cannot sync faster than its CPU time per user allows (the job and SQLite share one thread)
  const cpuBound = Math.min(unlimitedIdle, 3_600_000 / cpuPerUser);
  // with a round trip, a user's calls are mostly sequential: the mix costs (calls + refresh) / (1 + 1) of idle
  const mixFactor = 2 / (mixed.acceptedPerUser + 1);
  const bounds: { name: string; users: number }[] = [
    {
      name: `the provider's limit (assumed ${f.rateLimitPerSec} calls/s)`,
      users: providerAt(f.rateLimitPerSec),
    },
    { name: "CPU and SQLite in the process", users: cpuBound },
  ];
  const lines = [
    `Users one process keeps within the hourly promise (every user synced once an hour), with ` +
      `${fixed((o.usersWithNewLikes / o.users) * 100)}% of users liking ${o.newLikes} new songs each hour ` +
      `(${fixed(mixed.acceptedPerUser, 2)} accepted Web API calls and one token refresh a user):`,
    `  measured at ${f.rateLimitPerSec} calls/s: ${fixed(perHour(mixed.users, mixed.wallMs))} users/hour ` +
      `(${fixed(efficiency * 100)}% of the limit used: the pacer learns the limit from 429s and paces every call)`,
    ...assumedLimits.map(
      (limit) =>
        `  provider limit ${limit} calls/s (${limit * 30} per 30 s): ${fixed(providerAt(limit))} users/hour`,
    ),
    `  CPU and SQLite: ${fixed(cpuBound)} users/hour (an idle run with no limit and no round trip syncs ` +
      `${fixed(unlimitedIdle)} users/hour; CPU a user ${fixed(unlimited.cpuMs / unlimited.users, 2)} ms idle, ` +
      `${fixed(cpuPerUser, 2)} ms in the mix: one core allows ${fixed(3_600_000 / cpuPerUser)} users/hour)`,
  ];
  for (const run of slow) {
    const idleRate = perHour(run.users, run.wallMs);
    lines.push(
      `  ${run.latencyMs} ms round trip on every provider call, ${run.concurrency === "adaptive" ? "adaptive users at a time" : `${run.concurrency} users at a time (fixed)`}: ` +
        `${fixed(idleRate)} users/hour idle, about ${fixed(idleRate * mixFactor)} with the mix`,
    );
    if (run.concurrency === "adaptive") {
      bounds.push({
        name: `the job's adaptive concurrency with a ${run.latencyMs} ms round trip (no limit)`,
        users: idleRate * mixFactor,
      });
    }
  }
  const first = bounds.reduce((a, b) => (b.users < a.users ? b : a));
  lines.push(
    `Bound: ${first.name}, at about ${fixed(first.users)} users/hour; ` +
      bounds
        .filter((b) => b !== first)
        .map((b) => `${b.name} would allow ${fixed(b.users)}`)
        .join("; ") +
      ".",
  );
  return lines;
}

export function formatScaleFigures(f: ScaleFigures): string {
  const o = f.options;
  const header = [
    "run",
    "limit/s",
    "RTT ms",
    "at once",
    "users",
    "wall s",
    "synced",
    "failed",
    "calls/user",
    "429s",
    "tokens",
    "calls/s",
    "CPU ms/user",
    "peak MB",
    "done at p50/p99/max s",
    "turn p50/p99/max ms",
  ];
  const lines = [
    `Scale: ${o.users} users with ${o.likes} likes, signed in through the real flow (${sec(f.setup.signInMs)} s); ` +
      `${o.usersWithNewLikes} of them chose 6 playlists (first distributions ${sec(f.setup.distributeMs)} s). Crate in ` +
      "this process, the emulator in its own; tokens expired before each run (an hour later), so each user's turn " +
      "starts with a refresh. calls/user counts accepted Web API calls; 429s are the refused ones on top; tokens are " +
      "refreshes at the accounts service. 'at once' is how many users the job works on at a time (the round-trip " +
      "runs cover a sample of the users). 'done at' is when a user's work finished from the start of the run; " +
      "'turn' is the time from the user's turn to its last write.",
    formatTable(header, f.runs.map(runRow)),
  ];
  const unlimited = f.runs.find(
    (r) => r.rateLimitPerSec === null && r.latencyMs === 0 && r.label.startsWith("nothing new"),
  );
  const slow = f.runs.filter((r) => r.latencyMs > 0);
  const idle = f.runs.find((r) => r.rateLimitPerSec !== null && r.label.startsWith("nothing new"));
  const mixed = f.runs.at(-1);
  if (unlimited && idle && mixed) lines.push("", ...capacity(f, unlimited, slow, mixed));
  const problems = f.runs.flatMap((r) => [
    ...(r.usersSynced !== r.users ? [`${r.label}: ${r.users - r.usersSynced} users not synced`] : []),
    ...(r.outcome.failures > 0 ? [`${r.label}: ${r.outcome.failures} users failed`] : []),
  ]);
  const d = mixed?.distributed;
  if (
    d &&
    (d.failed > 0 || d.finished !== o.usersWithNewLikes || d.usersWithAllLikes !== o.usersWithNewLikes)
  ) {
    problems.push(
      `new likes: ${d.finished} hourly distributions finished, ${d.failed} failed, ${d.usersWithAllLikes} users with every like`,
    );
  }
  if (idle && idle.acceptedPerUser !== 1)
    problems.push(`an idle sync used ${idle.acceptedPerUser} calls a user`);
  lines.push(`Database: ${fixed(f.dbBytesPerUser / 1024, 2)} KiB a user after the runs.`);
  lines.push(
    problems.length === 0
      ? `Every user synced in every run, none failed; an idle sync costs one Web API call a user${
          d ? `; ${d.finished} hourly distributions added ${d.songsAdded} songs` : ""
        }.`
      : `MISSED: ${problems.join("; ")}`,
  );
  return lines.join("\n");
}

export async function report(options: Partial<ScaleOptions> = {}): Promise<string> {
  return formatScaleFigures(
    await runScaleScenario({
      ...scaleBenchOptions,
      ...options,
      log: (line) => console.error(`  scale: ${line}`),
    }),
  );
}

if (import.meta.main) {
  const [users, limit] = process.argv.slice(2).map(Number);
  console.log(
    await report({
      ...(users
        ? {
            users,
            usersWithNewLikes: Math.ceil(users / 10),
            latencyRuns: { ms: 100, sampleUsers: Math.ceil(users / 5), concurrencies: [null, 4] },
          }
        : {}),
      ...(limit ? { rateLimitPerSec: limit } : {}),
    }),
  );
}
