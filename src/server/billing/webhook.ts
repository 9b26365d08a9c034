import { eq } from "drizzle-orm";
import { ErrorCode } from "../../shared/errors.ts";
import { webhookEvents } from "../db/schema/index.ts";
import { transaction } from "../db/transaction.ts";
import type { Deps } from "../deps/deps.ts";
import { type PaddleWebhookEvent, WebhookEventSchema } from "../paddle/types.ts";
import { DEFAULT_SIGNATURE_TOLERANCE_SEC, verifyPaddleSignature } from "../paddle/webhook-signature.ts";
import { AppError, badRequest } from "../platform/errors.ts";
import { zodMessage } from "../platform/transport-errors.ts";
import { applyPaddleEvent } from "./apply.ts";
import type { ApplyResult, EventOutcome } from "./event-context.ts";
import { cancelRefundedSubscription, finishRefundCancels } from "./refund-cancel.ts";
import { storedPayload } from "./stored-payload.ts";
import { requirePremiumOffered } from "./subscriptions.ts";

export interface WebhookDelivery {
  rawBody: Uint8Array;
  signature: string | undefined;
}

export interface WebhookReceipt {
  received: true;
  eventId: string;
  duplicate: boolean;
  outcome: EventOutcome;
}

const refusals = {
  missing: "Missing Paddle-Signature header.",
  malformed: "Malformed Paddle-Signature header.",
  mismatch: "Invalid Paddle-Signature.",
  stale: "Paddle-Signature timestamp is outside the allowed window.",
} as const;

/**
 * Receives one Paddle notification: verifies the signature on the raw body, stores the event once per
 * event_id and applies it. A repeated delivery is acknowledged and changes nothing.
 */
export async function receivePaddleWebhook(
  deps: Deps,
  delivery: WebhookDelivery,
  options: { toleranceSec?: number } = {},
): Promise<WebhookReceipt> {
  requirePremiumOffered(deps);
  const check = verifyPaddleSignature({
    header: delivery.signature,
    rawBody: delivery.rawBody,
    secret: deps.config.paddle.webhookSecret,
    nowMs: deps.clock.now(),
    toleranceSec: options.toleranceSec ?? DEFAULT_SIGNATURE_TOLERANCE_SEC,
  });
  if (!check.ok) {
    deps.log.warn("paddle webhook refused", { reason: check.reason });
    deps.metrics.webhookEvent("unverified", "refused");
    if (check.reason === "missing" || check.reason === "malformed") throw badRequest(refusals[check.reason]);
    throw new AppError(ErrorCode.Unauthorized, refusals[check.reason], 401);
  }
  const event = parseEvent(delivery.rawBody);
  const now = deps.clock.now();
  const result = transaction(deps.db, (tx): (ApplyResult & { duplicate: boolean }) | null => {
    const seen = tx
      .select({ outcome: webhookEvents.outcome })
      .from(webhookEvents)
      .where(eq(webhookEvents.eventId, event.event_id))
      .get();
    if (seen) return null;
    tx.insert(webhookEvents)
      .values({
        eventId: event.event_id,
        eventType: event.event_type,
        occurredAt: Date.parse(event.occurred_at),
        receivedAt: now,
        payload: storedPayload(event),
        notificationId: event.notification_id ?? null,
      })
      .run();
    const applied = applyPaddleEvent(tx, event, now, deps.config.paddle.priceId);
    tx.update(webhookEvents)
      .set({ processedAt: now, outcome: applied.outcome, userId: applied.userId ?? null })
      .where(eq(webhookEvents.eventId, event.event_id))
      .run();
    return { ...applied, duplicate: false };
  });
  if (!result) {
    deps.log.info("paddle webhook repeated", { eventId: event.event_id, eventType: event.event_type });
    deps.metrics.webhookEvent(event.event_type, "duplicate");
    // Paddle sends an event again when Crate failed to answer it: a refund's cancel that failed is retried now.
    if (event.event_type.startsWith("adjustment.")) await finishRefundCancels(deps, event);
    return { received: true, eventId: event.event_id, duplicate: true, outcome: "ignored" };
  }
  if (result.outcome === "not_crate_product") {
    deps.log.warn("paddle event for something other than Crate's price: recorded, grants nothing", {
      eventId: event.event_id,
      eventType: event.event_type,
      userId: result.userId,
    });
  }
  deps.log.info("paddle webhook applied", {
    eventId: event.event_id,
    eventType: event.event_type,
    outcome: result.outcome,
  });
  deps.metrics.webhookEvent(event.event_type, result.outcome);
  // Failing here answers 503, so Paddle delivers the event again and the cancel is tried again.
  if (result.cancelAtPaddle) await cancelRefundedSubscription(deps, result.cancelAtPaddle);
  return { received: true, eventId: event.event_id, duplicate: false, outcome: result.outcome };
}

function parseEvent(rawBody: Uint8Array): PaddleWebhookEvent {
  let text: string;
  let json: unknown;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(rawBody);
    json = JSON.parse(text);
  } catch {
    throw badRequest("body: must be valid JSON");
  }
  const parsed = WebhookEventSchema.safeParse(json);
  if (!parsed.success) throw badRequest(zodMessage(parsed.error));
  return parsed.data;
}
