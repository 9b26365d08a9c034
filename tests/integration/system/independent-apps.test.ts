// Two apps in one process share nothing: each app's long-lived state lives in its own Deps, none in a module.
import { describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { setUpTestServer } from "../../support/suite.ts";
import { seedUser } from "../account/seed.ts";

const first = setUpTestServer();
const second = setUpTestServer();

async function loggedIn(server: TestServer, cookie: string): Promise<boolean> {
  const response = await fetch(`${server.url}/api/authorize/logged-in`, { headers: { Cookie: cookie } });
  const body = (await response.json()) as { loggedIn: boolean };
  return body.loggedIn;
}

describe("two apps in one process", () => {
  test("a session of one app does not sign anyone in to the other", async () => {
    const listener = seedUser(first.deps);
    expect(await loggedIn(first, listener.cookie)).toBe(true);
    expect(await loggedIn(second, listener.cookie)).toBe(false);
    const other = seedUser(second.deps);
    expect(await loggedIn(second, other.cookie)).toBe(true);
    expect(await loggedIn(first, other.cookie)).toBe(false);
  });

  test("work queued for a user in one app neither blocks nor shows in the other", async () => {
    let release = () => {};
    const blocked = new Promise<void>((resolve) => {
      release = resolve;
    });
    const waiting = first.deps.work.forUser("same-user", () => blocked);
    expect(first.deps.work.isBusy("same-user")).toBe(true);
    expect(second.deps.work.isBusy("same-user")).toBe(false);
    // the other app runs the same user's work at once, not after the first app's
    expect(await second.deps.work.forUser("same-user", async () => "ran")).toBe("ran");
    release();
    await waiting;
    await Bun.sleep(1); // the queue forgets a finished chain one turn after it settles
    expect(first.deps.work.isBusy("same-user")).toBe(false);
  });

  test("each app keeps its own running jobs, queued syncs, refreshes and caches", () => {
    const members = [
      "work",
      "runningBatchJobs",
      "queuedSettingsSyncs",
      "signInSyncs",
      "tokenRefreshes",
      "priceCache",
    ] as const;
    for (const member of members) expect(first.deps[member]).not.toBe(second.deps[member]);
    first.deps.runningBatchJobs.add("hourly-sync");
    expect(second.deps.runningBatchJobs.has("hourly-sync")).toBe(false);
    first.deps.runningBatchJobs.delete("hourly-sync");
  });

  test("stopping one app leaves the other's background work running", async () => {
    const stopped = await startTestServer();
    await stopped.dispose();
    expect(stopped.deps.work.isStopping).toBe(true);
    expect(second.deps.work.isStopping).toBe(false);
    expect(await second.deps.work.forUser("after-stop", async () => "ran")).toBe("ran");
  });
});
