// Activity is recorded for users with statistics enabled, and only for them: REST calls by route, tRPC calls by
// procedure, repeats within a minute once.
import { describe, expect, test } from "bun:test";
import { ACTIVITY_REPEAT_MS, recordActivity } from "../../../src/server/admin/activity.ts";
import { manualClock } from "../../../src/server/platform/clock.ts";
import { makeUser, rest, setUpAdminWorld, trpcCall, userDetail } from "./support.ts";

const NOW = Date.UTC(2026, 4, 2, 9);
const clock = manualClock(NOW);

const world = setUpAdminWorld(clock);

const activityOf = (userId: string) =>
  world.server.deps.db.$client
    .query<{ kind: string; time: number }, [string]>(
      "SELECT kind, time FROM activity WHERE user_id = ? ORDER BY id",
    )
    .all(userId);

const enable = (userId: string) =>
  rest(world.api, "POST", `/api/admin/statistics/user/${userId}/enable`, world.admin.cookie);

describe("activity", () => {
  test("nothing is recorded for a user without statistics", async () => {
    const listener = makeUser(world.server.deps);
    await rest(world.api, "GET", "/api/user/id", listener.cookie);
    await trpcCall(world.api, "query", "user.me", undefined, listener.cookie);
    expect(recordActivity(world.server.deps, listener.userId, "login")).toBe(false);
    expect(activityOf(listener.userId)).toEqual([]);
  });

  test("with statistics enabled, REST calls are recorded by route and tRPC calls by procedure", async () => {
    const listener = makeUser(world.server.deps);
    expect((await enable(listener.userId)).status).toBe(200);
    clock.set(NOW + 1_000);
    await rest(world.api, "GET", "/api/user/id", listener.cookie);
    await rest(world.api, "GET", "/api/distributor/some-progress-id/progress", listener.cookie);
    await trpcCall(world.api, "query", "user.me", undefined, listener.cookie);
    // a batched tRPC request records each procedure
    await fetch(
      `${world.server.url}/api/trpc/user.membershipLevel,user.id?batch=1&input=${encodeURIComponent("{}")}`,
      {
        headers: { cookie: listener.cookie },
      },
    );
    // signed-out calls, unknown paths and procedure names the router does not have are not anyone's activity
    await rest(world.api, "GET", "/api/user/id");
    await rest(world.api, "GET", "/api/no-such-path", listener.cookie);
    await fetch(
      `${world.server.url}/api/trpc/user.made_up,nothing.here,user?batch=1&input=${encodeURIComponent("{}")}`,
      {
        headers: { cookie: listener.cookie },
      },
    );
    await trpcCall(world.api, "query", "admin.noSuchProcedure", undefined, listener.cookie);
    expect(activityOf(listener.userId)).toEqual([
      { kind: "GET /api/user/id", time: NOW + 1_000 },
      { kind: "GET /api/distributor/:id/progress", time: NOW + 1_000 },
      { kind: "tRPC user.me", time: NOW + 1_000 },
      { kind: "tRPC user.membershipLevel", time: NOW + 1_000 },
      { kind: "tRPC user.id", time: NOW + 1_000 },
    ]);
    const detail = await userDetail(world, listener.userId);
    // newest first; calls in the same millisecond, the last recorded first
    expect(detail.body.activity[0]).toEqual({
      kind: "tRPC user.id",
      time: new Date(NOW + 1_000).toISOString(),
    });
    expect(detail.body.activity).toHaveLength(5);
  });

  test("polling: the same call within a minute is recorded once, after a minute again", async () => {
    const listener = makeUser(world.server.deps);
    await enable(listener.userId);
    clock.set(NOW + 10_000);
    for (let i = 0; i < 5; i += 1) {
      await rest(world.api, "GET", `/api/distributor/progress-${i}/progress`, listener.cookie);
      clock.advance(1_500);
    }
    clock.set(NOW + 10_000 + ACTIVITY_REPEAT_MS + 1);
    await rest(world.api, "GET", "/api/distributor/progress-9/progress", listener.cookie);
    expect(activityOf(listener.userId)).toEqual([
      { kind: "GET /api/distributor/:id/progress", time: NOW + 10_000 },
      { kind: "GET /api/distributor/:id/progress", time: NOW + 10_000 + ACTIVITY_REPEAT_MS + 1 },
    ]);
  });

  test("after disabling nothing more is recorded; the admin's own calls are recorded once enabled", async () => {
    const listener = makeUser(world.server.deps);
    await enable(listener.userId);
    clock.set(NOW + 200_000);
    await rest(world.api, "GET", "/api/user/membership-level", listener.cookie);
    await rest(
      world.api,
      "POST",
      `/api/admin/statistics/user/${listener.userId}/disable`,
      world.admin.cookie,
    );
    clock.advance(ACTIVITY_REPEAT_MS * 2);
    await rest(world.api, "GET", "/api/user/membership-level", listener.cookie);
    await trpcCall(world.api, "query", "user.me", undefined, listener.cookie);
    expect(activityOf(listener.userId)).toEqual([
      { kind: "GET /api/user/membership-level", time: NOW + 200_000 },
    ]);

    await enable(world.admin.userId);
    await rest(world.api, "GET", "/api/admin/statistics", world.admin.cookie);
    expect(activityOf(world.admin.userId).map((a) => a.kind)).toEqual(["GET /api/admin/statistics"]);
  });

  test("sign-out is recorded; deleting the account leaves nothing behind", async () => {
    const listener = makeUser(world.server.deps);
    await enable(listener.userId);
    clock.set(NOW + 500_000);
    await rest(world.api, "POST", "/api/authorize/logout", listener.cookie);
    expect(activityOf(listener.userId).map((a) => a.kind)).toEqual(["POST /api/authorize/logout"]);

    const leaving = makeUser(world.server.deps);
    await enable(leaving.userId);
    const deleted = await rest(world.api, "POST", "/api/user/delete-data", leaving.cookie);
    expect(deleted.status).toBe(200);
    expect(activityOf(leaving.userId)).toEqual([]);
  });
});
