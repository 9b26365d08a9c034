import { beforeAll, describe, expect, test } from "bun:test";
import { setMembershipLevel } from "../../../src/server/billing/membership.ts";
import { setUpTestServer } from "../../support/suite.ts";
import {
  createSignedInUser,
  event,
  levelOf,
  membershipEventsOf,
  paddleControl,
  payAtCheckout,
  paymentsOf,
  pid,
  postSigned,
  storedEvent,
  subscribeAtCheckout,
  subscriptionEntity,
  subscriptionRow,
  type TestUser,
  transactionEntity,
} from "./helpers.ts";

// Only a running subscription to Crate's own price grants Premium; refunds and chargebacks take it back.

let emulator: string;
let priceId: string;
let secret: string;

const server = setUpTestServer();
beforeAll(async () => {
  emulator = `${server.url}/emulator/paddle`;
  priceId = server.deps.config.paddle.priceId;
  secret = server.deps.config.paddle.webhookSecret;
});

const send = async (body: ReturnType<typeof event>) => {
  const res = await postSigned(server.url, secret, JSON.stringify(body));
  expect(res.status).toBe(200);
  return body.event_id;
};

const control = (path: string, body?: unknown) => paddleControl(server.url, path, body);

/** Paddle's API as Crate's support would use it to refund a payment. */
async function paddleApi(method: string, path: string, body?: unknown) {
  const res = await fetch(`${emulator}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${server.deps.config.paddle.apiKey}`,
      "content-type": "application/json",
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as { data: Record<string, unknown> } };
}

async function emulatedSubscription(id: string) {
  const { subscriptions } = (await control("/subscriptions")) as { subscriptions: { id: string }[] };
  return subscriptions.find((s) => s.id === id) as { id: string; status: string } | undefined;
}

/** The id of the completed transaction that paid for the subscription (from Paddle's notifications). */
async function firstTransactionOf(subscriptionId: string): Promise<string> {
  const { webhooks } = (await control(`/webhooks?subscription_id=${subscriptionId}`)) as {
    webhooks: { eventType: string; payload: { data: { id: string } } }[];
  };
  const paid = webhooks.find((w) => w.eventType === "transaction.completed");
  if (!paid) throw new Error("no transaction.completed for the subscription");
  return paid.payload.data.id;
}

const trpc = (user: TestUser, procedure: string, input?: unknown) =>
  fetch(`${server.url}/api/trpc/${procedure}`, {
    method: "POST",
    headers: { cookie: user.cookie, "content-type": "application/json", origin: server.url },
    body: input === undefined ? undefined : JSON.stringify(input),
  });

const errorCodeOf = async (res: Response) =>
  ((await res.json()) as { error: { data: { errorCode: number } } }).error.data.errorCode;

describe("what a purchase grants", () => {
  test("a subscription to another price is recorded and grants nothing", async () => {
    const user = createSignedInUser(server.deps);
    const other = {
      id: "pri_01otherproduct00000000000",
      unit_price: { amount: "900", currency_code: "USD" },
    };
    const sub = { ...subscriptionEntity({ id: pid("sub"), userId: user.userId, status: "active" }) };
    sub.items = [{ ...sub.items[0], price: { ...sub.items[0]?.price, ...other } } as (typeof sub.items)[0]];
    const txn = transactionEntity({ userId: user.userId, subscriptionId: sub.id });
    txn.items = [{ price: { ...txn.items[0]?.price, ...other }, quantity: 1 } as (typeof txn.items)[0]];

    const paidEvent = await send(event("transaction.completed", new Date(), txn));
    const subEvent = await send(event("subscription.created", new Date(), sub));

    expect(levelOf(server.deps, user.userId)).toBe("Free");
    expect(subscriptionRow(server.deps, sub.id)).toBeUndefined();
    expect(paymentsOf(server.deps, user.userId).map((p) => p.change)).toEqual(["NotCrateProduct"]);
    expect(storedEvent(server.deps, paidEvent)[0]?.outcome).toBe("not_crate_product");
    expect(storedEvent(server.deps, subEvent)[0]?.outcome).toBe("not_crate_product");
    expect(membershipEventsOf(server.deps, user.userId)).toEqual([]);
  });

  test("a one-time purchase at Paddle's checkout is recorded and grants nothing", async () => {
    const user = createSignedInUser(server.deps);
    await control("/prices", {
      id: "pri_01onetimeprice000000000000",
      amount: "500",
      currency_code: "USD",
      recurring: false,
    });
    const paid = await payAtCheckout(server.url, {
      price_id: "pri_01onetimeprice000000000000",
      user_id: user.userId,
      success_url: "/plans/success",
      card_number: "4242 4242 4242 4242",
    });
    expect(paid.status).toBe(303);

    expect(levelOf(server.deps, user.userId)).toBe("Free");
    const recorded = paymentsOf(server.deps, user.userId);
    expect(recorded.map((p) => [p.change, p.subscriptionId, p.amount])).toEqual([
      ["NotCrateProduct", null, "5.00"],
    ]);
  });

  test("Crate's own yearly price at the checkout grants Premium", async () => {
    const user = createSignedInUser(server.deps);
    await subscribeAtCheckout(server.url, priceId, user);
    expect(levelOf(server.deps, user.userId)).toBe("PremiumYearly");
  });
});

