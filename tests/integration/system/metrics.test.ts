// GET /metrics: off without METRICS_TOKEN, then only with the bearer token; the figures move when work happens
// (requests by route pattern, provider calls, webhooks, jobs, the hourly promise), and each app counts alone.
import { describe, expect, test } from "bun:test";
import { createDistribution, failDistribution } from "../../../src/server/distribution/runs/run.ts";
import { runJob } from "../../../src/server/jobs/index.ts";
import { manualClock } from "../../../src/server/platform/clock.ts";
import { ErrorCode } from "../../../src/shared/errors.ts";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { setUpTestServer } from "../../support/suite.ts";
import { makeAdmin, makeUser, rest } from "../admin/support.ts";
import { signIn } from "../auth/flow.ts";

const TOKEN = "metrics-token-0123456789abcdef";
const NOW = Date.UTC(2026, 2, 1, 12);
const clock = manualClock(NOW);
// The sign-in below starts the listener's first library sync in the background; stopping waits for it.
const server = setUpTestServer({ METRICS_TOKEN: TOKEN }, clock);
const other = setUpTestServer({ METRICS_TOKEN: TOKEN });

const scrape = (s: TestServer, authorization = `Bearer ${TOKEN}`) =>
  fetch(`${s.url}/metrics`, { headers: { authorization } });

async function metrics(s: TestServer = server): Promise<string> {
  const res = await scrape(s);
  expect(res.status).toBe(200);
  return res.text();
}

