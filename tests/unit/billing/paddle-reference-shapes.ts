// Paddle Billing entities as Paddle's API reference shows them, typed with the official Node SDK's response
// types (@paddle/paddle-node-sdk, pinned), so the compiler holds each sample to Paddle's published shape:
// every field present, and a second form with only what the types require.
import type {
  IPriceResponse,
  IProductResponse,
  ISubscriptionResponse,
  ITransactionResponse,
} from "@paddle/paddle-node-sdk";

export const product = {
  id: "pro_01htz88xpr0mm7b3ta2pjkr7w2",
  name: "AeroEdit Student",
  type: "standard",
  description:
    "Essential tools for student pilots to manage flight logs, analyze performance, and plan routes.",
  tax_category: "standard",
  image_url: "https://paddle.s3.amazonaws.com/user/165798/bT1XUOJAQhOUxGs83cbk_pro.png",
  custom_data: { features: { aircraft_performance: true } },
  status: "active",
  import_meta: null,
  created_at: "2024-04-08T16:22:16.763Z",
  updated_at: "2024-04-08T16:22:16.763Z",
} satisfies IProductResponse;

export const price = {
  id: "pri_01htz8gsvmwn8mbtc3gzbnx0jx",
  product_id: product.id,
  type: "standard",
  description: "Annual (per seat)",
  name: "Annual (per seat)",
  billing_cycle: { interval: "year", frequency: 1 },
  trial_period: null,
  tax_mode: "account_setting",
  unit_price: { amount: "30000", currency_code: "USD" },
  unit_price_overrides: [{ country_codes: ["JP"], unit_price: { amount: "45000", currency_code: "JPY" } }],
  quantity: { minimum: 1, maximum: 999 },
  status: "active",
  custom_data: null,
  import_meta: null,
  created_at: "2024-04-08T16:28:43.167Z",
  updated_at: "2024-04-08T16:28:43.167Z",
} satisfies IPriceResponse;

/** Only the fields the SDK's price type requires. */
export const barePrice = {
  id: "pri_01htz8gsvmwn8mbtc3gzbnx0jy",
  product_id: product.id,
  description: "Yearly",
  type: "standard",
  tax_mode: "account_setting",
  unit_price: { amount: "4900", currency_code: "USD" },
  unit_price_overrides: null,
  quantity: { minimum: 1, maximum: 1 },
  status: "active",
  created_at: "2024-04-08T16:28:43.167Z",
  updated_at: "2024-04-08T16:28:43.167Z",
} satisfies IPriceResponse;

export const subscription = {
  id: "sub_01hv8y5ehszzq0yv20ttx3166y",
  status: "active",
  customer_id: "ctm_01hv8wt8nffez4p2t6typn4a5j",
  address_id: "add_01hv8wt8rxn8yxst0tj9hxs5wm",
  business_id: null,
  currency_code: "USD",
  created_at: "2024-04-12T10:18:47.635628Z",
  updated_at: "2024-04-12T11:24:54.868Z",
  started_at: "2024-04-12T10:18:47.635628Z",
  first_billed_at: "2024-04-12T10:18:47.635628Z",
  next_billed_at: "2025-04-12T10:18:47.635628Z",
  paused_at: null,
  canceled_at: null,
  discount: null,
  collection_mode: "automatic",
  billing_details: null,
  current_billing_period: {
    starts_at: "2024-04-12T10:18:47.635628Z",
    ends_at: "2025-04-12T10:18:47.635628Z",
  },
  billing_cycle: { interval: "year", frequency: 1 },
  scheduled_change: { action: "cancel", effective_at: "2025-04-12T10:18:47.635628Z", resume_at: null },
  management_urls: {
    update_payment_method:
      "https://buyer-portal.paddle.com/subscriptions/sub_01hv8y5ehszzq0yv20ttx3166y/update-payment-method",
    cancel: "https://buyer-portal.paddle.com/subscriptions/sub_01hv8y5ehszzq0yv20ttx3166y/cancel",
  },
  items: [
    {
      status: "active",
      quantity: 1,
      recurring: true,
      created_at: "2024-04-12T10:18:48.831Z",
      updated_at: "2024-04-12T10:18:48.831Z",
      previously_billed_at: "2024-04-12T10:18:47.635628Z",
      next_billed_at: "2025-04-12T10:18:47.635628Z",
      trial_dates: null,
      price,
      product,
    },
  ],
  custom_data: { user_id: "u-1" },
  next_transaction: null,
  recurring_transaction_details: null,
  import_meta: null,
} satisfies ISubscriptionResponse;

