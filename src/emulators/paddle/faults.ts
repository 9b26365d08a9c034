// Fault injection and Paddle's rate limit for the emulator's API (not the checkout page or the control API),
// with a log of what the client was answered and whether it kept to Retry-After.
import type { Context, Hono } from "hono";
import { z } from "zod";
import { RollingLimit } from "../common/rolling-limit.ts";
import { createRng, type Rng } from "../spotify/model/random.ts";
import { RetryAfterWatch } from "../spotify/model/retry-after-watch.ts";

export const PaddleFaultSettingsSchema = z
  .object({
    /** share of API calls answered 429 too_many_requests */
    rate429: z.number().min(0).max(1).default(0),
    retryAfterSec: z.number().int().min(0).max(3600).default(1),
    /** share of API calls answered 500, 502 or 503 */
    rate5xx: z.number().min(0).max(1).default(0),
    latencyMs: z.number().int().min(0).max(60_000).default(0),
    /** Paddle's limit by IP address (240 a minute for most operations); null leaves calls unlimited */
    rateLimitPerMinute: z.number().int().min(1).nullable().default(null),
    seed: z.number().int().default(1),
  })
  .strict();

export type PaddleFaultSettings = z.output<typeof PaddleFaultSettingsSchema>;

export interface PaddleCallLog {
  total: number;
  rateLimited: number;
  serverErrors: number;
  /** calls that arrived while a Retry-After was still running (counted as `RetryAfterWatch` counts them) */
  retryAfterViolations: number;
}

const MINUTE_MS = 60_000;
/** Paddle limits by IP address; the emulator has one client, Crate. */
const CLIENT = "crate";
const TOO_MANY =
  "IP address exceeded the allowed rate limit. Retry after the number of seconds in the Retry-After header.";

export class PaddleFaults {
  private settings = PaddleFaultSettingsSchema.parse({});
  private rng: Rng = createRng(1);
  private readonly limit = new RollingLimit(MINUTE_MS);
  private readonly watch = new RetryAfterWatch();
  private total = 0;
  private serverErrors = 0;

  constructor(private readonly now: () => number = () => Date.now()) {}

  /** Replaces the whole configuration (fields left out take their defaults, i.e. no fault). */
  configure(settings: PaddleFaultSettings): PaddleFaultSettings {
    this.settings = settings;
    this.rng = createRng(settings.seed);
    this.limit.clear();
    return settings;
  }

  current(): PaddleFaultSettings {
    return this.settings;
  }

  calls(): PaddleCallLog {
    const watched = this.watch.log();
    return {
      total: this.total,
      rateLimited: watched ? watched.answers.limit + watched.answers.injected : 0,
      serverErrors: this.serverErrors,
      retryAfterViolations: watched?.retryAfterViolations ?? 0,
    };
  }

  resetCalls(): void {
    this.total = 0;
    this.serverErrors = 0;
    this.watch.reset();
  }

  /** The fate of one API call (`signature`: method and URL): null to serve it, or the error to answer with. */
  decide(signature: string): { status: number; retryAfterSec?: number } | null {
    const now = this.now();
    this.total++;
    this.watch.arrived(CLIENT, signature, now);
    const limit = this.settings.rateLimitPerMinute;
    const overLimit = limit === null ? null : this.limit.over(CLIENT, now, limit);
    if (overLimit !== null) return this.rateLimited(signature, now, overLimit, "limit");
    const { rate429, rate5xx } = this.settings;
    if (rate429 === 0 && rate5xx === 0) return null;
    const draw = this.rng.next();
    if (draw < rate429) return this.rateLimited(signature, now, this.settings.retryAfterSec, "injected");
    if (draw < rate429 + rate5xx) {
      this.serverErrors++;
      return { status: [500, 502, 503][Math.floor(this.rng.next() * 3)] ?? 500 };
    }
    return null;
  }

  private rateLimited(signature: string, now: number, retryAfterSec: number, reason: "limit" | "injected") {
    this.watch.refused(CLIENT, signature, now, retryAfterSec, reason);
    return { status: 429, retryAfterSec };
  }
}

function faultAnswer(c: Context, fault: { status: number; retryAfterSec?: number }): Response {
  const requestId = crypto.randomUUID();
  if (fault.status === 429) {
    c.header("retry-after", String(fault.retryAfterSec ?? 1));
    return c.json(
      {
        error: {
          type: "api_error",
          code: "too_many_requests",
          detail: TOO_MANY,
          documentation_url: "https://developer.paddle.com/errors/shared/too_many_requests",
        },
        meta: { request_id: requestId },
      },
      429,
    );
  }
  return c.json(
    {
      error: {
        type: "api_error",
        code: "internal_error",
        detail: "An internal error has occurred, our team has been notified. Please try again.",
        documentation_url: "https://developer.paddle.com/errors/shared/internal_error",
      },
      meta: { request_id: requestId },
    },
    fault.status as 500,
  );
}

/**
 * Puts the faults in front of the API routes (call before the routes are mounted) and serves
 * `GET/PUT {base}/control/faults` and `GET/DELETE {base}/control/api-calls`.
 */
export function mountPaddleFaults(app: Hono, base: string, faults: PaddleFaults): void {
  const control = `${base}/control/`;
  const checkout = `${base}/checkout`;
  app.use(`${base}/*`, async (c, next) => {
    if (c.req.path.startsWith(control) || c.req.path.startsWith(checkout)) return next();
    const latency = faults.current().latencyMs;
    if (latency > 0) await Bun.sleep(latency);
    const fault = faults.decide(`${c.req.method} ${c.req.url}`);
    if (fault) return faultAnswer(c, fault);
    return next();
  });
  app.get(`${control}faults`, (c) => c.json(faults.current()));
  app.put(`${control}faults`, async (c) => {
    const body = await c.req.json().catch(() => undefined);
    const parsed = PaddleFaultSettingsSchema.safeParse(body ?? {});
    if (!parsed.success) {
      return c.json(
        {
          error: {
            type: "request_error",
            code: "bad_request",
            detail: parsed.error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; "),
          },
          meta: { request_id: crypto.randomUUID() },
        },
        400,
      );
    }
    return c.json(faults.configure(parsed.data));
  });
  app.get(`${control}api-calls`, (c) => c.json(faults.calls()));
  app.delete(`${control}api-calls`, (c) => {
    faults.resetCalls();
    return c.json(faults.calls());
  });
}
