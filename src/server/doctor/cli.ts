// `crate doctor` / `bun run doctor`: prints the report and answers the exit code (0 only when nothing failed).
import type { Config } from "../config/config.ts";
import { startDemoProviders } from "./demo-providers.ts";
import { type DoctorReport, formatReport, runDoctor } from "./run.ts";

/** Runs every check; in demo mode against the emulators the server would mount, started here for the purpose. */
export async function doctorReport(config: Config): Promise<DoctorReport> {
  if (!config.demoMode) return runDoctor(config);
  const demo = startDemoProviders(config);
  try {
    return await runDoctor(demo.config);
  } finally {
    await demo.stop();
  }
}

export async function runDoctorCommand(config: Config): Promise<number> {
  const report = await doctorReport(config);
  console.log(
    `Checking the configuration Crate would start with (${config.demoMode ? "demo mode: against its emulators" : "real mode"}):`,
  );
  console.log(formatReport(report));
  return report.passed ? 0 : 1;
}
