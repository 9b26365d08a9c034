import type { Deps } from "../deps/deps.ts";

/** A scheduled job: `jobs/index.ts` registers each with croner and counts and times its runs. */
export interface JobDefinition {
  name: string;
  /** cron pattern, UTC */
  pattern: string;
  run(deps: Deps): Promise<unknown>;
}
