import { expect } from "bun:test";
import { desc, eq } from "drizzle-orm";
import { createSession } from "../../../src/server/auth/sessions.ts";
import {
  membershipEvents,
  payments,
  subscriptions,
  users,
  webhookEvents,
} from "../../../src/server/db/schema/index.ts";
import type { Deps } from "../../../src/server/deps/deps.ts";
import { computeSignature } from "../../../src/server/paddle/webhook-signature.ts";

export interface TestUser {
  userId: string;
  cookie: string;
}

/** A signed-in user made directly in the database (the billing tests do not need the Spotify sign-in). */
export function createSignedInUser(
  deps: Deps,
  level: "Free" | "FreeBeforePremiumIntroduced" | "PremiumYearly" = "Free",
): TestUser {
  const userId = crypto.randomUUID();
  const now = deps.clock.now();
  deps.db
    .insert(users)
    .values({
      id: userId,
      spotifyId: `listener-${userId.slice(0, 8)}`,
      membershipLevel: level,
      createdAt: now,
      lastLoginAt: now,
    })
    .run();
  const { token } = createSession(deps.db, deps.clock, userId);
  return { userId, cookie: `crate_session=${token}` };
}

export function levelOf(deps: Deps, userId: string) {
  return deps.db.select({ level: users.membershipLevel }).from(users).where(eq(users.id, userId)).get()
    ?.level;
}

export function membershipEventsOf(deps: Deps, userId: string) {
  return deps.db
    .select()
    .from(membershipEvents)
    .where(eq(membershipEvents.userId, userId))
    .orderBy(desc(membershipEvents.id))
    .all();
}

export function paymentsOf(deps: Deps, userId: string) {
  return deps.db.select().from(payments).where(eq(payments.userId, userId)).orderBy(payments.id).all();
}

export function subscriptionRow(deps: Deps, id: string) {
  return deps.db.select().from(subscriptions).where(eq(subscriptions.id, id)).get();
}

export function storedEvent(deps: Deps, eventId: string) {
  return deps.db.select().from(webhookEvents).where(eq(webhookEvents.eventId, eventId)).all();
}

let counter = 0;
/** A Paddle-style id: prefix and 26 lowercase alphanumerics. */
export function pid(prefix: string): string {
  counter += 1;
  const tail = `${Date.now().toString(36)}${counter.toString(36)}${Math.random().toString(36).slice(2)}`;
  return `${prefix}_01${tail
    .replace(/[^a-z0-9]/g, "")
    .padEnd(24, "0")
    .slice(0, 24)}`;
}

/** Posts a body signed the way Paddle documents it: ts=…;h1=HMAC-SHA256(secret, ts + ":" + body). */
export async function postSigned(
  baseUrl: string,
  secret: string,
  body: string,
  opts: { tsSec?: number; header?: string } = {},
): Promise<Response> {
  const ts = opts.tsSec ?? Math.floor(Date.now() / 1000);
  const header = opts.header ?? `ts=${ts};h1=${computeSignature(secret, ts, body)}`;
  return fetch(`${baseUrl}/api/payment/webhook`, {
    method: "POST",
    headers: { "content-type": "application/json", "paddle-signature": header },
    body,
  });
}

export function event(eventType: string, occurredAt: Date, data: Record<string, unknown>) {
  return {
    event_id: pid("evt"),
    event_type: eventType,
    occurred_at: occurredAt.toISOString(),
    notification_id: pid("ntf"),
    data,
  };
}

const price = {
  id: "pri_01crateyearlydemo0000000",
  product_id: "pro_01crate0000000000000000000",
  description: "Premium yearly",
  billing_cycle: { interval: "year", frequency: 1 },
  unit_price: { amount: "4900", currency_code: "USD" },
  status: "active",
};

