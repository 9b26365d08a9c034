// GET /api/admin/statistics against seeded users, membership events and batch runs; the batch start; the
// statistics switches.
import { beforeAll, describe, expect, test } from "bun:test";
import { setMembershipLevel } from "../../../src/server/billing/membership.ts";
import { isBatchJobRunning } from "../../../src/server/distribution/batch/batch-jobs.ts";
import { manualClock } from "../../../src/server/platform/clock.ts";
import { ErrorCode } from "../../../src/shared/errors.ts";
import { type ApiTarget, inProcess } from "../../support/api.ts";
import { heldHourlyRun } from "../../support/held-run.ts";
import { setUpTestServer } from "../../support/suite.ts";
import { makeAdmin, makeUser, rest, type TestUser, trpcCall, trpcData } from "./support.ts";

const NOW = Date.UTC(2026, 0, 15, 12);
const clock = manualClock(NOW);
/** the API without a socket: these suites are about what it answers, not about HTTP */
let api: ApiTarget;
let admin: TestUser;
const users: TestUser[] = [];

/** Creates a user as if they signed up at `at`. */
function userAt(at: number): TestUser {
  clock.set(at);
  const user = makeUser(server.deps);
  users.push(user);
  return user;
}

const server = setUpTestServer({}, clock);
beforeAll(async () => {
  api = inProcess(server.deps);
  userAt(Date.UTC(2025, 10, 1, 8)); // before the 30-day window
  const a = userAt(Date.UTC(2026, 0, 1, 10));
  const b = userAt(Date.UTC(2026, 0, 1, 23, 59));
  userAt(Date.UTC(2026, 0, 14, 13)); // 23 hours before now
  userAt(Date.UTC(2026, 0, 15, 9));
  clock.set(NOW);
  admin = makeAdmin(server.deps); // the sixth account, created now
  const deps = server.deps;
  await setMembershipLevel(deps, a.userId, "PremiumYearly", "payment", {
    effectiveDate: Date.UTC(2026, 0, 10, 8),
  });
  await setMembershipLevel(deps, b.userId, "PremiumYearly", "admin", {
    effectiveDate: Date.UTC(2026, 0, 10, 20),
  });
  // outside the window: 2025-12-01
  await setMembershipLevel(deps, users[0]?.userId ?? "", "PremiumYearly", "payment", {
    effectiveDate: Date.UTC(2025, 11, 1),
  });
  deps.db.$client.query("UPDATE users SET monitored = 0 WHERE id = ?").run(b.userId);
  const insert = deps.db.$client.query(
    "INSERT INTO batch_executions (id, job, start_time, end_time, status) VALUES (?, ?, ?, ?, ?)",
  );
  for (let i = 1; i <= 12; i += 1) {
    const start = Date.UTC(2026, 0, 15, 0) + i * 60_000;
    insert.run(
      `run-${i}`,
      "hourly-sync",
      start,
      i === 12 ? null : start + 5_000,
      i === 12 ? "running" : "finished",
    );
  }
}, 60_000);

const days = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => new Date(from + i * 86_400_000).toISOString().slice(0, 10));

describe("statistics", () => {
  test("the numbers and the day maps match the seeded data", async () => {
    const answer = await rest(api, "GET", "/api/admin/statistics", admin.cookie);
    expect(answer.status).toBe(200);
    const { userData } = answer.body;
    const window = days(Date.UTC(2025, 11, 17), 30);
    expect(window.at(-1)).toBe("2026-01-15");

    expect(Object.keys(userData.userInflux)).toEqual(window);
    const influx = Object.fromEntries(window.map((d) => [d, 0]));
    Object.assign(influx, { "2026-01-01": 2, "2026-01-14": 1, "2026-01-15": 2 });
    expect(userData.userInflux).toEqual(influx);

    const premium = Object.fromEntries(window.map((d) => [d, 0]));
    premium["2026-01-10"] = 2;
    expect(userData.premiumInflux).toEqual(premium);

    const totals = Object.fromEntries(
      window.map((d) => [d, d < "2026-01-01" ? 1 : d < "2026-01-14" ? 3 : d < "2026-01-15" ? 4 : 6]),
    );
    expect(userData.numberOfUsersPerDay).toEqual(totals);
    expect(userData.numberOfMonitoredUsers).toBe(5);
    expect(userData.numberOfUsersLastDay).toBe(3);
  });

  test("the latest 10 batch runs, newest first; a running one has no end time", async () => {
    const answer = await rest(api, "GET", "/api/admin/statistics", admin.cookie);
    const runs = answer.body.batchData.latestBatchExecutions;
    expect(runs.map((r: { id: string }) => r.id)).toEqual(
      Array.from({ length: 10 }, (_, i) => `run-${12 - i}`),
    );
    expect(runs[0]).toEqual({
      id: "run-12",
      job: "hourly-sync",
      status: "running",
      startTime: new Date(Date.UTC(2026, 0, 15, 0) + 12 * 60_000).toISOString(),
    });
    expect(runs[1].endTime).toBe(new Date(Date.UTC(2026, 0, 15, 0) + 11 * 60_000 + 5_000).toISOString());
  });

  test("tRPC answers the same overview", async () => {
    const viaRest = await rest(api, "GET", "/api/admin/statistics", admin.cookie);
    expect(trpcData(await trpcCall(api, "query", "admin.statistics", undefined, admin.cookie))).toEqual(
      viaRest.body,
    );
  });
});

