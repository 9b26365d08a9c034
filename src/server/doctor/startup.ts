// What the operator reads after "Crate is listening": in demo mode how to sign in; in real mode the addresses to
// register with Spotify and Paddle, then the doctor's verdict (warnings only: the server is already serving).
import {
  demoListeners,
  demoTestCard,
  paddleWebhookPath,
  signInCallbackPath,
} from "../../shared/self-hosting.ts";
import type { Config } from "../config/config.ts";
import type { Logger } from "../platform/log.ts";
import { formatResult } from "./check.ts";
import { type DoctorReport, runDoctor } from "./run.ts";

/** The lines, each a log message of its own (logs stay JSON lines). */
export function startupGuide(config: Config): string[] {
  if (config.demoMode)
    return [
      `Demo: open ${config.publicUrl} and sign in with Spotify (emulated): no account needed`,
      ...demoListeners.map((l) => `Demo listener ${l.id}: ${l.about}`),
      `Demo premium: the emulated Paddle checkout takes the test card ${demoTestCard} (any future expiry, any CVC)`,
    ];
  return [
    `Spotify: the app's Redirect URIs must include ${config.publicUrl}${signInCallbackPath}`,
    config.premium
      ? `Paddle: a notification destination must send to ${config.publicUrl}${paddleWebhookPath}`
      : "Paddle: PREMIUM=off, nothing is sold",
  ];
}

/**
 * Logs the guide; in real mode runs the doctor in the background and logs its verdict. `check` is replaceable so a
 * test can hold it; its failures never stop the server.
 */
export function announceStart(
  config: Config,
  log: Logger,
  check: (config: Config) => Promise<DoctorReport> = (c) => runDoctor(c, { database: false }),
): Promise<void> {
  for (const line of startupGuide(config)) log.info(line);
  if (config.demoMode) return Promise.resolve();
  return check(config).then(
    (report) => {
      const failures = report.results.filter((r) => r.outcome === "failed");
      if (failures.length === 0) log.info(`crate doctor: all ${report.results.length} checks passed`);
      for (const failure of failures) log.warn(`crate doctor: ${formatResult(failure)}`);
    },
    (error) => log.warn("crate doctor could not run", { error: String(error) }),
  );
}
