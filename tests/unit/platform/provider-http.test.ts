// The provider core every client stands on: one backoff, a retry loop judged by the provider's policy, timeouts,
// lenient JSON, the call observer and counts, and the pacing strategies.
import { describe, expect, test } from "bun:test";
import { pausePacing, SpacedPacing, windowPacing } from "../../../src/server/platform/pacing.ts";
import {
  type AttemptInfo,
  backoffMs,
  type FetchLike,
  type Pacing,
  ProviderHttp,
  type ProviderRequest,
  type RetryPolicy,
  type Verdict,
} from "../../../src/server/platform/provider-http.ts";

/** Time that moves only when the code under test sleeps. */
function fakeTime() {
  let t = 1_000_000;
  const sleeps: number[] = [];
  return {
    now: () => t,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      t += ms;
    },
    sleeps,
  };
}

const noPace: Pacing = { turn: async () => () => undefined, pausedFor: () => 0, settled: () => undefined };

function scripted(...answers: (() => Response | Promise<Response>)[]) {
  const sent: string[] = [];
  const fetch: FetchLike = async (url) => {
    sent.push(url);
    const next = answers.shift();
    if (!next) throw new Error("no answer scripted");
    return next();
  };
  return { fetch, sent };
}

const request: ProviderRequest = { method: "GET", url: "http://provider.test/x", endpoint: "GET /x" };

/** 429 → rate-limited (its Retry-After), 5xx and failures → failed, the rest done. */
const judge = (outcome: Parameters<RetryPolicy["judge"]>[0]): Verdict => {
  if (outcome.kind === "failed") return { kind: "failed" };
  const { status, headers } = outcome.answer;
  const retryAfter = headers.get("retry-after");
  if (status === 429)
    return { kind: "rate-limited", retryAfterMs: retryAfter ? Number(retryAfter) * 1000 : undefined };
  return status >= 500 ? { kind: "failed" } : { kind: "done" };
};

const backoff = { baseMs: 100, maxMs: 1000 };

describe("one backoff", () => {
  test("grows from the base to the cap, half of it fixed and half random", () => {
    expect(backoffMs(1, backoff, () => 0)).toBe(50);
    expect(backoffMs(1, backoff, () => 1)).toBe(100);
    expect(backoffMs(3, backoff, () => 1)).toBe(400);
    expect(backoffMs(10, backoff, () => 0)).toBe(500);
    expect(backoffMs(10, backoff, () => 1)).toBe(1000);
  });
});

describe("the retry loop", () => {
  test("5xx answers are retried with the backoff until one is done; every attempt is counted and observed", async () => {
    const time = fakeTime();
    const { fetch, sent } = scripted(
      () => new Response("<html>down</html>", { status: 502 }),
      () => new Response("", { status: 503 }),
      () => Response.json({ ok: true }),
    );
    const seen: AttemptInfo<ProviderRequest>[] = [];
    const http = new ProviderHttp({
      pacing: noPace,
      fetch,
      timeoutMs: 1000,
      ...time,
      random: () => 1,
      onCall: (i) => seen.push(i),
    });
    const settled = await http.send(request, { judge, backoff, maxFailures: 4 });
    expect(settled.gaveUp).toBe(false);
    expect(settled.outcome.kind === "response" && settled.outcome.answer.json).toEqual({ ok: true });
    expect(time.sleeps).toEqual([100, 200]);
    expect(sent).toHaveLength(3);
    expect(http.callCounts()).toEqual({ "GET /x": 3 });
    expect(seen.map((s) => [s.status, s.verdict.kind])).toEqual([
      [502, "failed"],
      [503, "failed"],
      [200, "done"],
    ]);
  });

  test("past the failure limit it gives up with the last answer; an HTML error page reads as no body", async () => {
    const time = fakeTime();
    const { fetch, sent } = scripted(
      ...Array.from({ length: 5 }, () => () => new Response("<html>", { status: 500 })),
    );
    const http = new ProviderHttp({ pacing: noPace, fetch, timeoutMs: 1000, ...time });
    const settled = await http.send(request, { judge, backoff, maxFailures: 3 });
    expect(settled.gaveUp).toBe(true);
    expect(settled.retries).toBe(3);
    expect(settled.outcome.kind === "response" && settled.outcome.answer).toMatchObject({
      status: 500,
      json: undefined,
    });
    expect(sent).toHaveLength(3);
    // no wait after the last attempt
    expect(time.sleeps).toHaveLength(2);
  });

  test("a write whose outcome is unknown is not sent twice", async () => {
    const { fetch, sent } = scripted(
      () => new Response("", { status: 503 }),
      () => Response.json({}),
    );
    const http = new ProviderHttp({ pacing: noPace, fetch, timeoutMs: 1000, ...fakeTime() });
    const settled = await http.send(
      { ...request, retryUnknownOutcome: false },
      { judge, backoff, maxFailures: 4 },
    );
    expect(settled.gaveUp).toBe(true);
    expect(sent).toHaveLength(1);
  });

  test("a hung request times out, is observed as a timeout and retried", async () => {
    const hung: FetchLike = (_url, init) =>
      new Promise((_resolve, reject) =>
        init.signal?.addEventListener("abort", () => reject(init.signal?.reason)),
      );
    const statuses: AttemptInfo<ProviderRequest>["status"][] = [];
    const http = new ProviderHttp({
      pacing: noPace,
      fetch: hung,
      timeoutMs: 20,
      sleep: async () => undefined,
      onCall: (i) => statuses.push(i.status),
    });
    const settled = await http.send(request, { judge, backoff, maxFailures: 2 });
    expect(settled.outcome).toMatchObject({ kind: "failed", failure: "timeout" });
    expect(statuses).toEqual(["timeout", "timeout"]);
  });

  test("failed and rate-limited attempts share one limit when the policy sets it", async () => {
    const { fetch, sent } = scripted(
      () => new Response("", { status: 500 }),
      () => new Response("", { status: 429, headers: { "retry-after": "1" } }),
      () => new Response("", { status: 500 }),
      () => Response.json({}),
    );
    const http = new ProviderHttp({ pacing: noPace, fetch, timeoutMs: 1000, ...fakeTime() });
    const settled = await http.send(request, { judge, backoff, maxAttempts: 3 });
    expect(settled.gaveUp).toBe(true);
    expect(sent).toHaveLength(3);
  });

  test("'again' sends again without counting against any limit", async () => {
    let round = 0;
    const { fetch, sent } = scripted(
      ...Array.from({ length: 4 }, () => () => new Response("", { status: 429 })),
      () => Response.json({}),
    );
    const http = new ProviderHttp({ pacing: noPace, fetch, timeoutMs: 1000, ...fakeTime() });
    const settled = await http.send(request, {
      judge: (o) => (++round <= 4 ? { kind: "again" } : judge(o)),
      backoff,
      maxAttempts: 1,
    });
    expect(settled.gaveUp).toBe(false);
    expect(sent).toHaveLength(5);
  });

  test("a pause too long to wait is refused before anything is sent", async () => {
    const { fetch, sent } = scripted(() => Response.json({}));
    const pacing: Pacing = { ...noPace, pausedFor: () => 60_000 };
    const http = new ProviderHttp({ pacing, fetch, timeoutMs: 1000, ...fakeTime() });
    const refusal = new Error("paused too long");
    const error = await http
      .send(request, { judge, backoff, refusePause: (ms) => (ms > 5000 ? refusal : undefined) })
      .catch((e) => e);
    expect(error).toBe(refusal);
    expect(sent).toHaveLength(0);
  });
});

