// Paddle Billing entities as the API and webhooks show them (the fields Paddle documents, with realistic values).
import { type Money, type PaddlePriceEntity, type PaddleProductEntity, productOf } from "./product.ts";

export type { Money, PaddlePriceEntity };

import {
  capturedPayment,
  type LineTotals,
  type PaymentAttempt,
  type TransactionTotals,
  totalsOf,
} from "./transaction-parts.ts";

const ID_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

/** A Paddle-style id: prefix, underscore, 26 lowercase alphanumerics (`sub_01h…`). */
export function paddleId(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  let body = "01";
  for (const b of bytes) body += ID_ALPHABET[b % 32];
  return `${prefix}_${body}`;
}

export const iso = (ms: number) => new Date(ms).toISOString();

/** One calendar year later (UTC), as Paddle bills yearly prices. */
export function addYear(ms: number): number {
  const d = new Date(ms);
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d.getTime();
}

export interface PaddleCustomerEntity {
  id: string;
  name: string | null;
  email: string;
  marketing_consent: false;
  status: "active";
  custom_data: null;
  locale: "en";
  created_at: string;
  updated_at: string;
  import_meta: null;
}

export interface ScheduledChange {
  action: "cancel" | "pause" | "resume";
  effective_at: string;
  resume_at: string | null;
}

export interface PaddleSubscriptionEntity {
  id: string;
  status: "active" | "canceled" | "past_due" | "paused" | "trialing";
  customer_id: string;
  address_id: string;
  business_id: null;
  currency_code: string;
  created_at: string;
  updated_at: string;
  started_at: string;
  first_billed_at: string;
  next_billed_at: string | null;
  paused_at: null;
  canceled_at: string | null;
  discount: null;
  collection_mode: "automatic";
  billing_details: null;
  current_billing_period: { starts_at: string; ends_at: string } | null;
  billing_cycle: { interval: "year"; frequency: 1 };
  scheduled_change: ScheduledChange | null;
  management_urls: { update_payment_method: string; cancel: string } | null;
  items: {
    status: "active" | "inactive";
    quantity: number;
    recurring: true;
    created_at: string;
    updated_at: string;
    previously_billed_at: string | null;
    next_billed_at: string | null;
    trial_dates: null;
    price: PaddlePriceEntity;
    product: PaddleProductEntity;
  }[];
  custom_data: Record<string, unknown> | null;
  import_meta: null;
}

export type TransactionOrigin = "web" | "subscription_recurring" | "subscription_payment_method_change";

export interface PaddleTransactionEntity {
  id: string;
  status: "draft" | "ready" | "billed" | "paid" | "completed" | "canceled" | "past_due";
  customer_id: string;
  address_id: string;
  business_id: null;
  custom_data: Record<string, unknown> | null;
  currency_code: string;
  origin: TransactionOrigin;
  subscription_id: string | null;
  invoice_id: string | null;
  invoice_number: string | null;
  collection_mode: "automatic";
  discount_id: null;
  billing_details: null;
  billing_period: { starts_at: string; ends_at: string } | null;
  items: { price: PaddlePriceEntity; quantity: number; proration: null }[];
  details: {
    tax_rates_used: { tax_rate: string; totals: LineTotals }[];
    totals: TransactionTotals;
    line_items: {
      id: string;
      price_id: string;
      quantity: number;
      proration: null;
      tax_rate: string;
      totals: LineTotals;
      unit_totals: LineTotals;
      product: PaddleProductEntity;
    }[];
  };
  payments: PaymentAttempt[];
  checkout: { url: string } | null;
  created_at: string;
  updated_at: string;
  billed_at: string | null;
}

export function buildPrice(
  id: string,
  unitPrice: Money,
  at: number,
  other?: { productId: string; description: string; recurring: boolean },
): PaddlePriceEntity {
  return {
    id,
    product_id: other?.productId ?? "pro_01cratepremium00000000000",
    type: "standard",
    description: other?.description ?? "Crate Premium, billed yearly",
    name: other ? other.description : "Yearly",
    billing_cycle: other && !other.recurring ? null : { interval: "year", frequency: 1 },
    trial_period: null,
    tax_mode: "account_setting",
    unit_price: unitPrice,
    unit_price_overrides: [],
    quantity: { minimum: 1, maximum: 1 },
    status: "active",
    custom_data: null,
    import_meta: null,
    created_at: iso(at),
    updated_at: iso(at),
  };
}

