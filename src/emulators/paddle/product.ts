// The product Crate sells (one, with the yearly price), as Paddle embeds it in subscription items, transaction
// line items and pricing previews, and totals formatted for display as Paddle formats them.
export interface Money {
  amount: string;
  currency_code: string;
}

export interface PaddlePriceEntity {
  id: string;
  product_id: string;
  type: "standard";
  description: string;
  name: string;
  /** null: a one-time price (no subscription) */
  billing_cycle: { interval: "year"; frequency: 1 } | null;
  trial_period: null;
  tax_mode: "account_setting";
  unit_price: Money;
  unit_price_overrides: [];
  quantity: { minimum: 1; maximum: 1 };
  status: "active";
  custom_data: null;
  import_meta: null;
  created_at: string;
  updated_at: string;
}

export interface PaddleProductEntity {
  id: string;
  name: string;
  description: string | null;
  type: "standard";
  tax_category: "standard";
  image_url: string | null;
  custom_data: null;
  status: "active";
  import_meta: null;
  created_at: string;
  updated_at: string;
}

/** The product a price belongs to (created with the price). */
export function productOf(price: PaddlePriceEntity): PaddleProductEntity {
  return {
    id: price.product_id,
    name: "Crate Premium",
    description: "Every playlist kind, all your likes, combinations.",
    type: "standard",
    tax_category: "standard",
    image_url: null,
    custom_data: null,
    status: "active",
    import_meta: null,
    created_at: price.created_at,
    updated_at: price.updated_at,
  };
}

/** An amount in the currency's lowest unit ("4900" USD) as Paddle shows it ("$49.00"). */
export function formatMoney(money: Money): string {
  const format = new Intl.NumberFormat("en-US", { style: "currency", currency: money.currency_code });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(Number(money.amount) / 10 ** digits);
}

/** Each amount of a totals object formatted in the currency. */
export function formatTotals<T extends Record<string, string>>(totals: T, currency: string): T {
  return Object.fromEntries(
    Object.entries(totals).map(([k, amount]) => [k, formatMoney({ amount, currency_code: currency })]),
  ) as T;
}
