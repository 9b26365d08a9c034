// Forged session cookies do not slow the hourly job: nothing the job does depends on who is asking. Thirty
// clients with thirty made-up cookies cost the job what thirty connections with one made-up cookie cost (the
// same number of requests); when the job counted "clients" by their unchecked cookie, each forged one stretched it.
// Wall-clock times compared: `npm test` runs this file alone (scripts/test.ts), and the two kinds of run alternate.
import { beforeAll, describe, expect, test } from "bun:test";
import { SESSION_COOKIE } from "../../../src/server/auth/sessions.ts";
import { runHourlySync } from "../../../src/server/distribution/batch/batch-jobs.ts";
import { type Listener, setUpHarness } from "./support.ts";

const h = setUpHarness();
const listeners: Listener[] = [];
const CONNECTIONS = 30;

beforeAll(async () => {
  for (let i = 0; i < 12; i++) {
    const listener = await h.premiumListener(`forged-${i}`, 20, i + 1);
    await h.distributeAndWait(listener, ["Everything"]);
    listeners.push(listener);
  }
  // every provider call takes a while, as over the internet
  h.spotify.control.setFaults({ latencyMs: 10 });
}, 180_000);

/** The hourly job's time while `CONNECTIONS` clients keep asking with the cookies `cookieFor` makes up. */
async function jobWhileAsked(
  cookieFor: (connection: number) => string,
): Promise<{ ms: number; statuses: Set<number> }> {
  for (const listener of listeners) h.spotify.control.like(listener.id, { count: 1 });
  let asking = true;
  const statuses = new Set<number>();
  const clients = Array.from({ length: CONNECTIONS }, async (_, connection) => {
    while (asking) {
      const res = await fetch(`${h.crate.url}/api/playlist-preferences`, {
        headers: { cookie: `${SESSION_COOKIE}=${cookieFor(connection)}` },
      });
      await res.arrayBuffer();
      statuses.add(res.status);
    }
  });
  await Bun.sleep(1_200);
  const started = performance.now();
  const outcome = await runHourlySync(h.crate.deps);
  const ms = performance.now() - started;
  asking = false;
  await Promise.all(clients);
  expect(outcome).toMatchObject({ started: true, failures: 0, usersProcessed: listeners.length });
  return { ms, statuses };
}

describe("forged session cookies during the hourly job", () => {
  test("thirty made-up cookies slow the job no more than one made-up cookie on as many connections", async () => {
    const one = "x".repeat(43);
    const runs: { same: number; many: number }[] = [];
    for (let i = 0; i < 2; i++) {
      const same = await jobWhileAsked(() => one);
      const many = await jobWhileAsked((connection) => `${connection}-${i}-${"y".repeat(40)}`);
      // every forged request is refused as signed out, none fails
      expect([...same.statuses, ...many.statuses]).toEqual([401, 401]);
      runs.push({ same: same.ms, many: many.ms });
    }
    const best = (key: "same" | "many") => Math.min(...runs.map((run) => run[key]));
    console.log(
      `hourly job: one forged cookie ${best("same").toFixed(0)} ms, thirty ${best("many").toFixed(0)} ms`,
    );
    expect(best("many")).toBeLessThan(best("same") * 1.5 + 300);
  }, 180_000);
});
