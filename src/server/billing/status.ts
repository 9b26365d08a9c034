import type { SubscriptionStatus } from "../../shared/membership.ts";
import { multiplyAmount, toDisplayAmount } from "../../shared/money.ts";
import type { PriceInfo, SubscriptionDetails } from "../../shared/schemas/billing.ts";
import type { PaddleMoney, PaddleSubscription } from "../paddle/types.ts";

/**
 * Paddle statuses that keep premium: active and trialing. past_due means the renewal payment failed; the spec
 * returns the user to Free when renewal fails, so past_due (like canceled and paused) ends premium. Should
 * Paddle's retries recover the payment, the subscription turns active again and premium comes back.
 */
export function grantsPremium(providerStatus: string): boolean {
  return providerStatus === "active" || providerStatus === "trialing";
}

/** Crate's subscription status: a premium-granting subscription with a scheduled cancel (or pause) is BeingCancelled. */
export function subscriptionStatusOf(
  sub: Pick<PaddleSubscription, "status" | "scheduled_change">,
): SubscriptionStatus {
  if (!grantsPremium(sub.status)) return "Cancelled";
  const action = sub.scheduled_change?.action;
  return action === "cancel" || action === "pause" ? "BeingCancelled" : "Active";
}

export function parseTime(value: string | null | undefined): number | null {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

export function priceInfoOf(money: PaddleMoney): PriceInfo {
  return { amount: toDisplayAmount(money.amount, money.currency_code), currency: money.currency_code };
}

/** The recurring fee in lowest-denomination units: each item's unit price times its quantity. */
export function recurringFeeOf(sub: PaddleSubscription): PaddleMoney | null {
  let total = 0n;
  let currency = sub.currency_code;
  let any = false;
  for (const item of sub.items) {
    const unit = item.price?.unit_price;
    if (!unit) continue;
    any = true;
    currency ??= unit.currency_code;
    total += BigInt(multiplyAmount(unit.amount, item.quantity ?? 1));
  }
  if (!any || !currency) return null;
  return { amount: total.toString(), currency_code: currency };
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The spec's subscription details entity from Paddle's subscription entity. Dates are ISO 8601 (UTC). */
export function subscriptionDetailsOf(sub: PaddleSubscription): SubscriptionDetails {
  const status = subscriptionStatusOf(sub);
  const fee = recurringFeeOf(sub);
  return {
    status,
    nextBillingDate: iso(parseTime(sub.next_billed_at)),
    currentBillingPeriodEnds: iso(parseTime(sub.current_billing_period?.ends_at)),
    recurringFeeAmount: fee ? priceInfoOf(fee) : null,
  };
}

/** Whether purchased items include Crate's price: nothing else Paddle sells on the account grants premium. */
export function includesPrice(
  items: readonly { price_id?: string | null; price?: { id?: string } | null }[],
  priceId: string,
): boolean {
  return priceId !== "" && items.some((item) => (item.price?.id ?? item.price_id) === priceId);
}