describe("user statistics switches", () => {
  test("enable and disable by user id show in enabledStatisticsUserIds; an unknown id is 404", async () => {
    const [first, second] = [users[1], users[2]];
    if (!first || !second) throw new Error("seed missing");
    const on = await rest(api, "POST", `/api/admin/statistics/user/${first.userId}/enable`, admin.cookie);
    expect(on).toEqual({ status: 200, body: { userId: first.userId, enabled: true } });
    clock.advance(1_000);
    trpcData(
      await trpcCall(api, "mutation", "admin.enableStatistics", { userId: second.userId }, admin.cookie),
    );
    // enabling again keeps the first date (and the order)
    await rest(api, "POST", `/api/admin/statistics/user/${first.userId}/enable`, admin.cookie);
    const overview = await rest(api, "GET", "/api/admin/statistics", admin.cookie);
    expect(overview.body.enabledStatisticsUserIds).toEqual([first.userId, second.userId]);
    // the same users, named as the admin reads them
    expect(overview.body.enabledStatisticsUsers).toEqual(
      [first, second].map((u) => ({ userId: u.userId, spotifyId: u.spotifyId, displayName: null })),
    );

    const off = await rest(api, "POST", `/api/admin/statistics/user/${first.userId}/disable`, admin.cookie);
    expect(off.body).toEqual({ userId: first.userId, enabled: false });
    const after = await rest(api, "GET", "/api/admin/statistics", admin.cookie);
    expect(after.body.enabledStatisticsUserIds).toEqual([second.userId]);

    for (const action of ["enable", "disable"]) {
      const unknown = await rest(
        api,
        "POST",
        `/api/admin/statistics/user/no-such-user/${action}`,
        admin.cookie,
      );
      expect(unknown.status).toBe(404);
      expect(unknown.body.errorCode).toBe(ErrorCode.NotFound);
    }
    const viaTrpc = await trpcCall(
      api,
      "mutation",
      "admin.disableStatistics",
      { userId: "nobody" },
      admin.cookie,
    );
    expect(viaTrpc.status).toBe(404);
    const blank = await trpcCall(api, "mutation", "admin.enableStatistics", { userId: "  " }, admin.cookie);
    expect(blank.status).toBe(400);
  });
});

describe("batch start", () => {
  test("starts the hourly run at once; while one is going it answers jobStarted false", async () => {
    const held = heldHourlyRun(server.deps);
    expect(isBatchJobRunning(server.deps, "hourly-sync")).toBe(true);
    expect(await rest(api, "POST", "/api/admin/batch/start", admin.cookie)).toEqual({
      status: 200,
      body: { jobStarted: false },
    });
    expect(trpcData(await trpcCall(api, "mutation", "admin.startBatch", undefined, admin.cookie))).toEqual({
      jobStarted: false,
    });
    held.release();
    await held.finished;

    const started = await rest(api, "POST", "/api/admin/batch/start", admin.cookie);
    expect(started.body).toEqual({ jobStarted: true });
    const overview = await rest(api, "GET", "/api/admin/statistics", admin.cookie);
    const latest = overview.body.batchData.latestBatchExecutions[0];
    expect(latest.job).toBe("hourly-sync");
    expect(latest.startTime).toBe(new Date(clock.now()).toISOString());
    // let the started run finish before the server stops
    for (let i = 0; i < 200 && isBatchJobRunning(server.deps, "hourly-sync"); i += 1) await Bun.sleep(10);
  });
});
