// Development mode's request quota (2026): counted per developer account, shared by all its client ids, every
// Web API request counting, refused ones included. Spotify publishes neither its size nor its period, so both are
// settings (off by default). A spent quota answers 429 with `reason: "QUOTA_EXCEEDED"`, with a Retry-After only
// when one is configured.
import { z } from "zod";

export const QuotaSettingsSchema = z.object({
  /** requests the developer account may send per period; null: no quota */
  calls: z.number().int().min(0).nullable().default(null),
  periodSec: z
    .number()
    .int()
    .min(1)
    .max(31 * 86_400)
    .default(86_400),
  /** a Retry-After on the refusal (seconds); null: none, as Spotify does not promise one */
  retryAfterSec: z.number().int().min(0).max(86_400).nullable().default(null),
});
export type QuotaSettings = z.output<typeof QuotaSettingsSchema>;
export type QuotaSettingsInput = z.input<typeof QuotaSettingsSchema>;

export const QUOTA_EXCEEDED_BODY = {
  error: { status: 429, message: "Too many requests", reason: "QUOTA_EXCEEDED" },
} as const;

export interface QuotaLog {
  settings: QuotaSettings;
  /** requests counted in the current period */
  used: number;
  /** epoch ms the current period ends, null without a quota */
  resetsAt: number | null;
  /** requests refused with QUOTA_EXCEEDED since the quota was set */
  refused: number;
}

/** A fixed window per developer account: the period starts with its first request. */
export class DeveloperQuota {
  private settings: QuotaSettings = QuotaSettingsSchema.parse({});
  private periodStart: number | null = null;
  private used = 0;
  private refused = 0;

  constructor(private readonly now: () => number) {}

  configure(input: QuotaSettingsInput): QuotaLog {
    this.settings = QuotaSettingsSchema.parse(input);
    this.periodStart = null;
    this.used = 0;
    this.refused = 0;
    return this.log();
  }

  /** Counts one request; the Retry-After (or null) when the quota is spent, undefined when it may go. */
  spend(): { retryAfterSec: number | null } | undefined {
    const { calls, periodSec } = this.settings;
    if (calls === null) return undefined;
    const now = this.now();
    if (this.periodStart === null || now >= this.periodStart + periodSec * 1000) {
      this.periodStart = now;
      this.used = 0;
    }
    this.used += 1;
    if (this.used <= calls) return undefined;
    this.refused += 1;
    return { retryAfterSec: this.settings.retryAfterSec };
  }

  /** Spends what is left now (a control to show the pause). */
  exhaust(): QuotaLog {
    if (this.settings.calls !== null) {
      if (this.periodStart === null) this.periodStart = this.now();
      this.used = Math.max(this.used, this.settings.calls);
    }
    return this.log();
  }

  log(): QuotaLog {
    const resetsAt =
      this.settings.calls === null || this.periodStart === null
        ? null
        : this.periodStart + this.settings.periodSec * 1000;
    return { settings: this.settings, used: this.used, resetsAt, refused: this.refused };
  }
}
