// `crate doctor`: every check of the configuration the server would start with and of what it can reach, one
// line each. Nothing is changed: the database is opened read-only, no key file is created.
import { doctorLimits } from "../../shared/self-hosting.ts";
import type { Config } from "../config/config.ts";
import {
  type CheckResult,
  type ClockReading,
  createProbe,
  failed,
  formatResult,
  ok,
  skipped,
} from "./check.ts";
import { checkMetadataSources } from "./metadata.ts";
import { checkPaddle } from "./paddle.ts";
import { checkSpotify } from "./spotify.ts";
import { checkBackupFolder, checkDatabase, checkFreeDisk, checkKey } from "./storage.ts";

export interface DoctorReport {
  results: CheckResult[];
  /** true when no check failed */
  passed: boolean;
}

export interface DoctorOptions {
  fetch?: typeof fetch;
  /**
   * false at the server's own start: it has just opened the database and checked the key itself, and an integrity
   * check's long read beside the running server would hold back its WAL checkpoints. Free disk is still checked.
   */
  database?: boolean;
}

export async function runDoctor(config: Config, options: DoctorOptions = {}): Promise<DoctorReport> {
  const readings: ClockReading[] = [];
  const probe = createProbe(readings, options.fetch);
  const results: CheckResult[] = [
    ...(await checkSpotify(config, probe)),
    ...(await checkPaddle(config, probe)),
    ...(await checkMetadataSources(config, probe)),
    ...(options.database === false ? [checkFreeDisk(config)] : [...checkDatabase(config), checkKey(config)]),
    checkBackupFolder(config),
    clockResult(readings),
  ];
  return { results, passed: results.every((r) => r.outcome !== "failed") };
}

/** The largest difference between this machine's clock and a provider's `Date` header. */
function clockResult(readings: ClockReading[]): CheckResult {
  const name = "Clock";
  if (readings.length === 0) return skipped(name, "no provider answered with a Date header");
  const worst = readings.reduce((a, b) => (Math.abs(b.skewMs) > Math.abs(a.skewMs) ? b : a));
  const seconds = Math.round(Math.abs(worst.skewMs) / 1000);
  const hosts = [...new Set(readings.map((r) => r.host))].join(", ");
  if (seconds > doctorLimits.maxClockSkewSeconds)
    return failed(
      name,
      `${seconds} s ${worst.skewMs > 0 ? "behind" : "ahead of"} ${worst.host}: synchronise it (NTP: systemd-timesyncd, chrony); webhook signatures and token expiry depend on it`,
    );
  return ok(name, `within ${Math.max(1, seconds)} s of ${hosts}`);
}

/** The report as printed: one line per check, then the summary. */
export function formatReport(report: DoctorReport): string {
  const failures = report.results.filter((r) => r.outcome === "failed").length;
  const summary =
    failures === 0
      ? `All ${report.results.length} checks passed.`
      : `${failures} of ${report.results.length} checks failed.`;
  return [...report.results.map(formatResult), summary].join("\n");
}