/** A subscription entity in Paddle's shape. */
export function subscriptionEntity(opts: {
  id: string;
  userId: string;
  status: "active" | "past_due" | "canceled" | "paused" | "trialing";
  customerId?: string;
  start?: Date;
  scheduledCancel?: boolean;
}) {
  const start = opts.start ?? new Date(Date.UTC(2026, 0, 1));
  const end = new Date(start);
  end.setUTCFullYear(end.getUTCFullYear() + 1);
  const running = opts.status === "active" || opts.status === "trialing";
  return {
    id: opts.id,
    status: opts.status,
    customer_id: opts.customerId ?? "ctm_01h000000000000000000000aa",
    address_id: "add_01h000000000000000000000aa",
    business_id: null,
    currency_code: "USD",
    created_at: start.toISOString(),
    updated_at: start.toISOString(),
    started_at: start.toISOString(),
    first_billed_at: start.toISOString(),
    next_billed_at: running && !opts.scheduledCancel ? end.toISOString() : null,
    paused_at: null,
    canceled_at: opts.status === "canceled" ? end.toISOString() : null,
    collection_mode: "automatic",
    billing_details: null,
    current_billing_period:
      opts.status === "canceled" ? null : { starts_at: start.toISOString(), ends_at: end.toISOString() },
    billing_cycle: { interval: "year", frequency: 1 },
    scheduled_change: opts.scheduledCancel
      ? { action: "cancel", effective_at: end.toISOString(), resume_at: null }
      : null,
    items: [{ status: "active", quantity: 1, recurring: true, price }],
    custom_data: { user_id: opts.userId },
  };
}

export function transactionEntity(opts: {
  userId: string | null;
  subscriptionId: string;
  origin?: string;
  customerId?: string;
  start?: Date;
}) {
  const start = opts.start ?? new Date(Date.UTC(2026, 0, 1));
  const end = new Date(start);
  end.setUTCFullYear(end.getUTCFullYear() + 1);
  return {
    id: pid("txn"),
    status: "completed",
    customer_id: opts.customerId ?? "ctm_01h000000000000000000000aa",
    address_id: "add_01h000000000000000000000aa",
    custom_data: opts.userId ? { user_id: opts.userId } : null,
    currency_code: "USD",
    origin: opts.origin ?? "web",
    subscription_id: opts.subscriptionId,
    collection_mode: "automatic",
    billing_period: { starts_at: start.toISOString(), ends_at: end.toISOString() },
    items: [{ price, quantity: 1 }],
    details: {
      totals: { subtotal: "4900", tax: "0", total: "4900", grand_total: "4900", currency_code: "USD" },
    },
    payments: [],
    created_at: start.toISOString(),
    updated_at: start.toISOString(),
    billed_at: start.toISOString(),
  };
}

/** Posts the emulator's hosted checkout form, as the browser does when Pay is pressed (card fields filled in). */
export function payAtCheckout(serverUrl: string, fields: Record<string, string>): Promise<Response> {
  return fetch(`${serverUrl}/emulator/paddle/checkout`, {
    method: "POST",
    body: new URLSearchParams({ email: "listener@example.com", expiry: "12/39", cvc: "123", ...fields }),
    redirect: "manual",
  });
}

/** Pays at the emulator's hosted checkout (card 4242…) as the browser does; returns the new subscription id. */
export async function subscribeAtCheckout(
  serverUrl: string,
  priceId: string,
  user: TestUser,
): Promise<string> {
  const paid = await payAtCheckout(serverUrl, {
    price_id: priceId,
    user_id: user.userId,
    success_url: "/plans/success",
    card_number: "4242 4242 4242 4242",
  });
  if (paid.status !== 303) throw new Error(`checkout answered ${paid.status}`);
  const { subscriptions } = (await paddleControl(serverUrl, `/subscriptions?user_id=${user.userId}`)) as {
    subscriptions: { id: string }[];
  };
  const latest = subscriptions.at(-1);
  if (!latest) throw new Error("no subscription in the emulator");
  return latest.id;
}

/** The mounted Paddle emulator's control API: GET without a body, POST with one; expects 200. */
export async function paddleControl(serverUrl: string, path: string, body?: unknown) {
  const res = await fetch(`${serverUrl}/emulator/paddle/control${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return res.json() as Promise<Record<string, unknown>>;
}

export function userExists(deps: Deps, userId: string): boolean {
  return deps.db.select({ id: users.id }).from(users).where(eq(users.id, userId)).get() !== undefined;
}
