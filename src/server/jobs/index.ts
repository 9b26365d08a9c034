import { Cron } from "croner";
import { beginJobRun } from "../admin/charts-record.ts";
import type { Deps } from "../deps/deps.ts";
import { backupJob } from "./backup.ts";
import { hourlySyncJob } from "./hourly-sync.ts";
import type { JobDefinition } from "./job.ts";
import { randomRefreshJob } from "./random-refresh.ts";
import { retentionJob } from "./retention.ts";

/** Every scheduled job; each lives in its own file and only calls services. */
export const jobDefinitions: JobDefinition[] = [retentionJob, hourlySyncJob, randomRefreshJob];

/** The jobs this configuration runs: the daily backup too when BACKUP_DIR is set. */
export const jobsFor = (config: Deps["config"]): JobDefinition[] =>
  config.backup.dir ? [...jobDefinitions, backupJob] : jobDefinitions;

export interface RunningJobs {
  stopAll(): Promise<void>;
}

/** Runs a job once, counted and timed in the metrics and the charts' history (a failure is counted, then thrown on). */
export async function runJob(deps: Deps, job: JobDefinition): Promise<unknown> {
  const recordRun = beginJobRun(deps, job.name);
  const started = performance.now();
  let outcome: "success" | "failure" = "failure";
  try {
    const result = await job.run(deps);
    outcome = "success";
    return result;
  } finally {
    const ms = performance.now() - started;
    deps.metrics.jobRun(job.name, outcome, ms / 1000);
    recordRun(outcome, ms);
  }
}

/** Registers the jobs with croner (never two runs of one job at once) and returns stopAll for shutdown. */
export function startJobs(deps: Deps, definitions: JobDefinition[] = jobsFor(deps.config)): RunningJobs {
  const inFlight = new Set<Promise<unknown>>();
  const crons = definitions.map(
    (job) =>
      new Cron(
        job.pattern,
        {
          name: job.name,
          protect: true,
          timezone: "UTC",
          catch: (e) => deps.log.error("job failed", { job: job.name, error: String(e) }),
        },
        async () => {
          const run = runJob(deps, job);
          inFlight.add(run);
          try {
            await run;
          } finally {
            inFlight.delete(run);
          }
        },
      ),
  );
  return {
    async stopAll() {
      for (const cron of crons) cron.stop();
      await Promise.allSettled([...inFlight]);
    },
  };
}
