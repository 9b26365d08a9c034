// The process's Prometheus metrics, one registry per app (never prom-client's global default registry), so two
// apps in one process count apart. Domains record through the small methods below; prom-client stays here.
import { Counter, Gauge, Histogram, Registry } from "prom-client";
import type { WebVitalMetric } from "../../shared/web-vitals.ts";
import type { Db } from "../db/client.ts";
import { createHistoryRecorder } from "./history.ts";
import { usersBehindHourly } from "./lag.ts";

/** What a provider call ended with: the HTTP status, or how it failed without one. */
export type CallStatus = number | "timeout" | "network";

export interface ProviderCall {
  /** spotify, paddle, or any other provider a client reports for */
  provider: string;
  /** "METHOD /path/template" (never a raw path: ids would make the label unbounded) */
  endpoint: string;
  status: CallStatus;
  seconds: number;
  /** the answer said "too many requests" (default: status 429; some providers say it their own way) */
  rateLimited?: boolean;
}

export interface Metrics {
  readonly registry: Registry;
  /** the Prometheus text exposition of every metric */
  render(): Promise<string>;
  readonly contentType: string;
  httpRequest(method: string, route: string, status: number, seconds: number): void;
  providerCall(call: ProviderCall): void;
  /** a wait a provider's 429 (Retry-After) imposed */
  rateLimitWait(provider: string, seconds: number): void;
  jobRun(job: string, outcome: "success" | "failure", seconds: number): void;
  distributionFailed(): void;
  webhookEvent(eventType: string, outcome: string): void;
  backup(outcome: "success" | "failure"): void;
  /** a value a visitor's page reported (ms, or unitless for cls), by route (shared/web-vitals.ts) */
  webVital(metric: WebVitalMetric, route: string, value: number): void;
  /** writes the admin charts' pending history (provider calls per hour, today's active listeners) */
  flushHistory(): void;
  /** stops the history's timer and writes what is pending (before the database closes) */
  close(): void;
}

export interface MetricsSources {
  db: Db;
  now: () => number;
  /** a timed write of the charts' history failed (it is tried again) */
  onHistoryError?: (error: unknown) => void;
}

const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const JOB_BUCKETS = [0.1, 1, 5, 15, 60, 300, 900, 1800, 3600];
const VITAL_BUCKETS = [0.05, 0.1, 0.2, 0.5, 1, 1.8, 2.5, 4, 10, 30];
const LAYOUT_SHIFT_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1];
const WAIT_BUCKETS = [0.1, 0.5, 1, 2, 5, 10, 30, 60, 120];

/** A Paddle event type as a label (signed by Paddle, so bounded in practice; anything odd is "other"). */
const eventTypeLabel = (t: string) =>
  t === "unverified" || /^[a-z_]{1,40}\.[a-z_]{1,40}$/.test(t) ? t : "other";

