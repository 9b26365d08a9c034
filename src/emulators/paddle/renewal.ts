// A renewal at period end: the recurring transaction (completed, or past_due when the charge fails) and the
// subscription moved on to its next billing period.
import {
  addYear,
  buildTransaction,
  iso,
  type PaddlePriceEntity,
  type PaddleSubscriptionEntity,
  type PaddleTransactionEntity,
} from "./entities.ts";

/** Builds the renewal's transaction and moves `sub` (in place) to the period starting at `periodStart`. */
export function chargeRenewal(
  sub: PaddleSubscriptionEntity,
  renewal: { periodStart: number; price: PaddlePriceEntity | null; fails: boolean; at: number },
): PaddleTransactionEntity {
  const { periodStart, price, fails, at } = renewal;
  const periodEnd = addYear(periodStart);
  const txn = buildTransaction({
    status: fails ? "past_due" : "completed",
    origin: "subscription_recurring",
    customerId: sub.customer_id,
    addressId: sub.address_id,
    subscriptionId: sub.id,
    customData: sub.custom_data,
    price,
    period: { startsAt: periodStart, endsAt: periodEnd },
    at,
    checkoutUrl: null,
  });
  sub.current_billing_period = { starts_at: iso(periodStart), ends_at: iso(periodEnd) };
  sub.next_billed_at = iso(periodEnd);
  for (const item of sub.items) {
    item.previously_billed_at = iso(periodStart);
    item.next_billed_at = sub.next_billed_at;
  }
  return txn;
}
