import { beforeAll, describe, expect, test } from "bun:test";
import { setUpTestServer } from "../../support/suite.ts";
import {
  createSignedInUser,
  levelOf,
  membershipEventsOf,
  paddleControl,
  payAtCheckout,
  paymentsOf,
  subscriptionRow,
  type TestUser,
} from "./helpers.ts";

let emulator: string;
let priceId: string;

const server = setUpTestServer();
beforeAll(async () => {
  emulator = `${server.url}/emulator/paddle`;
  priceId = server.deps.config.paddle.priceId;
});

const api = (user: TestUser, path: string, method = "GET") =>
  fetch(`${server.url}/api/payment${path}`, { method, headers: { cookie: user.cookie } });

const control = (path: string, body?: unknown) => paddleControl(server.url, path, body);

async function upgrade(user: TestUser): Promise<string> {
  const page = await fetch(
    `${emulator}/checkout?price_id=${priceId}&user_id=${user.userId}&success_url=/plans/success`,
  );
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain("49.00 USD");
  expect(html).toContain('name="card_number"');
  const paid = await payAtCheckout(server.url, {
    price_id: priceId,
    user_id: user.userId,
    success_url: "/plans/success",
    card_number: "4242 4242 4242 4242",
  });
  expect(paid.status).toBe(303);
  expect(paid.headers.get("location")).toBe(`${server.deps.config.publicUrl}/plans/success`);
  const { subscriptions } = (await control(`/subscriptions?user_id=${user.userId}`)) as {
    subscriptions: { id: string; status: string }[];
  };
  const latest = subscriptions.at(-1);
  if (!latest) throw new Error("no subscription in the emulator");
  return latest.id;
}

describe("plans calls", () => {
  test("the price comes from Paddle's price entity, as a displayable amount", async () => {
    const res = await fetch(`${server.url}/api/payment/pricing`, { method: "POST" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ amount: "49.00", currency: "USD" });
  });

  test("a user without a subscription gets 404; someone signed out gets 401", async () => {
    const user = createSignedInUser(server.deps);
    for (const [path, method] of [
      ["/subscription", "GET"],
      ["/subscription/cancel", "POST"],
      ["/subscription/reactivate", "POST"],
      ["/subscription/update-payment-method-transaction", "GET"],
    ] as const) {
      const res = await api(user, path, method);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { errorCode: number }).errorCode).toBe(4);
      const anonymous = await fetch(`${server.url}/api/payment${path}`, { method });
      expect(anonymous.status).toBe(401);
      expect(((await anonymous.json()) as { errorCode: number }).errorCode).toBe(6);
    }
  });
});

