// A provider with an unpublished rate limit, on simulated time: every call takes a round trip, at most `limit`
// calls (refused ones included) in any rolling second, a 429 with Retry-After when over it. It counts what a
// client must not do: calls sent while a Retry-After wait it was told of still ran.
import type { VirtualTime } from "./virtual-time.ts";

export interface LimitedProviderStats {
  accepted: number;
  refused: number;
  /** calls sent after the client had read a 429 and before its Retry-After ended */
  violations: number;
  /** the most calls accepted in any rolling second */
  maxAcceptedPerSecond: number;
}

export function limitedProvider(
  time: VirtualTime,
  options: {
    limit: number;
    rttMs: number /** share of calls refused at random besides the limit */;
    injected?: number;
  },
) {
  let seed = 7;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const window: number[] = [];
  const acceptedWindow: number[] = [];
  const stats: LimitedProviderStats = { accepted: 0, refused: 0, violations: 0, maxAcceptedPerSecond: 0 };
  /** when the client read its latest 429, and until when it must wait */
  let told: { readAt: number; until: number } | null = null;
  /** Sends one call; answers its status and Retry-After (seconds) after the round trip. */
  async function call(): Promise<{ status: number; retryAfterSec?: number }> {
    const sentAt = time.now();
    if (told && sentAt > told.readAt && sentAt < told.until) stats.violations++;
    // half the round trip there, half back
    await time.sleep(options.rttMs / 2);
    const at = time.now();
    while (window.length > 0 && (window[0] as number) <= at - 1000) window.shift();
    while (acceptedWindow.length > 0 && (acceptedWindow[0] as number) <= at - 1000) acceptedWindow.shift();
    window.push(at);
    let answer: { status: number; retryAfterSec?: number };
    if (window.length > options.limit) {
      const oldest = window[window.length - options.limit] as number;
      answer = { status: 429, retryAfterSec: Math.max(1, Math.ceil((oldest + 1000 - at) / 1000)) };
      stats.refused++;
    } else if (options.injected && random() < options.injected) {
      answer = { status: 429, retryAfterSec: 1 };
      stats.refused++;
    } else {
      acceptedWindow.push(at);
      stats.accepted++;
      stats.maxAcceptedPerSecond = Math.max(stats.maxAcceptedPerSecond, acceptedWindow.length);
      answer = { status: 200 };
    }
    await time.sleep(options.rttMs / 2);
    if (answer.status === 429) {
      const readAt = time.now();
      const until = at + (answer.retryAfterSec ?? 1) * 1000;
      if (!told || until > told.until) told = { readAt, until };
    }
    return answer;
  }
  /** the same call as a fetch answer for the real transport, with `body` as the accepted answer's JSON */
  async function fetch(body: () => unknown = () => null): Promise<Response> {
    const answer = await call();
    return answer.status === 429
      ? new Response(JSON.stringify({ error: { status: 429, message: "API rate limit exceeded" } }), {
          status: 429,
          headers: { "Retry-After": String(answer.retryAfterSec) },
        })
      : new Response(JSON.stringify(body()), {
          status: 200,
          headers: { "Content-Type": "application/json" },
        });
  }
  return { call, fetch, stats };
}
