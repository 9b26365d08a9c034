// What else an account may sell besides Crate's yearly price: other products and one-time prices. Their
// purchases send the same notifications as any other.
import { buildPrice, buildTransaction, type PaddlePriceEntity, paddleId } from "./entities.ts";
import type { PaddleStore } from "./store.ts";
import type { WebhookSender } from "./webhooks.ts";

export interface OtherPrice {
  id: string;
  unitPrice: { amount: string; currency_code: string };
  /** false: a one-time price (its checkout makes no subscription) */
  recurring: boolean;
}

export function addOtherPrice(store: PaddleStore, at: number, input: OtherPrice): PaddlePriceEntity {
  const price = buildPrice(input.id, input.unitPrice, at, {
    productId: paddleId("pro"),
    description: input.recurring ? "Another yearly product" : "A one-time purchase",
    recurring: input.recurring,
  });
  store.put("price", price.id, price);
  return price;
}

/** A paid one-time price: a completed transaction without a subscription; transaction.completed. */
export async function purchaseOnce(
  store: PaddleStore,
  sender: WebhookSender,
  input: { price: PaddlePriceEntity; customerId: string; userId: string; at: number },
) {
  const txn = buildTransaction({
    status: "completed",
    origin: "web",
    customerId: input.customerId,
    addressId: paddleId("add"),
    subscriptionId: null,
    customData: { user_id: input.userId },
    price: input.price,
    period: null,
    at: input.at,
    checkoutUrl: null,
  });
  store.put("transaction", txn.id, txn);
  const deliveries = await sender.emit([
    { eventType: "transaction.completed", occurredAt: input.at, data: { ...txn }, subscriptionId: null },
  ]);
  return { transaction: txn, deliveries };
}
