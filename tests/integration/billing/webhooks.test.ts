import { beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { webhookEvents } from "../../../src/server/db/schema/index.ts";
import { setUpTestServer } from "../../support/suite.ts";
import {
  createSignedInUser,
  event,
  levelOf,
  membershipEventsOf,
  paymentsOf,
  pid,
  postSigned,
  storedEvent,
  subscriptionEntity,
  subscriptionRow,
  type TestUser,
  transactionEntity,
} from "./helpers.ts";

let secret: string;
const t = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 12, minutes));

const server = setUpTestServer();
beforeAll(async () => {
  secret = server.deps.config.paddle.webhookSecret;
});

const send = (body: unknown) => postSigned(server.url, secret, JSON.stringify(body));
type SubscriptionOptions = Parameters<typeof subscriptionEntity>[0];
/** A `subscription.<change>` event about the user's subscription `id` in the given status. */
const subscriptionEvent = (
  change: string,
  at: Date,
  id: string,
  user: TestUser,
  status: SubscriptionOptions["status"],
  more: Partial<SubscriptionOptions> = {},
) => event(`subscription.${change}`, at, subscriptionEntity({ id, userId: user.userId, status, ...more }));

describe("webhook security", () => {
  test("unsigned, wrongly signed and stale deliveries are refused and change nothing", async () => {
    const user = createSignedInUser(server.deps);
    const sub = subscriptionEntity({ id: pid("sub"), userId: user.userId, status: "active" });
    const body = JSON.stringify(event("subscription.created", t(0), sub));
    const ts = Math.floor(Date.now() / 1000);

    const unsigned = await fetch(`${server.url}/api/payment/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    expect(unsigned.status).toBe(400);
    expect(((await unsigned.json()) as { errorCode: number }).errorCode).toBe(1);

    const wrongSecret = await postSigned(server.url, "pdl_ntfset_wrong", body);
    expect(wrongSecret.status).toBe(401);
    expect(((await wrongSecret.json()) as { errorCode: number }).errorCode).toBe(6);

    const stale = await postSigned(server.url, secret, body, { tsSec: ts - 3600 });
    expect(stale.status).toBe(401);

    const tampered = await postSigned(server.url, secret, body, {
      header: `ts=${ts};h1=${"0".repeat(64)}`,
    });
    expect(tampered.status).toBe(401);

    expect(levelOf(server.deps, user.userId)).toBe("Free");
    expect(subscriptionRow(server.deps, sub.id)).toBeUndefined();
    expect(server.deps.db.select().from(webhookEvents).where(eq(webhookEvents.eventType, "x")).all()).toEqual(
      [],
    );
    expect(membershipEventsOf(server.deps, user.userId)).toEqual([]);
  });

  test("a correctly signed body that is not a Paddle event is a 400, not a 500", async () => {
    for (const body of [
      "not json",
      "{}",
      JSON.stringify({ event_id: "evt_1", event_type: "x", occurred_at: "no" }),
    ]) {
      const res = await postSigned(server.url, secret, body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { errorCode: number }).errorCode).toBe(1);
    }
  });
});

describe("deduplication and ordering", () => {
  test("the same event delivered twice is applied once and answered 200 both times", async () => {
    const user = createSignedInUser(server.deps);
    const subId = pid("sub");
    const paid = event(
      "transaction.completed",
      t(1),
      transactionEntity({ userId: user.userId, subscriptionId: subId }),
    );
    const first = await send(paid);
    const second = await send({ ...paid, notification_id: pid("ntf") });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(((await first.json()) as { duplicate: boolean }).duplicate).toBe(false);
    expect(((await second.json()) as { duplicate: boolean }).duplicate).toBe(true);
    expect(storedEvent(server.deps, paid.event_id)).toHaveLength(1);
    expect(levelOf(server.deps, user.userId)).toBe("PremiumYearly");
    expect(membershipEventsOf(server.deps, user.userId)).toHaveLength(1);
    const records = paymentsOf(server.deps, user.userId);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      change: "Purchase",
      notificationId: paid.notification_id,
      customerId: "ctm_01h000000000000000000000aa",
      subscriptionId: subId,
      amount: "49.00",
      currency: "USD",
      effectiveDate: Date.UTC(2026, 0, 1),
    });
    expect(records[0]?.registeredDate).toBeGreaterThan(0);
  });

  test("an older event arriving after a newer one never overwrites the newer state", async () => {
    const user = createSignedInUser(server.deps);
    const id = pid("sub");
    const created = subscriptionEvent("created", t(0), id, user, "active");
    const cancelScheduled = subscriptionEvent("updated", t(10), id, user, "active", {
      scheduledCancel: true,
    });
    // newer first, then the older one
    expect((await send(cancelScheduled)).status).toBe(200);
    const late = await send(created);
    expect(late.status).toBe(200);
    expect(((await late.json()) as { outcome: string }).outcome).toBe("superseded");
    expect(subscriptionRow(server.deps, id)).toMatchObject({
      status: "BeingCancelled",
      providerStatus: "active",
    });
    expect(levelOf(server.deps, user.userId)).toBe("PremiumYearly");

    const canceled = subscriptionEvent("canceled", t(30), id, user, "canceled");
    const reactivatedEarlier = subscriptionEvent("updated", t(20), id, user, "active");
    const paidEarlier = event(
      "transaction.completed",
      t(5),
      transactionEntity({ userId: user.userId, subscriptionId: id }),
    );
    await send(canceled);
    await send(reactivatedEarlier);
    await send(paidEarlier);
    expect(subscriptionRow(server.deps, id)).toMatchObject({
      status: "Cancelled",
      providerStatus: "canceled",
    });
    expect(levelOf(server.deps, user.userId)).toBe("Free");
    // the late payment is still on record, but it did not make the user premium again
    expect(paymentsOf(server.deps, user.userId).map((p) => p.change)).toEqual([
      "CancellationScheduled",
      "Cancelled",
      "Purchase",
    ]);
    expect(membershipEventsOf(server.deps, user.userId).map((e) => e.membershipLevel)).toEqual([
      "Free",
      "PremiumYearly",
    ]);
  });

  test("transaction.completed and subscription.created work in either order", async () => {
    for (const order of ["transaction first", "subscription first"]) {
      const user = createSignedInUser(server.deps);
      const id = pid("sub");
      const created = subscriptionEvent("created", t(0), id, user, "active");
      const paid = event(
        "transaction.completed",
        t(1),
        transactionEntity({ userId: user.userId, subscriptionId: id }),
      );
      const sequence = order === "transaction first" ? [paid, created] : [created, paid];
      for (const e of sequence) expect((await send(e)).status).toBe(200);
      expect(levelOf(server.deps, user.userId)).toBe("PremiumYearly");
      const row = subscriptionRow(server.deps, id);
      expect(row).toMatchObject({ status: "Active", amount: "49.00", currency: "USD", userId: user.userId });
      expect(row?.currentBillingPeriodEnds).toBe(Date.UTC(2027, 0, 1));
      expect(membershipEventsOf(server.deps, user.userId)).toHaveLength(1);
    }
  });
});

describe("lifecycle from Paddle's events", () => {
  test("past_due (failed renewal) returns the user to Free; a recovered payment makes them premium again", async () => {
    const user = createSignedInUser(server.deps);
    const id = pid("sub");
    await send(subscriptionEvent("activated", t(0), id, user, "active"));
    expect(levelOf(server.deps, user.userId)).toBe("PremiumYearly");
    await send(subscriptionEvent("past_due", t(10), id, user, "past_due"));
    expect(levelOf(server.deps, user.userId)).toBe("Free");
    expect(subscriptionRow(server.deps, id)?.status).toBe("Cancelled");
    await send(subscriptionEvent("updated", t(20), id, user, "active"));
    expect(levelOf(server.deps, user.userId)).toBe("PremiumYearly");
    expect(paymentsOf(server.deps, user.userId).map((p) => p.change)).toEqual([
      "SubscriptionStarted",
      "RenewalFailed",
      "Resumed",
    ]);
    expect(membershipEventsOf(server.deps, user.userId).map((e) => [e.membershipLevel, e.source])).toEqual([
      ["PremiumYearly", "subscription"],
      ["Free", "subscription"],
      ["PremiumYearly", "subscription"],
    ]);
  });

  test("events without custom_data.user_id are resolved through the known subscription", async () => {
    const user = createSignedInUser(server.deps);
    const id = pid("sub");
    await send(subscriptionEvent("created", t(0), id, user, "active"));
    const renewal = transactionEntity({ userId: null, subscriptionId: id, origin: "subscription_recurring" });
    await send(event("transaction.completed", t(5), renewal));
    expect(paymentsOf(server.deps, user.userId).map((p) => p.change)).toEqual([
      "SubscriptionStarted",
      "Renewal",
    ]);
  });

  test("an event for an unknown user is acknowledged and changes no user", async () => {
    const res = await send(
      event(
        "transaction.completed",
        t(0),
        transactionEntity({ userId: "no-such-user", subscriptionId: pid("sub") }),
      ),
    );
    expect(res.status).toBe(200);
    expect(((await res.json()) as { outcome: string }).outcome).toBe("no_user");
  });

  test("an admin-set legacy level is not taken away when a subscription ends", async () => {
    const user = createSignedInUser(server.deps, "FreeBeforePremiumIntroduced");
    const id = pid("sub");
    await send(subscriptionEvent("canceled", t(0), id, user, "canceled"));
    expect(levelOf(server.deps, user.userId)).toBe("FreeBeforePremiumIntroduced");
  });

  test("unrelated event types are stored and acknowledged", async () => {
    const e = event("customer.updated", t(0), { id: "ctm_01h000000000000000000000zz" });
    const res = await send(e);
    expect(res.status).toBe(200);
    expect(storedEvent(server.deps, e.event_id)[0]?.outcome).toBe("ignored");
  });
});