describe("a batch job's answers and the requests waiting for the loop", () => {
  test("a batch job's answer is handled once its turn comes; a listener's own answer at once", async () => {
    let turnCame = () => {};
    const turn = new Promise<void>((resolve) => {
      turnCame = resolve;
    });
    const { fetch, sent } = scripted(
      () => Response.json({ job: true }),
      () => Response.json({ listener: true }),
    );
    const http = new ProviderHttp({ pacing: noPace, fetch, timeoutMs: 1000, ...fakeTime() });
    const policy = { judge, backoff };
    let jobAnswered = false;
    const job = http
      .send({ ...request, url: "http://provider.test/job", awaitTurn: () => turn }, policy)
      .then(() => {
        jobAnswered = true;
      });
    await Bun.sleep(20);
    expect(sent).toEqual(["http://provider.test/job"]);
    await http.send({ ...request, url: "http://provider.test/listener" }, policy);
    expect(jobAnswered).toBe(false);
    turnCame();
    await job;
    expect(jobAnswered).toBe(true);
  });
});

describe("pacing strategies", () => {
  test("a Retry-After pauses every call, not only the refused one (pausePacing)", async () => {
    const time = fakeTime();
    const waits: number[] = [];
    const pacing = pausePacing({ now: time.now, sleep: time.sleep, onWait: (ms) => waits.push(ms) });
    const at: number[] = [];
    const fetch: FetchLike = async () => {
      at.push(time.now());
      return at.length === 1
        ? new Response("", { status: 429, headers: { "retry-after": "2" } })
        : Response.json({});
    };
    const http = new ProviderHttp({ pacing, fetch, timeoutMs: 1000, ...time });
    await http.send(request, { judge, backoff, minPauseMs: 100 });
    await http.send(request, { judge, backoff });
    const first = at[0] ?? 0;
    // the retry and the next call both went once the 2 s were over, not before
    expect(at).toEqual([first, first + 2000, first + 2000]);
    expect(waits).toEqual([2000]);
  });

  test("spaced calls start an interval apart; a slow-down doubles it (at most 4×) and successes halve it again", async () => {
    const time = fakeTime();
    const pacing = new SpacedPacing(1000, time.now, time.sleep);
    const starts: number[] = [];
    const turn = async (verdict: Verdict) => {
      const release = await pacing.turn();
      starts.push(time.now());
      pacing.settled({ verdict, pauseMs: verdict.kind === "rate-limited" ? 1000 : 0 });
      release();
    };
    await turn({ kind: "done" });
    await turn({ kind: "rate-limited", retryAfterMs: 1000, slowDown: true });
    expect(pacing.currentIntervalMs).toBe(2000);
    await turn({ kind: "rate-limited", retryAfterMs: 1000, slowDown: true });
    await turn({ kind: "rate-limited", retryAfterMs: 1000, slowDown: true });
    expect(pacing.currentIntervalMs).toBe(4000);
    await turn({ kind: "done" });
    expect(pacing.currentIntervalMs).toBe(2000);
    const gaps = starts.slice(1).map((s, i) => s - (starts[i] ?? 0));
    expect(gaps).toEqual([1000, 2000, 4000, 4000]);
  });

  test("Deezer's window: never more than 50 calls start in any 5 s", async () => {
    const time = fakeTime();
    const pacing = windowPacing(50, 5000, time.now, time.sleep);
    const starts: number[] = [];
    for (let i = 0; i < 200; i++) {
      const release = await pacing.turn();
      starts.push(time.now());
      release();
    }
    for (let i = 50; i < starts.length; i++)
      expect((starts[i] ?? 0) - (starts[i - 50] ?? 0)).toBeGreaterThan(5000);
    // and not much slower than the quota allows
    expect((starts.at(-1) ?? 0) - (starts[0] ?? 0)).toBeLessThan(199 * 110);
  });
});
