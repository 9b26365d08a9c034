// What every check of `crate doctor` shares: its result line and the probe that records each provider's clock.
import { doctorLimits } from "../../shared/self-hosting.ts";

/** ok: ✓; failed: ✗ (the exit code is 1); skipped: – (not checkable here, never a failure) */
export type CheckOutcome = "ok" | "failed" | "skipped";

export interface CheckResult {
  name: string;
  outcome: CheckOutcome;
  /** what was found; for a ✗ also what to do. Never a secret. */
  detail: string;
}

export const ok = (name: string, detail: string): CheckResult => ({ name, outcome: "ok", detail });
export const failed = (name: string, detail: string): CheckResult => ({ name, outcome: "failed", detail });
export const skipped = (name: string, detail: string): CheckResult => ({ name, outcome: "skipped", detail });

const marks: Record<CheckOutcome, string> = { ok: "✓", failed: "✗", skipped: "–" };

export const formatResult = (result: CheckResult): string =>
  `${marks[result.outcome]} ${result.name}: ${result.detail}`;

/** A provider's `Date` header and the local time half-way through the request that brought it. */
export interface ClockReading {
  host: string;
  skewMs: number;
}

export type Probe = (url: string, init?: RequestInit) => Promise<ProbeAnswer>;

export type ProbeAnswer =
  | { reached: true; status: number; json: unknown; text: string }
  | { reached: false; error: string };

/** One request, no retry, a short timeout; each answer's Date header is kept for the clock check. */
export function createProbe(readings: ClockReading[], fetchImpl: typeof fetch = fetch): Probe {
  return async (url, init = {}) => {
    const sent = Date.now();
    try {
      const res = await fetchImpl(url, {
        redirect: "manual",
        ...init,
        signal: AbortSignal.timeout(doctorLimits.requestTimeoutMs),
      });
      const text = await res.text();
      const date = Date.parse(res.headers.get("date") ?? "");
      if (Number.isFinite(date)) {
        // Date has whole seconds: up to a second of truncation is not skew
        const local = (sent + Date.now()) / 2;
        const skew = date - local;
        readings.push({ host: new URL(url).host, skewMs: Math.abs(skew) < 1000 ? 0 : skew });
      }
      let json: unknown;
      try {
        json = text === "" ? undefined : JSON.parse(text);
      } catch {
        json = undefined;
      }
      return { reached: true, status: res.status, json, text };
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === "TimeoutError";
      return {
        reached: false,
        error: timedOut ? `no answer within ${doctorLimits.requestTimeoutMs / 1000} s` : "not reachable",
      };
    }
  };
}

/** `https://host/path` without query: safe to print (no credential is ever in a base URL Crate is given) */
export const shown = (url: string): string => {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`.replace(/\/+$/, "");
  } catch {
    return "(not a URL)";
  }
};
