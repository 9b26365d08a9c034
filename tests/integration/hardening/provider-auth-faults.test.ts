// Provider faults, part two: access tokens that expire in the middle of a distribution, and a listener who
// revokes Crate's access in the middle of one. The first completes as if nothing happened; the second ends
// with the spec's failure state (-1) and, once the listener signs in again, the next hourly job finishes it.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { runHourlySync } from "../../../src/server/distribution/batch/batch-jobs.ts";
import {
  call,
  distributeAndWait,
  type Harness,
  signIn,
  startHarness,
  waitForProgress,
} from "../distribution/support.ts";
import {
  entriesOf,
  expectCompleted,
  expectNothingDoubled,
  expectSamePlaylists,
  laterLikesAt,
  likeLaterAndSync,
  premiumListener,
  selection,
  startDistribution,
  waitForFirstWrites,
} from "./provider-faults-support.ts";

const LIKES = 300;

let clean: Harness;
let faulty: Harness;
const laterLikes = new Map<string, string[]>();

beforeAll(async () => {
  [clean, faulty] = await Promise.all([startHarness(), startHarness()]);
  for (const id of ["expiring", "revoking"]) {
    const listener = await premiumListener(clean, id, LIKES);
    await distributeAndWait(clean, listener, selection);
    laterLikes.set(id, await likeLaterAndSync(clean, id, null));
  }
}, 60_000);

afterAll(async () => {
  await Promise.all([clean?.dispose(), faulty?.dispose()]);
});

describe("access tokens expire mid-distribution", () => {
  test("Crate refreshes once and completes with the playlists of a clean run", async () => {
    const listener = await premiumListener(faulty, "expiring", LIKES);
    faulty.spotify.control.setFaults({ latencyMs: 30 });
    const id = await startDistribution(faulty, listener);
    await waitForFirstWrites(faulty, listener, id);
    faulty.spotify.control.resetCalls();
    expect(faulty.spotify.control.expireTokens()).toBeGreaterThan(0);
    await expectCompleted(faulty, listener, id);
    faulty.spotify.control.setFaults({});
    // the calls that met the expired token share one refresh
    expect(faulty.spotify.control.calls().counts["POST /api/token"]).toBe(1);
    await likeLaterAndSync(faulty, "expiring", laterLikes.get("expiring") ?? []);
    expectSamePlaylists(clean, faulty, "expiring");
    expectNothingDoubled(faulty, "expiring");
  }, 30_000);
});

describe("the listener revokes Crate's access mid-distribution", () => {
  test("the run fails (-1) with nothing doubled; after signing in again the hourly job finishes it", async () => {
    const listener = await premiumListener(faulty, "revoking", LIKES);
    faulty.spotify.control.setFaults({ latencyMs: 30 });
    const id = await startDistribution(faulty, listener);
    await waitForFirstWrites(faulty, listener, id);
    faulty.spotify.control.revoke("revoking");

    // what the listener's page shows: the run ended, every entry with the failure value
    const failed = await waitForProgress(faulty, listener, id);
    expect(entriesOf(failed).map((e) => e.completedWork)).toEqual(entriesOf(failed).map(() => -1));
    faulty.spotify.control.setFaults({});
    const createdBeforeRevoke = faulty.spotify.control.listenerPlaylists("revoking").length;
    expect(createdBeforeRevoke).toBeGreaterThan(0);
    expectNothingDoubled(faulty, "revoking");

    // While access is revoked the hourly job leaves the listener alone (no calls with a dead grant).
    faulty.spotify.control.like("revoking", {
      trackIds: laterLikes.get("revoking") ?? [],
      addedAt: laterLikesAt,
    });
    faulty.spotify.control.resetCalls();
    expect(await runHourlySync(faulty.crate.deps)).toMatchObject({ failures: 0 });
    expect(faulty.spotify.control.calls().counts["POST /api/token"]).toBeUndefined();
    expect(faulty.spotify.control.listenerPlaylists("revoking").length).toBe(createdBeforeRevoke);

    // The listener signs in again; the next hourly job finishes the run and adds the later likes.
    const again = await signIn(faulty, "revoking", null);
    expect(again.userId).toBe(listener.userId);
    expect(await runHourlySync(faulty.crate.deps)).toMatchObject({ failures: 0 });
    const done = await call(faulty, listener.cookie, "GET", `/api/distributor/${id}/progress`);
    expect(done.body.finished).toBe(true);
    for (const entry of entriesOf(done)) expect(entry.completedWork).toBe(entry.totalWork);
    expectSamePlaylists(clean, faulty, "revoking");
    expectNothingDoubled(faulty, "revoking");
  }, 30_000);
});
