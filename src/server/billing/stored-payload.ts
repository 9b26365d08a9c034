// What Crate keeps of a Paddle notification: ids, state, dates and amounts. Customer names, e-mails, addresses,
// payment method details and line items stay at Paddle. The migration's data step trims older rows the same way.
import { customUserId, type PaddleWebhookEvent } from "../paddle/types.ts";

type Json = Record<string, unknown>;

const DATA_FIELDS = [
  "id",
  "status",
  "origin",
  "customer_id",
  "subscription_id",
  "currency_code",
  "created_at",
  "updated_at",
  "started_at",
  "first_billed_at",
  "billed_at",
  "next_billed_at",
  "paused_at",
  "canceled_at",
] as const;

const OBJECT_FIELDS = {
  scheduled_change: ["action", "effective_at", "resume_at"],
  current_billing_period: ["starts_at", "ends_at"],
  billing_period: ["starts_at", "ends_at"],
  billing_cycle: ["interval", "frequency"],
} as const;

const TOTALS = ["subtotal", "tax", "total", "grand_total", "currency_code"] as const;

const asObject = (v: unknown): Json | null =>
  v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Json) : null;

function pick(source: Json | null, keys: readonly string[]): Json {
  return Object.fromEntries(keys.map((k) => [k, source?.[k] ?? null]));
}

const pickObject = (source: unknown, keys: readonly string[]): Json | null => {
  const o = asObject(source);
  return o ? pick(o, keys) : null;
};

/** The stored form of an event (JSON text). */
export function storedPayload(event: PaddleWebhookEvent): string {
  const data = event.data as Json;
  const objects = Object.fromEntries(
    Object.entries(OBJECT_FIELDS).map(([name, keys]) => [name, pickObject(data[name], keys)]),
  );
  const totals = pickObject(asObject(data.details)?.totals, TOTALS);
  return JSON.stringify({
    event_id: event.event_id,
    event_type: event.event_type,
    occurred_at: event.occurred_at,
    notification_id: event.notification_id ?? null,
    data: {
      ...pick(data, DATA_FIELDS),
      ...objects,
      custom_data: { user_id: customUserId(asObject(data.custom_data)) },
      details: { totals },
    },
  });
}