describe("the whole lifecycle through the emulator", () => {
  test("a declined card changes nothing", async () => {
    const user = createSignedInUser(server.deps);
    const res = await payAtCheckout(server.url, {
      price_id: priceId,
      user_id: user.userId,
      card_number: "4000 0000 0000 0002",
    });
    expect(res.status).toBe(402);
    expect(await res.text()).toContain("Your card was declined.");
    expect(levelOf(server.deps, user.userId)).toBe("Free");
  });

  test("upgrade, cancel (premium until the period ends), re-activate, cancel again, period end → Free", async () => {
    const user = createSignedInUser(server.deps);
    const subId = await upgrade(user);
    expect(levelOf(server.deps, user.userId)).toBe("PremiumYearly");
    expect(paymentsOf(server.deps, user.userId).map((p) => p.change)).toEqual(["Purchase"]);
    const purchase = paymentsOf(server.deps, user.userId)[0];
    expect(purchase?.subscriptionId).toBe(subId);
    expect(purchase?.customerId).toMatch(/^ctm_/);
    expect(purchase?.notificationId).toMatch(/^ntf_/);

    const details = await api(user, "/subscription");
    expect(details.status).toBe(200);
    const active = (await details.json()) as Record<string, unknown>;
    expect(active).toMatchObject({
      status: "Active",
      recurringFeeAmount: { amount: "49.00", currency: "USD" },
    });
    expect(typeof active.nextBillingDate).toBe("string");
    expect(active.currentBillingPeriodEnds).toBe(active.nextBillingDate);

    const cancel = await api(user, "/subscription/cancel", "POST");
    expect(cancel.status).toBe(200);
    expect(((await cancel.json()) as { status: string }).status).toBe("BeingCancelled");
    expect(subscriptionRow(server.deps, subId)?.status).toBe("BeingCancelled");
    expect(levelOf(server.deps, user.userId)).toBe("PremiumYearly");
    expect(((await (await api(user, "/subscription")).json()) as { status: string }).status).toBe(
      "BeingCancelled",
    );

    const reactivate = await api(user, "/subscription/reactivate", "POST");
    expect(reactivate.status).toBe(200);
    expect(subscriptionRow(server.deps, subId)?.status).toBe("Active");

    expect((await api(user, "/subscription/cancel", "POST")).status).toBe(200);
    await control(`/subscriptions/${subId}/advance`, {});
    expect(levelOf(server.deps, user.userId)).toBe("Free");
    expect(subscriptionRow(server.deps, subId)).toMatchObject({
      status: "Cancelled",
      providerStatus: "canceled",
    });
    expect(((await (await api(user, "/subscription")).json()) as { status: string }).status).toBe(
      "Cancelled",
    );

    expect(paymentsOf(server.deps, user.userId).map((p) => p.change)).toEqual([
      "Purchase",
      "CancellationScheduled",
      "Reactivated",
      "CancellationScheduled",
      "Cancelled",
    ]);
    expect(membershipEventsOf(server.deps, user.userId).map((e) => e.membershipLevel)).toEqual([
      "Free",
      "PremiumYearly",
    ]);

    // a canceled subscription cannot be changed: a clear refusal, not a 500
    const late = await api(user, "/subscription/reactivate", "POST");
    expect(late.status).toBe(409);
    expect(((await late.json()) as { error: string }).error).toContain("refused");
  });

  test("a renewal keeps premium; a failed renewal returns the user to Free, then the subscription ends", async () => {
    const user = createSignedInUser(server.deps);
    const subId = await upgrade(user);
    await control(`/subscriptions/${subId}/advance`, {});
    expect(levelOf(server.deps, user.userId)).toBe("PremiumYearly");
    expect(paymentsOf(server.deps, user.userId).filter((p) => p.change === "Renewal")).toHaveLength(1);

    await control(`/subscriptions/${subId}/fail-next-renewal`, {});
    await control(`/subscriptions/${subId}/advance`, {});
    expect(levelOf(server.deps, user.userId)).toBe("Free");
    expect(subscriptionRow(server.deps, subId)?.providerStatus).toBe("past_due");
    await control(`/subscriptions/${subId}/advance`, {});
    expect(subscriptionRow(server.deps, subId)?.providerStatus).toBe("canceled");
    expect(membershipEventsOf(server.deps, user.userId).map((e) => e.membershipLevel)).toEqual([
      "Free",
      "PremiumYearly",
    ]);
    expect(paymentsOf(server.deps, user.userId).map((p) => p.change)).toContain("RenewalFailed");
  });

  test("changing payment details goes through the checkout with Paddle's transaction", async () => {
    const user = createSignedInUser(server.deps);
    await upgrade(user);
    const res = await api(user, "/subscription/update-payment-method-transaction");
    expect(res.status).toBe(200);
    const { transactionId } = (await res.json()) as { transactionId: string };
    expect(transactionId).toMatch(/^txn_/);
    const page = await fetch(`${emulator}/checkout?_ptxn=${transactionId}`);
    expect(page.status).toBe(200);
    const saved = await payAtCheckout(server.url, {
      _ptxn: transactionId,
      card_number: "5555 5555 5555 4444",
    });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe(
      `${server.deps.config.publicUrl}/plans/payment-details-updated/success`,
    );
    expect(paymentsOf(server.deps, user.userId).map((p) => p.change)).toContain("PaymentMethodUpdated");
    expect(levelOf(server.deps, user.userId)).toBe("PremiumYearly");
  });

  test("a webhook sent again is acknowledged and applied once", async () => {
    const user = createSignedInUser(server.deps);
    const subId = await upgrade(user);
    const { webhooks } = (await control(`/webhooks?subscription_id=${subId}`)) as {
      webhooks: { eventId: string; eventType: string; lastResponseStatus: number }[];
    };
    expect(webhooks.map((w) => w.eventType)).toEqual(["transaction.completed", "subscription.created"]);
    expect(webhooks.every((w) => w.lastResponseStatus === 200)).toBe(true);
    const before = paymentsOf(server.deps, user.userId).length;
    for (const w of webhooks) {
      const retry = (await control(`/webhooks/${w.eventId}/resend`, {})) as { status: number };
      const replay = (await control(`/webhooks/${w.eventId}/resend`, { asNewNotification: true })) as {
        status: number;
      };
      expect([retry.status, replay.status]).toEqual([200, 200]);
    }
    expect(paymentsOf(server.deps, user.userId)).toHaveLength(before);
    expect(membershipEventsOf(server.deps, user.userId)).toHaveLength(1);
  });

  test("notifications delivered out of order leave the newest state", async () => {
    const user = createSignedInUser(server.deps);
    const subId = await upgrade(user);
    const hold = await fetch(`${emulator}/control/delivery`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ hold: true }),
    });
    expect(hold.status).toBe(200);
    try {
      expect((await api(user, "/subscription/cancel", "POST")).status).toBe(200);
      expect((await api(user, "/subscription/reactivate", "POST")).status).toBe(200);
      expect(subscriptionRow(server.deps, subId)?.status).toBe("Active");
      // newest first: the re-activation, then the older scheduled cancel
      await control("/webhooks/deliver-held", { order: "reverse" });
    } finally {
      await fetch(`${emulator}/control/delivery`, {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ hold: false }),
      });
    }
    expect(subscriptionRow(server.deps, subId)?.status).toBe("Active");
    expect(levelOf(server.deps, user.userId)).toBe("PremiumYearly");
  });
});
