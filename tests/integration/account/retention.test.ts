import { describe, expect, test } from "bun:test";
import { Cron } from "croner";
import { createSession } from "../../../src/server/auth/sessions.ts";
import * as t from "../../../src/server/db/schema/index.ts";
import { jobDefinitions } from "../../../src/server/jobs/index.ts";
import { retentionJob } from "../../../src/server/jobs/retention.ts";
import { manualClock } from "../../../src/server/platform/clock.ts";
import { setUpTestServer } from "../../support/suite.ts";
import { apiClient, seedUser } from "./seed.ts";

const DAY = 24 * 3600_000;
const start = Date.UTC(2026, 0, 10, 12);
const clock = manualClock(start);
const server = setUpTestServer({}, clock);

const count = (sql: string, ...params: string[]) =>
  server.deps.db.$client.query<{ n: number }, string[]>(sql).get(...params)?.n ?? 0;
const billingRows = (userId: string) =>
  count("SELECT count(*) AS n FROM payments WHERE user_id = ?", userId) +
  count("SELECT count(*) AS n FROM subscriptions WHERE user_id = ?", userId) +
  count("SELECT count(*) AS n FROM membership_events WHERE user_id = ?", userId);
const runJob = () => retentionJob.run(server.deps);

/** A premium user with one payment now and a subscription (ended at `endedAt`, or still running). */
function premiumUser(tag: string, endedAt: number | null) {
  const user = seedUser(server.deps);
  const now = clock.now();
  server.deps.db
    .insert(t.payments)
    .values({
      userId: user.userId,
      change: "PremiumYearly",
      effectiveDate: now,
      registeredDate: now,
      notificationId: `ntf-${tag}`,
      subscriptionId: `sub-${tag}`,
    })
    .run();
  server.deps.db
    .insert(t.subscriptions)
    .values({
      id: `sub-${tag}`,
      userId: user.userId,
      status: endedAt === null ? "Active" : "Cancelled",
      providerStatus: endedAt === null ? "active" : "canceled",
      lastEventAt: now,
      updatedAt: now,
      endedAt,
    })
    .run();
  server.deps.db
    .insert(t.webhookEvents)
    .values({
      eventId: `evt-${tag}`,
      eventType: "transaction.completed",
      occurredAt: now,
      receivedAt: now,
      processedAt: now,
      payload: JSON.stringify({ data: { custom_data: { user_id: user.userId } } }),
    })
    .run();
  return user;
}

describe("the retention job", () => {
  test("is registered to run daily", () => {
    const job = jobDefinitions.find((j) => j.name === "retention");
    expect(job).toBe(retentionJob);
    const runs = new Cron(retentionJob.pattern, { timezone: "UTC", paused: true }).nextRuns(
      3,
      new Date(start),
    );
    expect(runs[1] && runs[0] ? runs[1].getTime() - runs[0].getTime() : 0).toBe(DAY);
  });

  test("billing records of a deleted user: gone 70 days after the subscription ended", async () => {
    clock.set(start);
    const ended = premiumUser("ended", start);
    const living = premiumUser("living", start); // not deleted: its records stay
    await apiClient(server.url, ended.cookie)("POST", "/api/user/delete-data");
    expect(billingRows(ended.userId)).toBe(3); // payment, subscription, signup event

    clock.set(start + 69 * DAY);
    await runJob();
    expect(billingRows(ended.userId)).toBe(3);
    expect(count("SELECT count(*) AS n FROM webhook_events WHERE event_id = 'evt-ended'")).toBe(1);

    clock.set(start + 70 * DAY + 1);
    await runJob();
    expect(billingRows(ended.userId)).toBe(0);
    expect(count("SELECT count(*) AS n FROM webhook_events WHERE event_id = 'evt-ended'")).toBe(0);
    expect(billingRows(living.userId)).toBe(3);
  });

  test("billing records of a deleted user whose subscription runs on: gone 14 months after the last payment", async () => {
    clock.set(start);
    const running = premiumUser("running", null);
    await apiClient(server.url, running.cookie)("POST", "/api/user/delete-data");

    clock.set(Date.UTC(2027, 2, 10, 11)); // 14 months minus an hour
    await runJob();
    expect(billingRows(running.userId)).toBe(3);

    clock.set(Date.UTC(2027, 2, 10, 12, 0, 1));
    await runJob();
    expect(billingRows(running.userId)).toBe(0);
  });

  test("deletion marks are kept 5 days; expired and idle sessions go", async () => {
    clock.set(start);
    const deleter = seedUser(server.deps);
    await apiClient(server.url, deleter.cookie)("POST", "/api/user/delete-data");
    const keeper = seedUser(server.deps);
    const stale = createSession(server.deps.db, clock, keeper.userId);

    clock.set(start + 5 * DAY - 60_000);
    await runJob();
    expect(count("SELECT count(*) AS n FROM deleted_accounts WHERE deleted_at = ?", String(start))).toBe(1);

    clock.set(start + 5 * DAY + 1);
    const fresh = createSession(server.deps.db, clock, keeper.userId);
    const result = (await runJob()) as { expiredSessions: number; deletedAccountMarks: number };
    expect(count("SELECT count(*) AS n FROM deleted_accounts WHERE deleted_at = ?", String(start))).toBe(0);
    expect(result.deletedAccountMarks).toBeGreaterThanOrEqual(1);

    clock.set(start + 15 * DAY); // stale idle for 15 days; fresh for 10
    await runJob();
    const sessionsLeft = server.deps.db.$client
      .query<{ expires_at: number }, [string]>("SELECT expires_at FROM sessions WHERE user_id = ?")
      .all(keeper.userId);
    expect(sessionsLeft.map((s) => s.expires_at)).toEqual([fresh.expiresAt]);
    expect(stale.expiresAt).not.toBe(fresh.expiresAt);

    clock.set(fresh.expiresAt);
    await runJob();
    expect(count("SELECT count(*) AS n FROM sessions WHERE user_id = ?", keeper.userId)).toBe(0);
  });

  test("orphaned rows of users that no longer exist are purged; live users' rows are not", async () => {
    clock.set(start);
    const live = seedUser(server.deps);
    const ghost = crypto.randomUUID();
    const db = server.deps.db;
    db.insert(t.membershipEvents)
      .values({ userId: ghost, membershipLevel: "Free", effectiveDate: start, source: "signup" })
      .run();
    await runJob();
    expect(count("SELECT count(*) AS n FROM membership_events WHERE user_id = ?", ghost)).toBe(0);
    expect(count("SELECT count(*) AS n FROM membership_events WHERE user_id = ?", live.userId)).toBe(1);
  });
});
