import type { PriceInfo } from "../../../shared/schemas/billing.ts";

/** "$49.00" from {amount: "49.00", currency: "USD"} in the visitor's locale. */
export function formatPrice(price: PriceInfo): string {
  const value = Number(price.amount);
  try {
    return new Intl.NumberFormat(undefined, { style: "currency", currency: price.currency }).format(value);
  } catch {
    return `${price.amount} ${price.currency}`;
  }
}

export function formatDate(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return date.toLocaleDateString(undefined, { year: "numeric", month: "long", day: "numeric" });
}
