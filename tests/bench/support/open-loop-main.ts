// An open-loop load generator in its own process: requests go out at a fixed offered rate whatever the server
// does, and each one is timed from the moment it was scheduled, so a server that stalls is charged for every
// request that waited behind the stall (a closed loop, which asks again only once answered, would hide it).
// Reads one JSON line of settings on stdin, prints `started` once sending, sends until a `stop` line comes (or
// `durationMs` passes), waits for the answers still out, and prints one JSON line of results.
import type { OpenLoopResult, OpenLoopSettings } from "./open-loop.ts";

const reader = Bun.stdin.stream().getReader();
let buffered = "";
async function nextLine(): Promise<string | undefined> {
  for (;;) {
    const end = buffered.indexOf("\n");
    if (end >= 0) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 1);
      return line;
    }
    const { value, done } = await reader.read();
    if (done) return undefined;
    buffered += new TextDecoder().decode(value);
  }
}

const settings = JSON.parse((await nextLine()) ?? "{}") as OpenLoopSettings;
let stopping = false;
void nextLine().then(() => {
  stopping = true;
});

const scheduled: number[] = [];
const latency: number[] = [];
const kinds: number[] = [];
const failures: Record<string, number> = {};
let sendLagMax = 0;
const interval = 1000 / settings.rate;
const started = performance.now();
const out = new Set<Promise<void>>();

async function send(index: number, at: number): Promise<void> {
  const request = settings.requests[index % settings.requests.length];
  if (!request) return;
  let outcome = "ok";
  try {
    const res = await fetch(`${settings.baseUrl}${request.path}`, {
      headers: { cookie: request.cookie, "accept-encoding": "br, gzip" },
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    await res.arrayBuffer();
    if (res.status !== 200 && res.status !== 304) outcome = `status ${res.status}`;
  } catch (error) {
    outcome = error instanceof Error ? error.name : "error";
  }
  if (outcome !== "ok") failures[outcome] = (failures[outcome] ?? 0) + 1;
  scheduled.push(at - started);
  latency.push(performance.now() - at);
  kinds.push(request.kind);
}

console.log("started");
let sent = 0;
while (!stopping && performance.now() - started < settings.durationMs) {
  const now = performance.now();
  // every request whose time has come goes now, timed from its own scheduled moment
  while (started + sent * interval <= now) {
    const at = started + sent * interval;
    sendLagMax = Math.max(sendLagMax, now - at);
    const pending = send(sent, at).finally(() => out.delete(pending));
    out.add(pending);
    sent += 1;
  }
  await Bun.sleep(1);
}
await Promise.all(out);
const result: OpenLoopResult = {
  scheduledMs: scheduled,
  latencyMs: latency,
  kinds,
  failures,
  sendLagMaxMs: sendLagMax,
};
console.log(JSON.stringify(result));
process.exit(0);