/** The value of one sample, its labels given exactly (in any order); 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split("\n")) {
    const m = /^([a-z_:]+)(?:\{(.*)\})? (.+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const found = Object.fromEntries(
      [...(m[2] ?? "").matchAll(/([a-z_]+)="((?:[^"\\]|\\.)*)"/g)].map((p) => [p[1], p[2]]),
    );
    if (JSON.stringify(Object.entries(found).sort()) === JSON.stringify(Object.entries(labels).sort()))
      return Number(m[3]);
  }
  return 0;
}

describe("access", () => {
  test("without METRICS_TOKEN there is no /metrics", async () => {
    const plain = await startTestServer();
    try {
      const res = await fetch(`${plain.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ errorCode: ErrorCode.NotFound });
    } finally {
      await plain.dispose();
    }
  });

  test("no token, another token or another scheme: 401 {error, errorCode}", async () => {
    for (const authorization of ["", `Bearer ${TOKEN}x`, `Basic ${btoa(`x:${TOKEN}`)}`, TOKEN]) {
      const res = await scrape(server, authorization);
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toContain("Bearer");
      const body = (await res.json()) as { error: string; errorCode: number };
      expect(body.errorCode).toBe(ErrorCode.Unauthorized);
      expect(body.error).toContain("METRICS_TOKEN");
      expect(body.error).not.toContain(TOKEN);
    }
  });

  test("the token answers Prometheus text, any case of the scheme, with the app's security headers", async () => {
    const res = await scrape(server, `bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain; version=0.0.4");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const text = await res.text();
    for (const name of [
      "crate_http_requests_total",
      "crate_provider_calls_total",
      "crate_job_runs_total",
      "crate_users_behind_hourly",
      "crate_database_size_bytes",
    ])
      expect(text).toContain(`# TYPE ${name}`);
    expect(sample(text, "crate_database_size_bytes")).toBeGreaterThan(0);
  });
});

describe("the figures move when work happens", () => {
  test("requests count by route pattern, never by raw path", async () => {
    const admin = makeAdmin(server.deps);
    for (const id of ["u-1", "u-2", "u-3"])
      await rest(server.url, "GET", `/api/admin/user/user-id/${id}`, admin.cookie);
    await rest(server.url, "GET", "/api/no-such-thing-123");
    await fetch(`${server.url}/api/trpc/user.membershipLevel`, { headers: { origin: server.url } });
    await fetch(`${server.url}/api/trpc/not.aProcedure`, { headers: { origin: server.url } });
    const text = await metrics();
    const byId = { method: "GET", route: "/api/admin/user/user-id/:id", status: "404" };
    expect(sample(text, "crate_http_requests_total", byId)).toBe(3);
    expect(sample(text, "crate_http_request_duration_seconds_count", byId)).toBe(3);
    expect(
      sample(text, "crate_http_requests_total", { method: "GET", route: "unmatched", status: "404" }),
    ).toBe(1);
    expect(text).not.toContain("u-1");
    expect(text).not.toContain("no-such-thing");
    expect(text).toContain('route="/api/trpc/user.membershipLevel"');
    expect(text).toContain('route="/api/trpc/(unknown)"');
    expect(text).not.toContain("not.aProcedure");
  });

  test("provider calls: a sign-in calls Spotify, the price calls Paddle", async () => {
    const before = await metrics();
    const token = { provider: "spotify", endpoint: "POST /api/token", status: "200" };
    const me = { provider: "spotify", endpoint: "GET /me", status: "200" };
    await signIn(server.url, "crate-free");
    const user = makeUser(server.deps);
    const pricing = await rest(server.url, "POST", "/api/payment/pricing", user.cookie, {});
    expect(pricing.status).toBe(200);
    const after = await metrics();
    expect(sample(after, "crate_provider_calls_total", token)).toBe(
      sample(before, "crate_provider_calls_total", token) + 1,
    );
    expect(sample(after, "crate_provider_calls_total", me)).toBeGreaterThan(
      sample(before, "crate_provider_calls_total", me),
    );
    const price = { provider: "paddle", endpoint: "GET /prices/{id}", status: "200" };
    expect(sample(after, "crate_provider_calls_total", price)).toBeGreaterThanOrEqual(1);
    expect(after).not.toContain("pri_01");
  });

  test("a refused webhook is counted", async () => {
    const res = await fetch(`${server.url}/api/payment/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", "paddle-signature": "ts=1;h1=00" },
      body: "{}",
    });
    expect(res.status).toBe(401);
    const text = await metrics();
    expect(sample(text, "crate_webhook_events_total", { event_type: "unverified", outcome: "refused" })).toBe(
      1,
    );
  });

  test("a failed distribution is counted", async () => {
    const before = sample(await metrics(), "crate_distribution_failures_total");
    const user = makeUser(server.deps);
    failDistribution(
      server.deps,
      createDistribution(server.deps, user.userId, "hourly"),
      new Error("Spotify down"),
    );
    expect(sample(await metrics(), "crate_distribution_failures_total")).toBe(before + 1);
  });

  test("job runs count by outcome, with their durations", async () => {
    await runJob(server.deps, { name: "probe", pattern: "* * * * *", run: async () => 1 });
    const failing = { name: "probe", pattern: "* * * * *", run: async () => Promise.reject(new Error("no")) };
    await expect(runJob(server.deps, failing)).rejects.toThrow("no");
    const text = await metrics();
    expect(sample(text, "crate_job_runs_total", { job: "probe", outcome: "success" })).toBe(1);
    expect(sample(text, "crate_job_runs_total", { job: "probe", outcome: "failure" })).toBe(1);
    expect(sample(text, "crate_job_duration_seconds_count", { job: "probe" })).toBe(2);
  });

  test("users behind the hourly promise: in the metrics and on the admin statistics", async () => {
    const admin = makeAdmin(server.deps);
    const behind = async () => {
      const stats = await rest(server.url, "GET", "/api/admin/statistics", admin.cookie);
      return {
        metric: sample(await metrics(), "crate_users_behind_hourly"),
        admin: stats.body.batchData.usersBehindHourly,
      };
    };
    const start = await behind();
    expect(start.metric).toBe(start.admin);
    const user = makeUser(server.deps);
    server.deps.db.$client.query("UPDATE users SET monitored = 1 WHERE id = ?").run(user.userId);
    clock.set(NOW + 61 * 60_000);
    const late = await behind();
    expect(late.metric).toBeGreaterThan(start.metric);
    expect(late.admin).toBe(late.metric);
    server.deps.db.$client
      .query(
        `INSERT INTO library_syncs (user_id, last_sync_at) VALUES (?1, ?2)
         ON CONFLICT (user_id) DO UPDATE SET last_sync_at = ?2`,
      )
      .run(user.userId, clock.now());
    expect((await behind()).metric).toBe(late.metric - 1);
    clock.set(NOW);
  });

  test("each app counts alone", async () => {
    const mine = sample(await metrics(), "crate_http_requests_total", {
      method: "GET",
      route: "unmatched",
      status: "404",
    });
    const theirs = sample(await metrics(other), "crate_http_requests_total", {
      method: "GET",
      route: "unmatched",
      status: "404",
    });
    expect(mine).toBeGreaterThan(0);
    expect(theirs).toBe(0);
  });
});
