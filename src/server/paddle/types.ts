import { z } from "zod";

// The parts of Paddle Billing's entities that Crate reads. Objects are loose: Paddle adds fields over time.

export const MoneySchema = z.looseObject({
  /** in the currency's lowest denomination, as a string of digits ("4900" is 49.00 USD) */
  amount: z.string().regex(/^-?\d+$/),
  currency_code: z.string().min(3).max(3),
});
export type PaddleMoney = z.infer<typeof MoneySchema>;

export const PriceSchema = z.looseObject({
  id: z.string(),
  product_id: z.string().optional(),
  description: z.string().optional(),
  billing_cycle: z.looseObject({ interval: z.string(), frequency: z.number() }).nullish(),
  unit_price: MoneySchema,
  status: z.string().optional(),
});
export type PaddlePrice = z.infer<typeof PriceSchema>;

const TimePeriodSchema = z.looseObject({ starts_at: z.string(), ends_at: z.string() });

export const ScheduledChangeSchema = z.looseObject({
  action: z.string(),
  effective_at: z.string(),
  resume_at: z.string().nullish(),
});

const CustomDataSchema = z.record(z.string(), z.unknown()).nullish();

export const SubscriptionSchema = z.looseObject({
  id: z.string().min(1),
  status: z.string(),
  customer_id: z.string().nullish(),
  currency_code: z.string().optional(),
  next_billed_at: z.string().nullish(),
  canceled_at: z.string().nullish(),
  started_at: z.string().nullish(),
  created_at: z.string().nullish(),
  current_billing_period: TimePeriodSchema.nullish(),
  scheduled_change: ScheduledChangeSchema.nullish(),
  items: z
    .array(
      z.looseObject({
        quantity: z.number().optional(),
        price: z.looseObject({ id: z.string().optional(), unit_price: MoneySchema.optional() }).nullish(),
      }),
    )
    .default([]),
  custom_data: CustomDataSchema,
});
export type PaddleSubscription = z.infer<typeof SubscriptionSchema>;

export const TransactionSchema = z.looseObject({
  id: z.string().min(1),
  status: z.string(),
  customer_id: z.string().nullish(),
  subscription_id: z.string().nullish(),
  origin: z.string().nullish(),
  currency_code: z.string().optional(),
  custom_data: CustomDataSchema,
  billing_period: TimePeriodSchema.nullish(),
  billed_at: z.string().nullish(),
  items: z
    .array(
      z.looseObject({
        price_id: z.string().nullish(),
        price: z.looseObject({ id: z.string().optional() }).nullish(),
      }),
    )
    .default([]),
  details: z
    .looseObject({
      totals: z.looseObject({ total: z.string().optional(), grand_total: z.string().optional() }).nullish(),
    })
    .nullish(),
});
export type PaddleTransaction = z.infer<typeof TransactionSchema>;

/** A refund, credit or chargeback of a transaction (adjustment.created / adjustment.updated). */
export const AdjustmentSchema = z.looseObject({
  id: z.string().min(1).max(100),
  action: z.string(),
  type: z.string().nullish(),
  status: z.string(),
  transaction_id: z.string().min(1).max(100),
  subscription_id: z.string().max(100).nullish(),
  customer_id: z.string().nullish(),
  currency_code: z.string().optional(),
  totals: z.looseObject({ total: z.string().optional(), currency_code: z.string().optional() }).nullish(),
});
export type PaddleAdjustment = z.infer<typeof AdjustmentSchema>;

/** The notification envelope Paddle posts to webhook destinations. */
export const WebhookEventSchema = z.looseObject({
  event_id: z.string().min(1).max(100),
  event_type: z.string().min(1).max(100),
  occurred_at: z.string().refine((v) => !Number.isNaN(Date.parse(v)), "must be an RFC 3339 date-time"),
  notification_id: z.string().max(100).optional(),
  data: z.looseObject({ id: z.string().optional() }),
});
export type PaddleWebhookEvent = z.infer<typeof WebhookEventSchema>;

/** `{error: {type, code, detail}, meta}`: Paddle's error envelope. */
export const ErrorEnvelopeSchema = z.looseObject({
  error: z.looseObject({
    type: z.string().optional(),
    code: z.string().optional(),
    detail: z.string().optional(),
  }),
});

/** The user id Crate passes as checkout custom data (`customData.user_id`). */
export function customUserId(customData: Record<string, unknown> | null | undefined): string | null {
  const value = customData?.user_id;
  return typeof value === "string" && value.length > 0 && value.length <= 100 ? value : null;
}
