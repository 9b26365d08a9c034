// What happens inside the emulated Paddle account: purchases, scheduled cancels, renewals, failed renewals.
import {
  addYear,
  buildCustomer,
  buildPrice,
  buildSubscription,
  buildTransaction,
  iso,
  type PaddleCustomerEntity,
  type PaddlePriceEntity,
  type PaddleSubscriptionEntity,
  type PaddleTransactionEntity,
  paddleId,
} from "./entities.ts";
import { addOtherPrice, type OtherPrice, purchaseOnce } from "./one-time.ts";
import { completePaymentMethodUpdate, paymentMethodTransaction } from "./payment-method.ts";
import { PaddleEmulatorError, type WorldOptions } from "./refusal.ts";
import { chargeRenewal } from "./renewal.ts";
import type { PaddleStore } from "./store.ts";
import type { DeliveryResult, EmittedEvent, WebhookSender } from "./webhooks.ts";

export { PaddleEmulatorError, type WorldOptions } from "./refusal.ts";

const DUNNING_MS = 30 * 24 * 3600_000;
const CLOCK_KEY = "clock_offset_ms";

export class PaddleWorld {
  constructor(
    private readonly store: PaddleStore,
    private readonly sender: WebhookSender,
    private readonly opts: WorldOptions,
  ) {
    if (!store.get("price", opts.priceId))
      store.put("price", opts.priceId, buildPrice(opts.priceId, opts.unitPrice, this.now()));
  }

  /** The emulated time: real time plus however far tests moved it forward. */
  now(): number {
    return this.opts.now() + Number(this.store.getMeta(CLOCK_KEY) ?? "0");
  }

  private moveClockTo(ms: number): void {
    if (ms <= this.now()) return;
    this.store.setMeta(CLOCK_KEY, String(ms - this.opts.now()));
  }

  price(id: string) {
    return this.store.get<PaddlePriceEntity>("price", id);
  }
  customer(id: string) {
    return this.store.get<PaddleCustomerEntity>("customer", id);
  }
  transaction(id: string) {
    return this.store.get<PaddleTransactionEntity>("transaction", id);
  }
  subscription(id: string) {
    return this.store.get<PaddleSubscriptionEntity>("subscription", id);
  }
  subscriptions(): PaddleSubscriptionEntity[] {
    return this.store.list<PaddleSubscriptionEntity>("subscription");
  }

  requireSubscription(id: string): PaddleSubscriptionEntity {
    const sub = this.subscription(id);
    if (!sub) throw new PaddleEmulatorError(404, "not_found", `Entity ${id} not found`);
    return sub;
  }

  private save(sub: PaddleSubscriptionEntity, at: number): PaddleSubscriptionEntity {
    sub.updated_at = iso(at);
    this.store.put("subscription", sub.id, sub);
    return sub;
  }

  private customerFor(userId: string, email: string, at: number): PaddleCustomerEntity {
    const key = `customer_for:${userId}`;
    const known = this.store.getMeta(key);
    const existing = known ? this.customer(known) : undefined;
    if (existing) return existing;
    const customer = buildCustomer(email, at);
    this.store.put("customer", customer.id, customer);
    this.store.setMeta(key, customer.id);
    return customer;
  }

  /** Another price on the account (another product, or a one-time price), as the dashboard creates them. */
  addPrice(input: OtherPrice) {
    return addOtherPrice(this.store, this.now(), input);
  }

  /** What the hosted checkout sells: a subscription for a recurring price, else a one-time payment. */
  checkout(input: { priceId: string; userId: string; email: string }) {
    const price = this.price(input.priceId);
    if (price?.billing_cycle !== null) return this.purchase(input);
    const at = this.now();
    const customer = this.customerFor(input.userId, input.email, at);
    return purchaseOnce(this.store, this.sender, {
      price,
      customerId: customer.id,
      userId: input.userId,
      at,
    });
  }

  /** A paid checkout: customer, subscription and completed transaction; transaction.completed, subscription.created. */
  async purchase(input: { priceId: string; userId: string; email: string }) {
    const price = this.price(input.priceId);
    if (!price) throw new PaddleEmulatorError(404, "not_found", `Entity ${input.priceId} not found`);
    const at = this.now();
    const customer = this.customerFor(input.userId, input.email, at);
    const addressId = paddleId("add");
    const customData = { user_id: input.userId };
    const sub = buildSubscription({ customerId: customer.id, addressId, price, customData, startsAt: at });
    const txn = buildTransaction({
      status: "completed",
      origin: "web",
      customerId: customer.id,
      addressId,
      subscriptionId: sub.id,
      customData,
      price,
      period: { startsAt: at, endsAt: addYear(at) },
      at,
      checkoutUrl: null,
    });
    this.store.put("subscription", sub.id, sub);
    this.store.put("transaction", txn.id, txn);
    const deliveries = await this.sender.emit([
      { eventType: "transaction.completed", occurredAt: at, data: { ...txn }, subscriptionId: sub.id },
      {
        eventType: "subscription.created",
        occurredAt: at + 1,
        data: { ...sub, transaction_id: txn.id },
        subscriptionId: sub.id,
      },
    ]);
    return { subscription: sub, transaction: txn, deliveries };
  }

  private emitSubscription(
    sub: PaddleSubscriptionEntity,
    types: string[],
    at: number,
  ): Promise<DeliveryResult[]> {
    const events: EmittedEvent[] = types.map((eventType, i) => ({
      eventType,
      occurredAt: at + i,
      data: { ...sub },
      subscriptionId: sub.id,
    }));
    return this.sender.emit(events);
  }

