// The load benchmark in a form CI affords: the compiled binary in real mode against the Spotify emulator in its
// own process, 20 signed-in autocannon clients for 1 s while the hourly job (started by the admin call) syncs 50
// users who each liked new songs. Asserts counts, not timings: no failed request in any run, every user synced
// with every like stored and distributed, one token refresh a user, and Web API calls per user within a bound.
import { beforeAll, describe, expect, test } from "bun:test";
import { type LoadFigures, loadSelection, runLoadScenario } from "../../bench/support/load.ts";

const users = 50;
const newLikes = 3;
/** a user with new likes: one read, at most one artists and one features batch, a creation and an add per playlist */
const maxCallsPerUser = 1 + 2 + 2 * loadSelection.length;

describe("load smoke: the binary under autocannon while the hourly job runs", () => {
  let figures: LoadFigures;

  beforeAll(async () => {
    figures = await runLoadScenario({
      users,
      clients: 20,
      likes: 20,
      newLikes,
      durationSec: 1,
      compile: true,
    });
  }, 180_000);

  test("no request failed, against the hello route or Crate, with or without the job", () => {
    expect(figures.runs.map((r) => r.label)).toEqual([
      "bare Bun.serve hello route",
      "Crate, no job running",
      "Crate, hourly job running",
    ]);
    for (const run of figures.runs) {
      expect(run.requests).toBeGreaterThan(0);
      expect({ label: run.label, failed: run.failed, statuses: Object.keys(run.statusCounts) }).toEqual({
        label: run.label,
        failed: 0,
        statuses: ["200"],
      });
    }
  });

  test("the hourly job synced every user and distributed their new likes", () => {
    const job = figures.job;
    expect(job.status).toBe("finished");
    // the admin is monitored too
    expect(job.usersProcessed).toBe(users + 1);
    expect(job.usersSynced).toBe(users);
    expect(job.usersWithAllLikes).toBe(users);
    expect(job.hourlyDistributionsFinished).toBe(users);
    expect(job.hourlyDistributionsFailed).toBe(0);
  });

  test("provider calls stay within the bound: one token refresh and a bounded number of Web API calls a user", () => {
    const job = figures.job;
    expect(job.tokenCalls).toBe(users + 1);
    // every user reads its likes at least once; the admin (nothing new) exactly once
    expect(job.webApiCalls).toBeGreaterThanOrEqual(users + 1);
    expect(job.webApiCalls).toBeLessThanOrEqual(users * maxCallsPerUser + 1);
  });
});
