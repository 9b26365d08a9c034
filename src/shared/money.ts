/** Fraction digits of a currency (2 for USD/EUR, 0 for JPY/KRW), from the runtime's ICU data. */
export function currencyDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ??
      2
    );
  } catch {
    return 2;
  }
}

/**
 * Paddle amounts are integer strings in the lowest denomination ("4900" USD = 49.00).
 * Crate answers with the displayable decimal string ("49.00"; "4900" for JPY): exact, no float rounding.
 */
export function toDisplayAmount(lowestDenomination: string, currency: string): string {
  const digits = currencyDigits(currency);
  const negative = lowestDenomination.startsWith("-");
  const raw = (negative ? lowestDenomination.slice(1) : lowestDenomination).replace(/^0+(?=\d)/, "");
  if (digits === 0) return `${negative ? "-" : ""}${raw}`;
  const padded = raw.padStart(digits + 1, "0");
  const whole = padded.slice(0, padded.length - digits);
  const fraction = padded.slice(padded.length - digits);
  return `${negative ? "-" : ""}${whole}.${fraction}`;
}

/** Multiplies an integer-string amount by a whole quantity without leaving integers. */
export function multiplyAmount(lowestDenomination: string, quantity: number): string {
  return (BigInt(lowestDenomination) * BigInt(Math.max(0, Math.trunc(quantity)))).toString();
}
