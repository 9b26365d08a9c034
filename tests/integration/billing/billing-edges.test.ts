import { describe, expect, test } from "bun:test";
import { ConfigError, parseConfig } from "../../../src/server/config/config.ts";
import { ErrorCode } from "../../../src/shared/errors.ts";
import { startTestServer } from "../../support/server.ts";
import { setUpTestServer } from "../../support/suite.ts";
import { apiClient } from "../account/seed.ts";
import {
  createSignedInUser,
  event,
  levelOf,
  paymentsOf,
  pid,
  postSigned,
  storedEvent,
  subscribeAtCheckout,
  subscriptionEntity,
  subscriptionRow,
  transactionEntity,
  userExists,
} from "./helpers.ts";

const t = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 12, minutes));
const send = (body: unknown) =>
  postSigned(server.url, server.deps.config.paddle.webhookSecret, JSON.stringify(body));
const control = () => `${server.url}/emulator/paddle/control`;

const server = setUpTestServer();

describe("configuration", () => {
  const spotify = { SPOTIFY_CLIENT_ID: "id", SPOTIFY_CLIENT_SECRET: "secret" };
  const paddle = {
    PADDLE_API_KEY: "pdl_live_key",
    PADDLE_CLIENT_TOKEN: "live_token",
    PADDLE_PRICE_ID: "pri_1",
    PADDLE_WEBHOOK_SECRET: "pdl_ntfset_1",
  };

  test("real mode needs every Paddle setting, or PREMIUM=off", () => {
    expect(() => parseConfig({ ...spotify, ...paddle, PADDLE_WEBHOOK_SECRET: "" })).toThrow(ConfigError);
    expect(() => parseConfig({ ...spotify, ...paddle, PADDLE_WEBHOOK_SECRET: "" })).toThrow(
      /PADDLE_WEBHOOK_SECRET is required .*PREMIUM=off/,
    );
    expect(() => parseConfig(spotify)).toThrow(
      /PADDLE_API_KEY, PADDLE_CLIENT_TOKEN, PADDLE_PRICE_ID, PADDLE_WEBHOOK_SECRET/,
    );
    expect(parseConfig({ ...spotify, ...paddle }).premium).toBe(true);
    expect(parseConfig({ ...spotify, PREMIUM: "off" }).premium).toBe(false);
  });

  test("with PREMIUM=off nothing is sold and the plans config says so", async () => {
    const off = await startTestServer({ PREMIUM: "off" });
    try {
      const api = apiClient(off.url);
      const price = await api("POST", "/api/payment/pricing");
      expect(price.status).toBe(404);
      expect(price.json.error).toBe("Premium is not offered on this server.");
      const config = await fetch(`${off.url}/api/trpc/billing.checkoutConfig`);
      expect(((await config.json()) as { result: { data: { premium: boolean } } }).result.data.premium).toBe(
        false,
      );
      const hook = await postSigned(off.url, off.deps.config.paddle.webhookSecret, "{}");
      expect(hook.status).toBe(404);
    } finally {
      await off.dispose();
    }
  });
});

describe("ownership", () => {
  test("a later event's custom_data never moves a subscription to another user", async () => {
    const owner = createSignedInUser(server.deps);
    const other = createSignedInUser(server.deps);
    const id = pid("sub");
    await send(
      event("subscription.created", t(0), subscriptionEntity({ id, userId: owner.userId, status: "active" })),
    );
    await send(
      event("subscription.updated", t(5), subscriptionEntity({ id, userId: other.userId, status: "active" })),
    );
    const txn = transactionEntity({
      userId: other.userId,
      subscriptionId: id,
      origin: "subscription_recurring",
    });
    await send(event("transaction.completed", t(6), txn));
    expect(subscriptionRow(server.deps, id)?.userId).toBe(owner.userId);
    expect(levelOf(server.deps, other.userId)).toBe("Free");
    expect(paymentsOf(server.deps, other.userId)).toEqual([]);
    expect(paymentsOf(server.deps, owner.userId).map((p) => p.change)).toContain("Renewal");
  });
});

describe("stored notifications", () => {
  test("are trimmed to what billing needs and are part of the personal-data export", async () => {
    const user = createSignedInUser(server.deps);
    const id = pid("sub");
    const txn = {
      ...transactionEntity({ userId: user.userId, subscriptionId: id }),
      payments: [
        { method_details: { type: "card", card: { last4: "4242", cardholder_name: "Ann Listener" } } },
      ],
      customer: { email: "ann@example.com", name: "Ann Listener" },
      address: { postal_code: "10115", first_line: "Example Street 1" },
    };
    const sent = event("transaction.completed", t(0), txn);
    expect((await send(sent)).status).toBe(200);
    const [row] = storedEvent(server.deps, sent.event_id);
    expect(row?.userId).toBe(user.userId);
    for (const secret of ["4242", "Ann Listener", "ann@example.com", "10115", "Example Street"])
      expect(row?.payload).not.toContain(secret);
    const stored = JSON.parse(row?.payload ?? "{}");
    expect(stored.data).toMatchObject({
      id: txn.id,
      status: "completed",
      subscription_id: id,
      custom_data: { user_id: user.userId },
      details: { totals: { grand_total: "4900", currency_code: "USD" } },
    });

    const exported = await apiClient(server.url, user.cookie)("GET", "/api/user/personal-data");
    const notes = exported.json.paymentNotifications as { eventId: string; payload: unknown }[];
    expect(notes.map((n) => n.eventId)).toEqual([sent.event_id]);
    expect(notes[0]?.payload).toEqual(stored);
  });
});

describe("account deletion with a running subscription", () => {
  const paddleSubscription = async (userId: string) => {
    const res = await fetch(`${control()}/subscriptions?user_id=${userId}`);
    const { subscriptions } = (await res.json()) as {
      subscriptions: { status: string; scheduled_change: { action: string } | null }[];
    };
    return subscriptions[0];
  };

  test("a Paddle outage refuses the deletion and says why; nothing is deleted", async () => {
    const user = createSignedInUser(server.deps);
    await subscribeAtCheckout(server.url, server.deps.config.paddle.priceId, user);
    await fetch(`${control()}/faults`, { method: "PUT", body: JSON.stringify({ rate5xx: 1, seed: 1 }) });
    try {
      const res = await apiClient(server.url, user.cookie)("POST", "/api/user/delete-data");
      expect(res.status).toBe(502);
      expect(res.json.errorCode).toBe(ErrorCode.ProviderUnavailable);
      expect(String(res.json.error)).toContain("Your account was not deleted");
    } finally {
      await fetch(`${control()}/faults`, { method: "PUT", body: "{}" });
    }
    expect(userExists(server.deps, user.userId)).toBe(true);
    expect((await paddleSubscription(user.userId))?.scheduled_change).toBeNull();
  });

  test("cancels the subscription at the end of its period, then deletes", async () => {
    const user = createSignedInUser(server.deps);
    await subscribeAtCheckout(server.url, server.deps.config.paddle.priceId, user);
    const res = await apiClient(server.url, user.cookie)("POST", "/api/user/delete-data");
    expect(res.status).toBe(200);
    const sub = await paddleSubscription(user.userId);
    expect(sub?.status).toBe("active");
    expect(sub?.scheduled_change?.action).toBe("cancel");
    expect(userExists(server.deps, user.userId)).toBe(false);
  });
});