describe("refunds and chargebacks", () => {
  test("a refund pending approval changes nothing; approved, it ends the subscription at Paddle and Premium", async () => {
    const user = createSignedInUser(server.deps);
    const subscriptionId = await subscribeAtCheckout(server.url, priceId, user);
    const transactionId = await firstTransactionOf(subscriptionId);

    const created = await paddleApi("POST", "/adjustments", {
      action: "refund",
      type: "full",
      transaction_id: transactionId,
      reason: "asked within 14 days",
    });
    expect(created.status).toBe(201);
    expect(created.json.data.status).toBe("pending_approval");
    expect(levelOf(server.deps, user.userId)).toBe("PremiumYearly");
    expect((await emulatedSubscription(subscriptionId))?.status).toBe("active");

    await control(`/adjustments/${created.json.data.id as string}/review`, { status: "approved" });

    expect(levelOf(server.deps, user.userId)).toBe("Free");
    expect((await emulatedSubscription(subscriptionId))?.status).toBe("canceled");
    expect(subscriptionRow(server.deps, subscriptionId)?.status).toBe("Cancelled");
    const recorded = paymentsOf(server.deps, user.userId).map((p) => [p.change, p.amount]);
    expect(recorded).toContainEqual(["Refunded", "49.00"]);
    expect(recorded.filter(([change]) => change === "Refunded")).toHaveLength(1);
    expect(membershipEventsOf(server.deps, user.userId)[0]).toMatchObject({
      membershipLevel: "Free",
      source: "payment",
    });
  });

  test("a rejected refund leaves Premium as it is", async () => {
    const user = createSignedInUser(server.deps);
    const subscriptionId = await subscribeAtCheckout(server.url, priceId, user);
    const created = await paddleApi("POST", "/adjustments", {
      action: "refund",
      type: "full",
      transaction_id: await firstTransactionOf(subscriptionId),
      reason: "asked too late",
    });
    await control(`/adjustments/${created.json.data.id as string}/review`, { status: "rejected" });
    expect(levelOf(server.deps, user.userId)).toBe("PremiumYearly");
    expect((await emulatedSubscription(subscriptionId))?.status).toBe("active");
  });

  test("a chargeback ends the subscription at Paddle and returns the member to Free", async () => {
    const user = createSignedInUser(server.deps);
    const subscriptionId = await subscribeAtCheckout(server.url, priceId, user);
    await control(`/transactions/${await firstTransactionOf(subscriptionId)}/chargeback`, {});

    expect(levelOf(server.deps, user.userId)).toBe("Free");
    expect((await emulatedSubscription(subscriptionId))?.status).toBe("canceled");
    expect(paymentsOf(server.deps, user.userId).map((p) => p.change)).toContain("Chargeback");
  });

  test("the same approved adjustment told twice (created, then updated) is applied once", async () => {
    const user = createSignedInUser(server.deps);
    const id = pid("sub");
    await send(
      event(
        "subscription.created",
        new Date(),
        subscriptionEntity({ id, userId: user.userId, status: "active" }),
      ),
    );
    const adjustment = {
      id: pid("adj"),
      action: "chargeback",
      type: "full",
      status: "approved",
      transaction_id: pid("txn"),
      subscription_id: id,
      customer_id: "ctm_01h000000000000000000000aa",
      currency_code: "USD",
      totals: { total: "4900", currency_code: "USD" },
    };
    await send(event("adjustment.created", new Date(), adjustment));
    const again = await send(event("adjustment.updated", new Date(), adjustment));
    expect(storedEvent(server.deps, again)[0]?.outcome).toBe("superseded");
    expect(paymentsOf(server.deps, user.userId).filter((p) => p.change === "Chargeback")).toHaveLength(1);
    expect(levelOf(server.deps, user.userId)).toBe("Free");
  });
});