export function createMetrics(sources: MetricsSources): Metrics {
  const registry = new Registry();
  const registers = [registry];
  const history = createHistoryRecorder({
    db: sources.db,
    now: sources.now,
    onError: sources.onHistoryError,
  });
  const httpRequests = new Counter({
    name: "crate_http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    registers,
  });
  const httpDuration = new Histogram({
    name: "crate_http_request_duration_seconds",
    help: "Time to answer an HTTP request, by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });
  const providerCalls = new Counter({
    name: "crate_provider_calls_total",
    help: "Calls sent to providers (each attempt), by provider, endpoint and status (or timeout, network)",
    labelNames: ["provider", "endpoint", "status"] as const,
    registers,
  });
  const providerDuration = new Histogram({
    name: "crate_provider_call_duration_seconds",
    help: "Time a provider took to answer one attempt, by provider and endpoint",
    labelNames: ["provider", "endpoint"] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });
  const rateLimited = new Counter({
    name: "crate_provider_rate_limited_total",
    help: "429 answers from providers (or a provider's own way of saying too many requests)",
    labelNames: ["provider"] as const,
    registers,
  });
  const rateLimitWaits = new Histogram({
    name: "crate_provider_rate_limit_wait_seconds",
    help: "Waits imposed by a provider's Retry-After",
    labelNames: ["provider"] as const,
    buckets: WAIT_BUCKETS,
    registers,
  });
  const jobRuns = new Counter({
    name: "crate_job_runs_total",
    help: "Scheduled job runs, by job and outcome",
    labelNames: ["job", "outcome"] as const,
    registers,
  });
  const jobDuration = new Histogram({
    name: "crate_job_duration_seconds",
    help: "Duration of scheduled job runs, by job",
    labelNames: ["job"] as const,
    buckets: JOB_BUCKETS,
    registers,
  });
  const distributionFailures = new Counter({
    name: "crate_distribution_failures_total",
    help: "Distributions that failed (they are retried by the hourly job)",
    registers,
  });
  const webhookEvents = new Counter({
    name: "crate_webhook_events_total",
    help: "Paddle notifications received, by event type and outcome (applied, superseded, ignored, no_user, duplicate, refused)",
    labelNames: ["event_type", "outcome"] as const,
    registers,
  });
  const vitalSeconds = new Histogram({
    name: "crate_web_vital_seconds",
    help: "Visitors' pages: Largest Contentful Paint (lcp), slowest interaction (inp) and first input delay (fid), by route",
    labelNames: ["metric", "route"] as const,
    buckets: VITAL_BUCKETS,
    registers,
  });
  const layoutShift = new Histogram({
    name: "crate_web_vital_layout_shift",
    help: "Visitors' pages: Cumulative Layout Shift (largest session window), by route",
    labelNames: ["route"] as const,
    buckets: LAYOUT_SHIFT_BUCKETS,
    registers,
  });
  const backups = new Counter({
    name: "crate_backups_total",
    help: "Scheduled backups, by outcome",
    labelNames: ["outcome"] as const,
    registers,
  });
  new Gauge({
    name: "crate_users_behind_hourly",
    help: "Monitored users not updated within the last hour (the hourly promise)",
    registers,
    collect() {
      this.set(usersBehindHourly(sources.db, sources.now()));
    },
  });
  new Gauge({
    name: "crate_database_size_bytes",
    help: "Size of the SQLite database (pages in use times page size, the write-ahead log not included)",
    registers,
    collect() {
      const sqlite = sources.db.$client;
      const pages = sqlite.query<{ page_count: number }, []>("PRAGMA page_count").get()?.page_count ?? 0;
      const size = sqlite.query<{ page_size: number }, []>("PRAGMA page_size").get()?.page_size ?? 0;
      this.set(pages * size);
    },
  });
  new Gauge({
    name: "crate_process_resident_memory_bytes",
    help: "Resident memory of the process",
    registers,
    collect() {
      this.set(process.memoryUsage().rss);
    },
  });

  const httpSeries = new Map<
    string,
    { count: ReturnType<typeof httpRequests.labels>; duration: ReturnType<typeof httpDuration.labels> }
  >();

  return {
    registry,
    contentType: registry.contentType,
    render: () => registry.metrics(),
    httpRequest(method, route, status, seconds) {
      // Every request records here: the labelled series are looked up once per (method, route, status), a set
      // bounded by the app's routes, instead of prom-client hashing the labels on every call.
      const key = `${method} ${status} ${route}`;
      let series = httpSeries.get(key);
      if (!series) {
        const labels = { method, route, status: String(status) };
        series = { count: httpRequests.labels(labels), duration: httpDuration.labels(labels) };
        httpSeries.set(key, series);
      }
      series.count.inc();
      series.duration.observe(seconds);
    },
    providerCall({ provider, endpoint, status, seconds, rateLimited: told }) {
      providerCalls.inc({ provider, endpoint, status: String(status) });
      providerDuration.observe({ provider, endpoint }, seconds);
      const limited = told ?? status === 429;
      if (limited) rateLimited.inc({ provider });
      history.providerCall(provider, limited);
    },
    rateLimitWait(provider, seconds) {
      rateLimitWaits.observe({ provider }, seconds);
    },
    jobRun(job, outcome, seconds) {
      jobRuns.inc({ job, outcome });
      jobDuration.observe({ job }, seconds);
    },
    distributionFailed() {
      distributionFailures.inc();
    },
    webhookEvent(eventType, outcome) {
      webhookEvents.inc({ event_type: eventTypeLabel(eventType), outcome });
    },
    backup(outcome) {
      backups.inc({ outcome });
    },
    webVital(metric, route, value) {
      if (metric === "cls") layoutShift.observe({ route }, value);
      else vitalSeconds.observe({ metric, route }, value / 1000);
    },
    flushHistory: () => history.flush(),
    close: () => history.close(),
  };
}

/** The callbacks a provider client takes (`onCall`, `onRateLimitWait`), reporting here under `provider`. */
export function providerObservers(metrics: Metrics, provider: string) {
  return {
    onCall: (call: { endpoint: string; status: CallStatus; ms: number; rateLimited?: boolean }) =>
      metrics.providerCall({
        provider,
        endpoint: call.endpoint,
        status: call.status,
        seconds: call.ms / 1000,
        rateLimited: call.rateLimited,
      }),
    onRateLimitWait: (ms: number) => metrics.rateLimitWait(provider, ms / 1000),
  };
}
