// Changing a subscription's payment details: a zero-value transaction for Paddle's checkout, completed (and
// announced with transaction.completed) once the checkout has collected the new card.
import {
  buildTransaction,
  iso,
  type PaddleSubscriptionEntity,
  type PaddleTransactionEntity,
} from "./entities.ts";
import { PaddleEmulatorError } from "./refusal.ts";
import type { PaddleStore } from "./store.ts";
import type { WebhookSender } from "./webhooks.ts";

/** GET /subscriptions/{id}/update-payment-method-transaction: a zero-value transaction for the checkout. */
export function paymentMethodTransaction(
  store: PaddleStore,
  sub: PaddleSubscriptionEntity,
  input: { at: number; checkoutUrl: string | null },
): PaddleTransactionEntity {
  if (sub.status !== "active" && sub.status !== "past_due") {
    throw new PaddleEmulatorError(
      400,
      "subscription_payment_method_change_not_allowed",
      "Payment details can only be changed for active or past due subscriptions.",
    );
  }
  const txn = buildTransaction({
    status: "ready",
    origin: "subscription_payment_method_change",
    customerId: sub.customer_id,
    addressId: sub.address_id,
    subscriptionId: sub.id,
    customData: sub.custom_data,
    price: null,
    period: null,
    at: input.at,
    checkoutUrl: input.checkoutUrl,
  });
  store.put("transaction", txn.id, txn);
  return txn;
}

/** The checkout collected new card details for a payment-method-change transaction. */
export async function completePaymentMethodUpdate(
  store: PaddleStore,
  sender: WebhookSender,
  txnId: string,
  at: number,
): Promise<PaddleTransactionEntity> {
  const txn = store.get<PaddleTransactionEntity>("transaction", txnId);
  if (txn?.origin !== "subscription_payment_method_change") {
    throw new PaddleEmulatorError(404, "not_found", `Entity ${txnId} not found`);
  }
  if (txn.status === "completed") return txn;
  txn.status = "completed";
  txn.updated_at = iso(at);
  txn.billed_at = iso(at);
  store.put("transaction", txn.id, txn);
  await sender.emit([
    {
      eventType: "transaction.completed",
      occurredAt: at,
      data: { ...txn },
      subscriptionId: txn.subscription_id,
    },
  ]);
  return txn;
}