  private requireChangeable(sub: PaddleSubscriptionEntity): void {
    if (sub.status === "canceled") {
      throw new PaddleEmulatorError(
        400,
        "subscription_update_when_canceled",
        "Subscription is canceled and cannot be changed.",
      );
    }
  }

  /** POST /subscriptions/{id}/cancel */
  async cancel(id: string, effectiveFrom: "next_billing_period" | "immediately") {
    const sub = this.requireSubscription(id);
    this.requireChangeable(sub);
    const at = this.now();
    if (effectiveFrom === "immediately") {
      this.endSubscription(sub, at);
      await this.emitSubscription(sub, ["subscription.updated", "subscription.canceled"], at);
      return sub;
    }
    if (sub.scheduled_change?.action === "cancel") return sub;
    const effectiveAt = sub.current_billing_period?.ends_at ?? iso(at);
    sub.scheduled_change = { action: "cancel", effective_at: effectiveAt, resume_at: null };
    sub.next_billed_at = null;
    for (const item of sub.items) item.next_billed_at = null;
    this.save(sub, at);
    await this.emitSubscription(sub, ["subscription.updated"], at);
    return sub;
  }

  /** PATCH /subscriptions/{id} with scheduled_change: null */
  async removeScheduledChange(id: string) {
    const sub = this.requireSubscription(id);
    this.requireChangeable(sub);
    if (sub.scheduled_change === null) return sub;
    const at = this.now();
    sub.scheduled_change = null;
    sub.next_billed_at = sub.current_billing_period?.ends_at ?? null;
    for (const item of sub.items) item.next_billed_at = sub.next_billed_at;
    this.save(sub, at);
    await this.emitSubscription(sub, ["subscription.updated"], at);
    return sub;
  }

  private endSubscription(sub: PaddleSubscriptionEntity, at: number): void {
    sub.status = "canceled";
    sub.canceled_at = iso(at);
    sub.scheduled_change = null;
    sub.current_billing_period = null;
    sub.next_billed_at = null;
    for (const item of sub.items) {
      item.status = "inactive";
      item.next_billed_at = null;
    }
    this.save(sub, at);
  }

  /** GET /subscriptions/{id}/update-payment-method-transaction: a zero-value transaction for the checkout. */
  paymentMethodTransaction(id: string): PaddleTransactionEntity {
    const sub = this.requireSubscription(id);
    return paymentMethodTransaction(this.store, sub, { at: this.now(), checkoutUrl: this.opts.checkoutUrl });
  }

  /** The checkout collected new card details for a payment-method-change transaction. */
  completePaymentMethodUpdate(txnId: string) {
    return completePaymentMethodUpdate(this.store, this.sender, txnId, this.now());
  }

  setFailNextRenewal(id: string, fail: boolean): void {
    this.requireSubscription(id);
    this.store.setMeta(`fail_next_renewal:${id}`, fail ? "1" : null);
  }

  /**
   * Moves time to the subscription's next due moment: at period end a scheduled cancel takes effect, or the
   * renewal is charged (or fails, when asked to: past_due); for a past_due subscription, payment recovery
   * runs out and it is canceled.
   */
  async advance(id: string) {
    const sub = this.requireSubscription(id);
    this.requireChangeable(sub);
    if (sub.status === "past_due") {
      const at = Math.max(this.now(), Date.parse(sub.updated_at) + DUNNING_MS);
      this.moveClockTo(at);
      this.endSubscription(sub, at);
      const deliveries = await this.emitSubscription(sub, ["subscription.canceled"], at);
      return { subscription: sub, deliveries };
    }
    const periodEnd = Date.parse(sub.current_billing_period?.ends_at ?? iso(this.now()));
    const at = Math.max(this.now(), periodEnd);
    this.moveClockTo(at);
    if (sub.scheduled_change?.action === "cancel") {
      this.endSubscription(sub, at);
      const deliveries = await this.emitSubscription(sub, ["subscription.canceled"], at);
      return { subscription: sub, deliveries };
    }
    return this.renew(sub, periodEnd, at);
  }

  private async renew(sub: PaddleSubscriptionEntity, periodStart: number, at: number) {
    const failKey = `fail_next_renewal:${sub.id}`;
    const fails = this.store.getMeta(failKey) === "1";
    this.store.setMeta(failKey, null);
    const price = sub.items[0]?.price ?? this.price(this.opts.priceId) ?? null;
    const txn = chargeRenewal(sub, { periodStart, price, fails, at });
    this.store.put("transaction", txn.id, txn);
    if (fails) {
      sub.status = "past_due";
      this.save(sub, at);
      const deliveries = await this.sender.emit([
        { eventType: "transaction.past_due", occurredAt: at, data: { ...txn }, subscriptionId: sub.id },
        { eventType: "subscription.past_due", occurredAt: at + 1, data: { ...sub }, subscriptionId: sub.id },
      ]);
      return { subscription: sub, transaction: txn, deliveries };
    }
    this.save(sub, at);
    const deliveries = await this.sender.emit([
      { eventType: "subscription.updated", occurredAt: at, data: { ...sub }, subscriptionId: sub.id },
      { eventType: "transaction.completed", occurredAt: at + 1, data: { ...txn }, subscriptionId: sub.id },
    ]);
    return { subscription: sub, transaction: txn, deliveries };
  }
}
