// Fault injection and rate limiting for the Web API, and the call log of every Web API and token call.
import { z } from "zod";
import { RollingLimit } from "../../common/rolling-limit.ts";
import { createRng, type Rng } from "./random.ts";
import { type LoopStall, type RateLimitLog, RetryAfterWatch } from "./retry-after-watch.ts";

export const FaultSettingsSchema = z.object({
  /** share of Web API calls answering 429 */
  rate429: z.number().min(0).max(1).default(0),
  retryAfterSec: z.number().int().min(0).max(3600).default(1),
  /** share of Web API calls answering 502 or 503 */
  rate5xx: z.number().min(0).max(1).default(0),
  /** share of successful writes (POST, PUT, DELETE) that are applied and then answered with 500 anyway */
  rate5xxAfterWrite: z.number().min(0).max(1).default(0),
  /** the next N calls of an endpoint ("POST /v1/me/playlists") answer 503 without being carried out */
  next5xx: z.record(z.string(), z.number().int().min(0).max(1000)).default({}),
  latencyMs: z.number().int().min(0).max(60_000).default(0),
  /** share of Web API calls whose answer is held back `timeoutStallMs` (the call itself is carried out at once) */
  rateTimeout: z.number().min(0).max(1).default(0),
  /** longer than Crate's client timeout (15 s unless SPOTIFY_TIMEOUT_MS says otherwise) */
  timeoutStallMs: z.number().int().min(0).max(120_000).default(16_000),
  audioFeatures403: z.boolean().default(false),
  artistsBatch403: z.boolean().default(false),
  /** calls per client in any rolling second; refused calls count too */
  rateLimitPerSec: z.number().int().min(1).nullable().default(null),
  seed: z.number().int().default(1),
});

export type FaultSettings = z.output<typeof FaultSettingsSchema>;
export type FaultSettingsInput = z.input<typeof FaultSettingsSchema>;

export type FaultDecision =
  | { kind: "none" }
  | { kind: "rateLimited"; retryAfterSec: number; reason: "limit" | "injected" }
  | { kind: "serverError"; status: 502 | 503 }
  | { kind: "stall"; ms: number };

export interface CallLog {
  total: number;
  counts: Record<string, number>;
  /** present once a 429 was answered since the last reset */
  rateLimiting?: RateLimitLog;
  /** present once an answer was held back by `rateTimeout` since the last reset */
  timeouts?: number;
}

const WINDOW_MS = 1000;

export class FaultInjector {
  private settings: FaultSettings = FaultSettingsSchema.parse({});
  private rng: Rng = createRng(1);
  private readonly limitWindow = new RollingLimit(WINDOW_MS);
  private counts = new Map<string, number>();
  private total = 0;
  private stalls = 0;
  private readonly watch: RetryAfterWatch;

  constructor(
    private readonly now: () => number,
    inFlightGraceMs?: number,
    loopStall?: LoopStall,
  ) {
    this.watch = new RetryAfterWatch(inFlightGraceMs, loopStall);
  }

  /** Replaces the whole fault configuration (fields left out take their defaults, i.e. no fault). */
  configure(input: FaultSettingsInput): FaultSettings {
    this.settings = FaultSettingsSchema.parse(input);
    this.rng = createRng(this.settings.seed);
    this.limitWindow.clear();
    return this.settings;
  }

  current(): FaultSettings {
    return this.settings;
  }

  record(endpoint: string): void {
    this.total++;
    this.counts.set(endpoint, (this.counts.get(endpoint) ?? 0) + 1);
  }

  calls(): CallLog {
    const log: CallLog = { total: this.total, counts: Object.fromEntries(this.counts) };
    const rateLimiting = this.watch.log();
    if (rateLimiting) log.rateLimiting = rateLimiting;
    if (this.stalls > 0) log.timeouts = this.stalls;
    return log;
  }

  resetCalls(): void {
    this.total = 0;
    this.counts = new Map();
    this.stalls = 0;
    this.watch.reset();
  }

  /**
   * Decides the fate of one Web API call by `client` (its app's client id); `signature` tells the call apart
   * (method, URL, credentials) and `arrivedAt` is when it reached the emulator.
   */
  decide(client: string, signature = "", arrivedAt = this.now()): FaultDecision {
    this.watch.arrived(client, signature, arrivedAt);
    const decision = this.draw(client);
    const at = this.now();
    if (decision.kind === "rateLimited")
      this.watch.refused(client, signature, at, decision.retryAfterSec, decision.reason);
    else if (decision.kind !== "serverError") this.watch.acceptedCall(client, at);
    if (decision.kind === "stall") this.stalls++;
    return decision;
  }

  private draw(client: string): FaultDecision {
    const limit = this.settings.rateLimitPerSec;
    const retryAfterSec = limit === null ? null : this.limitWindow.over(client, this.now(), limit);
    if (retryAfterSec !== null) return { kind: "rateLimited", retryAfterSec, reason: "limit" };
    const { rate429, rate5xx, rateTimeout } = this.settings;
    if (rate429 === 0 && rate5xx === 0 && rateTimeout === 0) return { kind: "none" };
    const draw = this.rng.next();
    if (draw < rate429)
      return { kind: "rateLimited", retryAfterSec: this.settings.retryAfterSec, reason: "injected" };
    if (draw < rate429 + rate5xx) return { kind: "serverError", status: this.rng.chance(0.5) ? 502 : 503 };
    if (draw < rate429 + rate5xx + rateTimeout) return { kind: "stall", ms: this.settings.timeoutStallMs };
    return { kind: "none" };
  }

  /** Whether this call of `endpoint` is one of the next ones set to answer 503 (counted down). */
  failsNext(endpoint: string): boolean {
    const left = this.settings.next5xx[endpoint] ?? 0;
    if (left <= 0) return false;
    this.settings.next5xx[endpoint] = left - 1;
    return true;
  }

  /** Whether an applied write answers 500 anyway (its outcome then looks unknown to the client). */
  failAfterWrite(): boolean {
    const rate = this.settings.rate5xxAfterWrite;
    return rate > 0 && this.rng.next() < rate;
  }

  latencyMs(): number {
    return this.settings.latencyMs;
  }

  /**
   * A development-mode app of 2026 (the case of every self-hoster): no audio features, no batch artists, artists
   * without genres, popularity and followers. Kept apart from the fault settings, which `configure` replaces.
   */
  developmentMode = false;

  audioFeaturesForbidden(): boolean {
    return this.settings.audioFeatures403 || this.developmentMode;
  }

  artistsBatchForbidden(): boolean {
    return this.settings.artistsBatch403 || this.developmentMode;
  }
}