/** Only the fields the SDK's subscription type requires (no dates, no scheduled change, no custom data). */
export const bareSubscription = {
  id: "sub_01hv8y5ehszzq0yv20ttx3166z",
  status: "past_due",
  customer_id: "ctm_01hv8wt8nffez4p2t6typn4a5j",
  address_id: "add_01hv8wt8rxn8yxst0tj9hxs5wm",
  currency_code: "EUR",
  created_at: "2024-04-12T10:18:47.635628Z",
  updated_at: "2024-04-12T11:24:54.868Z",
  collection_mode: "manual",
  billing_cycle: { interval: "year", frequency: 1 },
  management_urls: null,
  items: [
    {
      status: "active",
      quantity: 1,
      recurring: true,
      created_at: "2024-04-12T10:18:48.831Z",
      updated_at: "2024-04-12T10:18:48.831Z",
      price: barePrice,
      product,
    },
  ],
} satisfies ISubscriptionResponse;

const totals = { subtotal: "0", discount: "0", tax: "0", total: "0" };

export const paymentMethodTransaction = {
  id: "txn_01hv8xxw3etar7kkm0q1g9jbzm",
  status: "ready",
  customer_id: subscription.customer_id,
  address_id: subscription.address_id,
  business_id: null,
  custom_data: null,
  currency_code: "USD",
  origin: "subscription_payment_method_change",
  subscription_id: subscription.id,
  invoice_id: null,
  invoice_number: null,
  collection_mode: "automatic",
  discount_id: null,
  billing_details: null,
  billing_period: null,
  items: [{ price_id: price.id, price, quantity: 1, proration: null }],
  details: {
    tax_rates_used: [{ tax_rate: "0.08", totals }],
    totals: {
      ...totals,
      credit: "0",
      credit_to_balance: "0",
      balance: "0",
      grand_total: "0",
      grand_total_tax: "0",
      fee: null,
      earnings: null,
      currency_code: "USD",
    },
    adjusted_totals: null,
    payout_totals: null,
    adjusted_payout_totals: null,
    line_items: [
      {
        id: "txnitm_01hv8xxw5b5bk4xhxkfwpkqg3v",
        price_id: price.id,
        quantity: 1,
        proration: null,
        tax_rate: "0.08",
        unit_totals: totals,
        totals,
        product,
      },
    ],
  },
  payments: [],
  checkout: { url: "https://aeroedit.com/pay?_ptxn=txn_01hv8xxw3etar7kkm0q1g9jbzm" },
  created_at: "2024-04-12T10:12:33.2014Z",
  updated_at: "2024-04-12T10:12:33.2014Z",
  billed_at: null,
  revised_at: null,
} satisfies ITransactionResponse;

/** Only the fields the SDK's transaction type requires. */
export const bareTransaction = {
  id: "txn_01hv8xxw3etar7kkm0q1g9jbzn",
  status: "ready",
  currency_code: "USD",
  origin: "subscription_payment_method_change",
  collection_mode: "automatic",
  items: [{ quantity: 1 }],
  payments: [],
  created_at: "2024-04-12T10:12:33.2014Z",
  updated_at: "2024-04-12T10:12:33.2014Z",
} satisfies ITransactionResponse;
