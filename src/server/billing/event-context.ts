import type { Db } from "../db/client.ts";
import type { Tx } from "../db/transaction.ts";
import type { PaddleWebhookEvent } from "../paddle/types.ts";
import type { MembershipChange } from "./membership.ts";
import { adminChangeAt } from "./records.ts";

/** not_crate_product: a purchase of something other than Crate's price, recorded and granting nothing */
export type EventOutcome = "applied" | "superseded" | "ignored" | "no_user" | "not_crate_product";

export interface ApplyResult {
  outcome: EventOutcome;
  /** membership changes written in the event's transaction */
  changes: MembershipChange[];
  /** the user the event belongs to, when known */
  userId?: string;
  /** a subscription a refund or chargeback ended: cancel it at Paddle at once, after the commit */
  cancelAtPaddle?: string;
}

export interface EventContext {
  tx: Tx;
  event: PaddleWebhookEvent;
  occurredAt: number;
  now: number;
  /** PADDLE_PRICE_ID: the one price that grants premium */
  priceId: string;
}

/**
 * Whether a subscription's events may change the level: an admin's change stands against every subscription
 * that began before it (an old subscription's renewal or cancel must not undo a grant or a revocation).
 */
export function mayChangeLevel(tx: Db, userId: string, subscriptionStartedAt: number | null): boolean {
  const adminAt = adminChangeAt(tx, userId);
  return adminAt === null || (subscriptionStartedAt !== null && subscriptionStartedAt > adminAt);
}
