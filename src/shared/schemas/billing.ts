import { z } from "zod";
import { subscriptionStatuses } from "../membership.ts";

/**
 * Price info of spec section 3. `amount` is the displayable decimal string in the currency's own units
 * ("49.00" for 49 USD, "4900" for 4,900 JPY): exact, ready for Intl.NumberFormat after Number().
 */
export const PriceInfoSchema = z.object({
  amount: z.string(),
  currency: z.string().length(3),
});
export type PriceInfo = z.infer<typeof PriceInfoSchema>;

/** Subscription details entity of spec section 3; dates are ISO 8601 strings (UTC) or null. */
export const SubscriptionDetailsSchema = z.object({
  status: z.enum(subscriptionStatuses),
  nextBillingDate: z.string().nullable(),
  currentBillingPeriodEnds: z.string().nullable(),
  recurringFeeAmount: PriceInfoSchema.nullable(),
});
export type SubscriptionDetails = z.infer<typeof SubscriptionDetailsSchema>;

/** One of the listener's subscriptions, for the plans page when Paddle still runs more than one. */
export const OwnedSubscriptionSchema = SubscriptionDetailsSchema.extend({ id: z.string() });
export type OwnedSubscription = z.infer<typeof OwnedSubscriptionSchema>;

/** Which subscription a call acts on: the one the plans page manages when left out. */
export const SubscriptionChoiceSchema = z
  .object({ subscriptionId: z.string().min(1).max(100).optional() })
  .strict()
  .optional();

/** The calls on a subscription take no payload; an empty JSON object is accepted too. */
export const NoPayloadSchema = z.object({}).strict();

export interface UpdatePaymentMethodTransaction {
  transactionId: string;
}

/** What the plans page needs to open a checkout. */
export interface CheckoutConfig {
  /** "paddle": Paddle.js overlay checkout; "emulator": the bundled Paddle emulator's checkout page (demo mode) */
  mode: "paddle" | "emulator";
  demo: boolean;
  /** false when the operator switched premium off (PREMIUM=off): nothing is sold */
  premium: boolean;
  environment: "production" | "sandbox";
  clientToken: string;
  priceId: string;
  /** the emulator's hosted checkout page; null outside demo mode */
  emulatorCheckoutUrl: string | null;
  /** the success page path the checkout returns to */
  successPath: string;
  paymentDetailsUpdatedPath: string;
}

export const planPaths = {
  plans: "/plans",
  login: "/plans/login",
  success: "/plans/success",
  paymentDetailsUpdated: "/plans/payment-details-updated/success",
} as const;