export function buildCustomer(email: string, at: number): PaddleCustomerEntity {
  return {
    id: paddleId("ctm"),
    name: null,
    email,
    marketing_consent: false,
    status: "active",
    custom_data: null,
    locale: "en",
    created_at: iso(at),
    updated_at: iso(at),
    import_meta: null,
  };
}

export function buildTransaction(opts: {
  status: PaddleTransactionEntity["status"];
  origin: TransactionOrigin;
  customerId: string;
  addressId: string;
  subscriptionId: string | null;
  customData: Record<string, unknown> | null;
  price: PaddlePriceEntity | null;
  period: { startsAt: number; endsAt: number } | null;
  at: number;
  checkoutUrl: string | null;
}): PaddleTransactionEntity {
  const id = paddleId("txn");
  const currency = opts.price?.unit_price.currency_code ?? "USD";
  const amount = opts.price?.unit_price.amount ?? "0";
  const paid = opts.status === "completed" || opts.status === "paid";
  return {
    id,
    status: opts.status,
    customer_id: opts.customerId,
    address_id: opts.addressId,
    business_id: null,
    custom_data: opts.customData,
    currency_code: currency,
    origin: opts.origin,
    subscription_id: opts.subscriptionId,
    invoice_id: paid && opts.price ? paddleId("inv") : null,
    invoice_number: paid && opts.price ? `${new Date(opts.at).getUTCFullYear()}-${id.slice(-5)}` : null,
    collection_mode: "automatic",
    discount_id: null,
    billing_details: null,
    billing_period: opts.period
      ? { starts_at: iso(opts.period.startsAt), ends_at: iso(opts.period.endsAt) }
      : null,
    items: opts.price ? [{ price: opts.price, quantity: 1, proration: null }] : [],
    details: {
      tax_rates_used: [],
      totals: totalsOf(amount, currency),
      line_items: opts.price
        ? [
            {
              id: paddleId("txnitm"),
              price_id: opts.price.id,
              quantity: 1,
              proration: null,
              tax_rate: "0",
              totals: { subtotal: amount, discount: "0", tax: "0", total: amount },
              unit_totals: { subtotal: amount, discount: "0", tax: "0", total: amount },
              product: productOf(opts.price),
            },
          ]
        : [],
    },
    payments: paid && opts.price ? [capturedPayment(amount, opts.at)] : [],
    checkout: opts.checkoutUrl ? { url: `${opts.checkoutUrl}?_ptxn=${id}` } : null,
    created_at: iso(opts.at),
    updated_at: iso(opts.at),
    billed_at: paid ? iso(opts.at) : null,
  };
}

export function buildSubscription(opts: {
  customerId: string;
  addressId: string;
  price: PaddlePriceEntity;
  customData: Record<string, unknown> | null;
  startsAt: number;
}): PaddleSubscriptionEntity {
  const endsAt = addYear(opts.startsAt);
  const at = iso(opts.startsAt);
  return {
    id: paddleId("sub"),
    status: "active",
    customer_id: opts.customerId,
    address_id: opts.addressId,
    business_id: null,
    currency_code: opts.price.unit_price.currency_code,
    created_at: at,
    updated_at: at,
    started_at: at,
    first_billed_at: at,
    next_billed_at: iso(endsAt),
    paused_at: null,
    canceled_at: null,
    discount: null,
    collection_mode: "automatic",
    billing_details: null,
    current_billing_period: { starts_at: at, ends_at: iso(endsAt) },
    billing_cycle: { interval: "year", frequency: 1 },
    scheduled_change: null,
    management_urls: null,
    items: [
      {
        status: "active",
        quantity: 1,
        recurring: true,
        created_at: at,
        updated_at: at,
        previously_billed_at: at,
        next_billed_at: iso(endsAt),
        trial_dates: null,
        price: opts.price,
        product: productOf(opts.price),
      },
    ],
    custom_data: opts.customData,
    import_meta: null,
  };
}
