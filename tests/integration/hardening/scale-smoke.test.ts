// The scale benchmark in a form CI affords: 500 users signed in through the real flow, synced by the hourly job
// while the emulator (in its own process) enforces a per-app rate limit set to half the pace the job keeps
// without one, so the limit binds on any machine. Asserts counts, not timings: every user synced in every run and
// none failed, an idle sync costs exactly one Web API call and one token refresh a user, 429s never turn into a
// loop, and users with new likes get them distributed within a bounded number of calls.
import { beforeAll, describe, expect, test } from "bun:test";
import { loadSelection } from "../../bench/support/load.ts";
import { runScaleScenario, type ScaleFigures } from "../../bench/support/scale.ts";

const users = 500;
const movers = 25;
const newLikes = 3;
/** a user with new likes: one read, at most one artists and one features batch, a creation and an add per playlist */
const maxCallsPerMover = 1 + 2 + 2 * loadSelection.length;

describe("scale smoke: 500 users under a provider rate limit", () => {
  let figures: ScaleFigures;

  beforeAll(async () => {
    figures = await runScaleScenario({
      users,
      likes: 20,
      rateLimitPerSec: "half of free pace",
      usersWithNewLikes: movers,
      newLikes,
      unlimitedRun: false,
    });
  }, 300_000);

  test("every run syncs every user once and no user fails", () => {
    expect(figures.runs).toHaveLength(3);
    for (const run of figures.runs) {
      expect({ label: run.label, processed: run.outcome.usersProcessed, synced: run.usersSynced }).toEqual({
        label: run.label,
        processed: users,
        synced: users,
      });
      expect(run.outcome.failures).toBe(0);
      expect(run.tokenCalls).toBe(users);
    }
  });

  test("the limit bound, and an idle sync still costs one accepted call a user with no 429 loop", () => {
    const idle = figures.runs[1];
    if (!idle) throw new Error("no idle run");
    expect(idle.rateLimitPerSec).toBe(figures.rateLimitPerSec);
    expect(idle.rateLimited).toBeGreaterThan(0);
    expect(idle.webApiCalls - idle.rateLimited).toBe(users);
    // each 429 pauses every call for its Retry-After: refused calls stay a small share of the accepted ones
    expect(idle.rateLimited).toBeLessThanOrEqual(users / 2);
  });

  test("users with new likes get them distributed within the call bound; the others cost one call", () => {
    const mixed = figures.runs[2];
    if (!mixed?.distributed) throw new Error("no run with new likes");
    expect(mixed.distributed).toMatchObject({ finished: movers, failed: 0, usersWithAllLikes: movers });
    expect(mixed.distributed.songsAdded).toBeGreaterThan(0);
    expect(mixed.distributed.songsAdded).toBeLessThanOrEqual(movers * newLikes * loadSelection.length);
    const accepted = mixed.webApiCalls - mixed.rateLimited;
    expect(accepted).toBeGreaterThan(users);
    expect(accepted).toBeLessThanOrEqual(users - movers + movers * maxCallsPerMover);
    expect(mixed.rateLimited).toBeLessThanOrEqual(accepted / 2);
  });
});
