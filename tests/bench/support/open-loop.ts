// The parent side of the open-loop generator (open-loop-main.ts): start it, stop it, and sum up its answers.
import { quantile } from "./table.ts";

export interface OpenLoopRequest {
  path: string;
  cookie: string;
  /** index into the caller's list of request kinds (progress poll, preferences, a playlist's page) */
  kind: number;
}

export interface OpenLoopSettings {
  baseUrl: string;
  /** requests a second, offered whatever the answers */
  rate: number;
  /** sent round-robin */
  requests: OpenLoopRequest[];
  /** the longest it sends without a stop */
  durationMs: number;
  timeoutMs: number;
}

export interface OpenLoopResult {
  /** each answered request's scheduled moment, ms after the generator started */
  scheduledMs: number[];
  /** from its scheduled moment to the end of its answer */
  latencyMs: number[];
  kinds: number[];
  /** failed requests by status or error */
  failures: Record<string, number>;
  /** the latest the generator itself sent a request after its scheduled moment */
  sendLagMaxMs: number;
}

export interface OpenLoopSummary {
  requests: number;
  offeredPerSec: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  failed: number;
  failures: Record<string, number>;
  /** p99 per request kind */
  p99ByKind: number[];
  /** the longest run of time in which every request scheduled waited more than 100 ms (a stall) */
  longestStallMs: number;
  stalls: number;
  sendLagMaxMs: number;
}

export interface OpenLoopRun {
  /** resolves once the first request has gone out */
  started: Promise<void>;
  /** stops sending and answers every request's timing */
  stop(): Promise<OpenLoopResult>;
}

export function startOpenLoop(settings: OpenLoopSettings): OpenLoopRun {
  const child = Bun.spawn([process.execPath, `${import.meta.dir}/open-loop-main.ts`], {
    stdin: "pipe",
    stdout: "pipe",
    stderr: "inherit",
    env: { ...process.env, BUN_CONFIG_MAX_HTTP_REQUESTS: "1024" },
  });
  child.stdin.write(`${JSON.stringify(settings)}\n`);
  child.stdin.flush();
  const lines = (async function* () {
    const reader = child.stdout.getReader();
    let text = "";
    for (;;) {
      const end = text.indexOf("\n");
      if (end >= 0) {
        yield text.slice(0, end);
        text = text.slice(end + 1);
        continue;
      }
      const { value, done } = await reader.read();
      if (done) return;
      text += new TextDecoder().decode(value);
    }
  })();
  const started = lines.next().then((line) => {
    if (line.value !== "started") throw new Error(`the load generator did not start: ${line.value}`);
  });
  return {
    started,
    async stop() {
      await started;
      child.stdin.write("stop\n");
      child.stdin.flush();
      const line = await lines.next();
      await child.exited;
      if (typeof line.value !== "string") throw new Error("the load generator printed no result");
      return JSON.parse(line.value) as OpenLoopResult;
    },
  };
}

/** The figures of the requests scheduled between `fromMs` and `toMs` (generator time; all by default). */
export function summarise(
  result: OpenLoopResult,
  rate: number,
  kinds: number,
  fromMs = 0,
  toMs = Number.POSITIVE_INFINITY,
): OpenLoopSummary {
  const picked: number[] = [];
  for (let i = 0; i < result.scheduledMs.length; i++) {
    const at = result.scheduledMs[i] ?? 0;
    if (at >= fromMs && at <= toMs) picked.push(i);
  }
  const latencies = picked.map((i) => result.latencyMs[i] ?? 0);
  // Stalls: runs of consecutive scheduled requests (in schedule order) that each waited over 100 ms.
  const order = [...picked].sort((a, b) => (result.scheduledMs[a] ?? 0) - (result.scheduledMs[b] ?? 0));
  let longest = 0;
  let stalls = 0;
  let runStart: number | undefined;
  for (const i of order) {
    const at = result.scheduledMs[i] ?? 0;
    if ((result.latencyMs[i] ?? 0) > 100) {
      if (runStart === undefined) {
        runStart = at;
        stalls += 1;
      }
      longest = Math.max(longest, at - runStart + (result.latencyMs[i] ?? 0));
    } else runStart = undefined;
  }
  const failed = Object.values(result.failures).reduce((a, b) => a + b, 0);
  return {
    requests: picked.length,
    offeredPerSec: rate,
    p50Ms: quantile(latencies, 0.5),
    p99Ms: quantile(latencies, 0.99),
    maxMs: latencies.reduce((a, b) => Math.max(a, b), 0),
    failed,
    failures: result.failures,
    p99ByKind: Array.from({ length: kinds }, (_, kind) =>
      quantile(
        picked.filter((i) => result.kinds[i] === kind).map((i) => result.latencyMs[i] ?? 0),
        0.99,
      ),
    ),
    longestStallMs: longest,
    stalls,
    sendLagMaxMs: result.sendLagMaxMs,
  };
}
