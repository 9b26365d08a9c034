// Fault injection, rate limit and call log of one open-metadata emulator, and its control API over HTTP.

import { type Context, Hono } from "hono";
import { z } from "zod";
import { loopbackOnly } from "../common/loopback.ts";
import { RollingLimit } from "../common/rolling-limit.ts";
import { createRng, type Rng } from "../spotify/model/random.ts";

export const MetadataFaultSchema = z.object({
  /** every call answers as when the service is down (503) */
  down: z.boolean().default(false),
  /** share of calls answered with the service's "too many requests" answer */
  rateLimited: z.number().min(0).max(1).default(0),
  /** share of calls answered 502/503 */
  rate5xx: z.number().min(0).max(1).default(0),
  retryAfterSec: z.number().int().min(0).max(3600).default(1),
  latencyMs: z.number().int().min(0).max(60_000).default(0),
  seed: z.number().int().default(1),
});

export type MetadataFaultSettings = z.output<typeof MetadataFaultSchema>;

export interface MetadataCallLog {
  total: number;
  counts: Record<string, number>;
  /** calls that arrived over the service's published rate limit */
  violations: number;
  /** calls refused for a missing or generic User-Agent */
  refusedAgents: number;
  userAgents: string[];
}

export type Decision = "ok" | "overLimit" | "injectedLimit" | "serverError" | "down";

export class MetadataFaults {
  private settings: MetadataFaultSettings = MetadataFaultSchema.parse({});
  private rng: Rng = createRng(1);
  private readonly window: RollingLimit;
  private counts = new Map<string, number>();
  private total = 0;
  private violations = 0;
  private refusedAgents = 0;
  private agents = new Set<string>();

  constructor(
    /** the published limit: at most `limit` calls in any rolling `windowMs` */
    private readonly limit: number,
    windowMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.window = new RollingLimit(windowMs);
  }

  configure(input: unknown): MetadataFaultSettings {
    this.settings = MetadataFaultSchema.parse(input ?? {});
    this.rng = createRng(this.settings.seed);
    return this.settings;
  }

  get current(): MetadataFaultSettings {
    return this.settings;
  }

  /** Counts the call and decides its fate; over-limit calls are violations (refused calls count toward the limit). */
  decide(endpoint: string, userAgent: string | undefined): Decision {
    this.total += 1;
    this.counts.set(endpoint, (this.counts.get(endpoint) ?? 0) + 1);
    if (userAgent) this.agents.add(userAgent);
    if (this.settings.down) return "down";
    if (this.window.over("all", this.now(), this.limit) !== null) {
      this.violations += 1;
      return "overLimit";
    }
    if (this.settings.rateLimited > 0 && this.rng.next() < this.settings.rateLimited) return "injectedLimit";
    if (this.settings.rate5xx > 0 && this.rng.next() < this.settings.rate5xx) return "serverError";
    return "ok";
  }

  refuseAgent(): void {
    this.refusedAgents += 1;
  }

  async delay(): Promise<void> {
    if (this.settings.latencyMs > 0) await Bun.sleep(this.settings.latencyMs);
  }

  log(): MetadataCallLog {
    return {
      total: this.total,
      counts: Object.fromEntries(this.counts),
      violations: this.violations,
      refusedAgents: this.refusedAgents,
      userAgents: [...this.agents],
    };
  }

  reset(): void {
    this.counts = new Map();
    this.total = 0;
    this.violations = 0;
    this.refusedAgents = 0;
    this.agents = new Set();
    this.window.clear();
  }
}

/** `GET /calls`, `POST /calls/reset`, `GET|PUT /faults` (never faulted or counted themselves). */
export function metadataControlApp(faults: MetadataFaults): Hono {
  const app = new Hono();
  app.use("*", loopbackOnly);
  app.get("/calls", (c) => c.json(faults.log()));
  app.post("/calls/reset", (c) => {
    faults.reset();
    return c.json(faults.log());
  });
  app.get("/faults", (c) => c.json(faults.current));
  app.put("/faults", async (c: Context) => {
    const parsed = MetadataFaultSchema.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return c.json({ error: parsed.error.issues[0]?.message ?? "invalid faults" }, 400);
    return c.json(faults.configure(parsed.data));
  });
  return app;
}

/** A generic agent (a library's default, or none) as Cloudflare and MusicBrainz refuse it. */
export const isGenericAgent = (agent: string | undefined): boolean =>
  !agent ||
  /^(node|undici|bun|axios|got|python-requests|curl|java|okhttp|Go-http-client)\b/i.test(agent.trim());
