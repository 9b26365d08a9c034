// Parts of a transaction: its totals and the payment attempts Paddle lists under `payments`.

const iso = (ms: number) => new Date(ms).toISOString();

export type LineTotals = Record<"subtotal" | "discount" | "tax" | "total", string>;
type Amounts = "subtotal" | "discount" | "tax" | "total" | "credit" | "credit_to_balance" | "balance";
export type TransactionTotals = Record<
  Amounts | "grand_total" | "grand_total_tax" | "currency_code",
  string
> & {
  fee: string | null;
  earnings: string | null;
};

export function totalsOf(amount: string, currency: string): TransactionTotals {
  return {
    subtotal: amount,
    discount: "0",
    tax: "0",
    total: amount,
    credit: "0",
    credit_to_balance: "0",
    balance: "0",
    grand_total: amount,
    grand_total_tax: "0",
    fee: null,
    earnings: null,
    currency_code: currency,
  };
}

export interface PaymentAttempt {
  payment_attempt_id: string;
  stored_payment_method_id: string;
  payment_method_id: string | null;
  amount: string;
  status: "captured";
  error_code: null;
  method_details: {
    type: "card";
    card: { type: "visa"; last4: string; expiry_month: number; expiry_year: number; cardholder_name: string };
    paypal: null;
    south_korea_local_card: null;
    underlying_details: null;
  };
  created_at: string;
  captured_at: string | null;
}

/** The captured card payment of a paid transaction (the hosted checkout takes the test Visa card). */
export function capturedPayment(amount: string, at: number): PaymentAttempt {
  return {
    payment_attempt_id: crypto.randomUUID(),
    stored_payment_method_id: crypto.randomUUID(),
    payment_method_id: null,
    amount,
    status: "captured",
    error_code: null,
    method_details: {
      type: "card",
      card: {
        type: "visa",
        last4: "4242",
        expiry_month: 12,
        expiry_year: 2040,
        cardholder_name: "Crate Listener",
      },
      paypal: null,
      south_korea_local_card: null,
      underlying_details: null,
    },
    created_at: iso(at),
    captured_at: iso(at),
  };
}
