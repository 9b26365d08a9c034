// Start-up and shutdown of the background work: nothing stays "running" after a crash.
import { cancelInterruptedAnalyses } from "../analysis/service.ts";
import type { Deps } from "../deps/deps.ts";
import { resumeInterruptedDistributions } from "../distribution/runs/run.ts";

/** At start-up: resume distributions a crash left running; end interrupted analyses (client resets). */
export function recoverInterruptedWork(deps: Deps): { distributions: number; analyses: number } {
  const analyses = cancelInterruptedAnalyses(deps);
  const distributions = resumeInterruptedDistributions(deps);
  if (distributions + analyses > 0) deps.log.info("resuming interrupted work", { distributions, analyses });
  return { distributions, analyses };
}

/** At shutdown: running distributions stop between two writes; the next start resumes them. */
export const stopBackgroundWork = (deps: Deps) => deps.work.stop();
