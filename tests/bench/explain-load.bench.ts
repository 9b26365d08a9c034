// Health while a listener asks for whole-library reads in batches: /api/health probed every 5 ms by a monitor in
// another process while a 10,000-song premium listener sends one tRPC batch of 20 `explain.placement` calls (each
// reads and classifies the whole library), then batches of 20 `explain.songs` and of 20 `metadata.coverage`, and
// last the three batches at once (three tabs). Each batch answers one call and refuses the others (code 67)
// before they run. The providers run in a process of their own. Target: p99 under 100 ms. Beside it, the longest
// stretch the server's loop was held (CPU time), which the load of other processes on the machine does not inflate.
// `bun tests/bench/explain-load.bench.ts` runs it alone; `bun run bench` with the others.
import { join } from "node:path";
import { limits } from "../../src/shared/limits.ts";
import { apiClient } from "../integration/account/seed.ts";
import { startTestServer } from "../support/server.ts";
import { signIn } from "./support/crate-client.ts";
import { startEmulatorProcess } from "./support/emulator.ts";
import { fixed, quantile } from "./support/table.ts";

const SONGS = 10_000;
const LISTENER = "explain-10k";
const BATCH = limits.trpcMaxBatch;

/** The monitor: its probes' latencies (ms) from `since` (epoch ms) until `stop` is called. */
function startMonitor(url: string) {
  const probe = Bun.spawn(
    [process.execPath, join(import.meta.dir, "support", "health-probe.ts"), `${url}/api/health`, "5"],
    { stdin: "pipe", stdout: "pipe" },
  );
  return async (since: number): Promise<number[]> => {
    probe.stdin.end();
    const probes = JSON.parse(await new Response(probe.stdout).text()) as [number, number][];
    return probes.filter(([at]) => at >= since).map(([, ms]) => ms);
  };
}

/**
 * The longest the server's event loop was held, in CPU time of this process (the server runs in it): a timer
 * ticks every millisecond and each gap between ticks is charged the CPU used meanwhile. On a shared machine a
 * probe's wall time also counts the time other processes had the cores; this figure does not.
 */
function startLoopHoldWatch() {
  let last = process.cpuUsage();
  let longest = 0;
  const charge = () => {
    const now = process.cpuUsage();
    longest = Math.max(longest, (now.user - last.user + now.system - last.system) / 1000);
    last = now;
  };
  const timer = setInterval(charge, 1);
  return (): number => {
    clearInterval(timer);
    charge();
    return longest;
  };
}

/** One batched tRPC GET of `procedure` with each input; the errorCode of each answer (0: answered). */
async function batch(url: string, cookie: string, procedure: string, inputs: unknown[]): Promise<number[]> {
  const names = inputs.map(() => procedure).join(",");
  const input = encodeURIComponent(JSON.stringify(Object.fromEntries(inputs.map((v, i) => [i, v]))));
  const res = await fetch(`${url}/api/trpc/${names}?batch=1&input=${input}`, { headers: { cookie } });
  const answers = (await res.json()) as { result?: unknown; error?: { data?: { errorCode?: number } } }[];
  return answers.map((a) => (a.error ? (a.error.data?.errorCode ?? -1) : 0));
}

const summary = (codes: number[]) =>
  `${codes.filter((c) => c === 0).length} answered, ${codes.filter((c) => c === 67).length} refused (67)` +
  (codes.some((c) => c !== 0 && c !== 67) ? `, other ${codes.filter((c) => c !== 0 && c !== 67)}` : "");

export async function report(): Promise<string> {
  const emulator = await startEmulatorProcess();
  const server = await startTestServer(emulator.crateEnv);
  try {
    await emulator.createListeners([LISTENER], SONGS, "premium");
    const listener = await signIn(server.url, LISTENER);
    server.deps.db.$client
      .query("UPDATE users SET membership_level = 'PremiumYearly' WHERE id = ?")
      .run(listener.userId);
    const api = apiClient(server.url, listener.cookie);
    // The library read once (a first analysis), as for a listener who has used Crate before.
    await api("POST", "/api/distributor/analysis");
    await server.deps.work.idle(listener.userId);
    await api("POST", "/api/distributor/distribute-historically", { playlistPreferences: ["Rock", "2000s"] });
    await server.deps.work.idle(listener.userId);
    // the metadata lookups the first read started are done, so the figures are the reads' alone
    while (server.deps.metadataLookups.isLookingUp(listener.userId)) await Bun.sleep(100);
    const songs = server.deps.db.$client
      .query<{ id: string }, [string, number]>("SELECT track_id AS id FROM likes WHERE user_id = ? LIMIT ?")
      .all(listener.userId, BATCH)
      .map((r) => ({ trackId: r.id }));
    const lines = [
      `Health during batched whole-library reads (${SONGS} songs, premium), batches of ${BATCH}:`,
    ];
    let worst = 0;
    const scenarios: [string, () => Promise<number[][]>][] = [
      [
        "explain.placement",
        async () => [await batch(server.url, listener.cookie, "explain.placement", songs)],
      ],
      [
        "explain.songs",
        async () => [
          await batch(
            server.url,
            listener.cookie,
            "explain.songs",
            songs.map(() => ({ name: "Rock" })),
          ),
        ],
      ],
      [
        "metadata.coverage",
        async () => [
          await batch(
            server.url,
            listener.cookie,
            "metadata.coverage",
            songs.map(() => undefined),
          ),
        ],
      ],
      [
        "the three at once",
        () =>
          Promise.all([
            batch(server.url, listener.cookie, "explain.placement", songs),
            batch(
              server.url,
              listener.cookie,
              "explain.songs",
              songs.map(() => ({ name: "Rock" })),
            ),
            batch(
              server.url,
              listener.cookie,
              "metadata.coverage",
              songs.map(() => undefined),
            ),
          ]),
      ],
    ];
    for (const [label, run] of scenarios) {
      const stopMonitor = startMonitor(server.url);
      await Bun.sleep(300);
      const startedAt = Date.now();
      const started = performance.now();
      const stopHoldWatch = startLoopHoldWatch();
      const codes = await run();
      const ms = performance.now() - started;
      const held = stopHoldWatch();
      await Bun.sleep(50);
      const latencies = await stopMonitor(startedAt);
      const p99 = quantile(latencies, 0.99);
      worst = Math.max(worst, p99);
      lines.push(
        `  ${label}: ${fixed(ms)} ms, ${latencies.length} probes, health p50 ${fixed(quantile(latencies, 0.5), 1)} ms, ` +
          `p99 ${fixed(p99, 1)} ms, max ${fixed(Math.max(...latencies), 1)} ms; loop held at most ${fixed(held, 1)} ms CPU; ` +
          codes.map(summary).join(" / "),
      );
    }
    if (!(worst < 100)) lines.push(`MISSED: health p99 ${fixed(worst, 1)} ms (target < 100 ms)`);
    return lines.join("\n");
  } finally {
    await server.dispose();
    await emulator.stop();
  }
}

if (import.meta.main) console.log(await report());