describe("an admin's change of level", () => {
  test("stands against an older subscription's cancel; a newer subscription's events still apply", async () => {
    const user = createSignedInUser(server.deps);
    const old = pid("sub");
    const start = new Date(Date.UTC(2026, 0, 1));
    await send(
      event(
        "subscription.created",
        start,
        subscriptionEntity({ id: old, userId: user.userId, status: "active", start }),
      ),
    );
    expect(levelOf(server.deps, user.userId)).toBe("PremiumYearly");

    await setMembershipLevel(server.deps, user.userId, "PremiumYearly", "admin");
    await setMembershipLevel(server.deps, user.userId, "Free", "admin");
    await setMembershipLevel(server.deps, user.userId, "PremiumYearly", "admin");
    await send(
      event(
        "subscription.canceled",
        new Date(),
        subscriptionEntity({ id: old, userId: user.userId, status: "canceled", start }),
      ),
    );
    expect(levelOf(server.deps, user.userId)).toBe("PremiumYearly");

    const later = new Date(Date.now() + 60_000);
    const newer = pid("sub");
    await send(
      event(
        "subscription.created",
        later,
        subscriptionEntity({ id: newer, userId: user.userId, status: "active", start: later }),
      ),
    );
    await send(
      event(
        "subscription.canceled",
        new Date(later.getTime() + 1000),
        subscriptionEntity({ id: newer, userId: user.userId, status: "canceled", start: later }),
      ),
    );
    expect(levelOf(server.deps, user.userId)).toBe("Free");
  });
});

describe("a second checkout", () => {
  test("is refused while a subscription runs; two that went through are both listed and each can be cancelled", async () => {
    const user = createSignedInUser(server.deps);
    const before = await trpc(user, "billing.startCheckout");
    expect(before.status).toBe(200);

    const first = await subscribeAtCheckout(server.url, priceId, user);
    const refused = await trpc(user, "billing.startCheckout");
    expect(refused.status).toBe(409);
    expect(await errorCodeOf(refused)).toBe(70);

    // The second tab's checkout was already open: Paddle takes the payment anyway.
    const second = await subscribeAtCheckout(server.url, priceId, user);
    expect(second).not.toBe(first);
    const listed = await fetch(`${server.url}/api/trpc/billing.subscriptions`, {
      headers: { cookie: user.cookie },
    });
    const running = ((await listed.json()) as { result: { data: { id: string; status: string }[] } }).result
      .data;
    expect(running.map((s) => s.id).sort()).toEqual([first, second].sort());

    const cancelled = await trpc(user, "billing.cancel", { subscriptionId: second });
    expect(cancelled.status).toBe(200);
    const scheduled = (await emulatedSubscription(second)) as unknown as {
      scheduled_change: { action: string } | null;
    };
    expect(scheduled.scheduled_change?.action).toBe("cancel");
    expect(
      ((await emulatedSubscription(first)) as unknown as { scheduled_change: null }).scheduled_change,
    ).toBeNull();

    const stranger = createSignedInUser(server.deps);
    const notTheirs = await trpc(stranger, "billing.cancel", { subscriptionId: first });
    expect(notTheirs.status).toBe(404);
  });
});

describe("the payment-details transaction", () => {
  test("is not created by a cross-site request; the plans page's own request gets it", async () => {
    const user = createSignedInUser(server.deps);
    await subscribeAtCheckout(server.url, priceId, user);
    const path = `${server.url}/api/payment/subscription/update-payment-method-transaction`;
    const crossSite: Record<string, string>[] = [
      { "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate" },
      { "sec-fetch-site": "same-site" },
      { origin: "https://attacker.example" },
    ];
    for (const headers of crossSite) {
      const res = await fetch(path, { headers: { cookie: user.cookie, ...headers } });
      expect(res.status).toBe(403);
      expect(((await res.json()) as { errorCode: number }).errorCode).toBe(6);
    }
    const own = await fetch(path, { headers: { cookie: user.cookie, "sec-fetch-site": "same-origin" } });
    expect(own.status).toBe(200);
    expect(((await own.json()) as { transactionId: string }).transactionId).toStartWith("txn_");
  });
});
