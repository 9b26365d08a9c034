// Adjustments: refunds and credits asked for through the API (a refund waits for Paddle's approval), chargebacks
// raised by the card network, and the adjustment.created / adjustment.updated notifications they send.
import { z } from "zod";
import { iso, type PaddleTransactionEntity, paddleId } from "./entities.ts";
import { PaddleEmulatorError } from "./refusal.ts";
import type { PaddleStore } from "./store.ts";
import type { WebhookSender } from "./webhooks.ts";

export type AdjustmentAction = "refund" | "credit" | "chargeback";
export type AdjustmentStatus = "pending_approval" | "approved" | "rejected";

export interface PaddleAdjustmentEntity {
  id: string;
  action: AdjustmentAction;
  type: "full" | "partial";
  transaction_id: string;
  subscription_id: string | null;
  customer_id: string;
  reason: string;
  credit_applied_to_balance: boolean | null;
  currency_code: string;
  status: AdjustmentStatus;
  items: {
    id: string;
    item_id: string;
    type: "full" | "partial";
    amount: string;
    proration: null;
    totals: { subtotal: string; tax: string; total: string };
  }[];
  totals: {
    subtotal: string;
    tax: string;
    total: string;
    fee: string;
    earnings: string;
    currency_code: string;
  };
  payout_totals: null;
  tax_rates_used: [];
  created_at: string;
  updated_at: string;
}

/** POST /adjustments: the API creates refunds and credits (chargebacks come from the card network). */
export const CreateAdjustmentSchema = z.object({
  action: z.enum(["refund", "credit"]),
  type: z.enum(["full", "partial"]).default("partial"),
  transaction_id: z.string().regex(/^txn_[a-z\d]{26}$/, "must be a transaction id"),
  reason: z.string().min(1).max(1024),
  items: z
    .array(
      z.object({
        item_id: z.string().min(1).max(100),
        type: z.enum(["full", "partial", "tax", "proration"]),
        amount: z.string().regex(/^\d+$/).optional(),
      }),
    )
    .max(100)
    .optional(),
});
export type CreateAdjustment = z.infer<typeof CreateAdjustmentSchema>;

export const AdjustmentFilterSchema = z.object({
  transaction_id: z.string().max(200).optional(),
  subscription_id: z.string().max(200).optional(),
  status: z.enum(["pending_approval", "approved", "rejected"]).optional(),
  action: z.enum(["refund", "credit", "chargeback"]).optional(),
});

export class PaddleAdjustments {
  constructor(
    private readonly store: PaddleStore,
    private readonly sender: WebhookSender,
    private readonly now: () => number,
  ) {}

  list(filter: z.infer<typeof AdjustmentFilterSchema>): PaddleAdjustmentEntity[] {
    return this.store
      .list<PaddleAdjustmentEntity>("adjustment")
      .filter(
        (a) =>
          (!filter.transaction_id || a.transaction_id === filter.transaction_id) &&
          (!filter.subscription_id || a.subscription_id === filter.subscription_id) &&
          (!filter.status || a.status === filter.status) &&
          (!filter.action || a.action === filter.action),
      );
  }

  private billedTransaction(id: string): PaddleTransactionEntity {
    const txn = this.store.get<PaddleTransactionEntity>("transaction", id);
    if (!txn) throw new PaddleEmulatorError(404, "not_found", `Entity ${id} not found`);
    if (txn.status !== "completed" && txn.status !== "billed" && txn.status !== "paid") {
      throw new PaddleEmulatorError(
        400,
        "adjustment_transaction_invalid_status",
        "Adjustments can only be created for billed or completed transactions.",
      );
    }
    return txn;
  }

  /** A refund is created pending approval (Paddle reviews it); a credit is approved at once. */
  async create(input: CreateAdjustment): Promise<PaddleAdjustmentEntity> {
    const txn = this.billedTransaction(input.transaction_id);
    const full = BigInt(txn.details.totals.total);
    let amount = full;
    if (input.type === "partial") {
      const items = input.items ?? [];
      if (items.length === 0 || items.some((i) => i.amount === undefined)) {
        throw new PaddleEmulatorError(400, "invalid_field", "A partial adjustment needs items with amounts.");
      }
      amount = items.reduce((sum, i) => sum + BigInt(i.amount ?? "0"), 0n);
    }
    if (amount <= 0n || amount > full - this.adjustedSoFar(txn.id)) {
      throw new PaddleEmulatorError(
        400,
        "adjustment_amount_above_remaining_allowed",
        "The adjustment is more than what is left of the transaction.",
      );
    }
    const status: AdjustmentStatus = input.action === "refund" ? "pending_approval" : "approved";
    return this.record(txn, input.action, input.type, amount, input.reason, status);
  }

  /** A chargeback the customer's bank raised: approved when it arrives. */
  async chargeback(transactionId: string): Promise<PaddleAdjustmentEntity> {
    const txn = this.billedTransaction(transactionId);
    const amount = BigInt(txn.details.totals.total) - this.adjustedSoFar(txn.id);
    return this.record(txn, "chargeback", "full", amount, "chargeback", "approved");
  }

  /** Paddle's review of a pending refund: adjustment.updated with the outcome. */
  async review(id: string, status: "approved" | "rejected"): Promise<PaddleAdjustmentEntity> {
    const adj = this.store.get<PaddleAdjustmentEntity>("adjustment", id);
    if (!adj) throw new PaddleEmulatorError(404, "not_found", `Entity ${id} not found`);
    if (adj.status !== "pending_approval") {
      throw new PaddleEmulatorError(400, "adjustment_not_pending", "The adjustment is not pending approval.");
    }
    const at = this.now();
    adj.status = status;
    adj.updated_at = iso(at);
    this.store.put("adjustment", adj.id, adj);
    await this.sender.emit([
      {
        eventType: "adjustment.updated",
        occurredAt: at,
        data: { ...adj },
        subscriptionId: adj.subscription_id,
      },
    ]);
    return adj;
  }

  private adjustedSoFar(transactionId: string): bigint {
    return this.list({ transaction_id: transactionId })
      .filter((a) => a.status !== "rejected")
      .reduce((sum, a) => sum + BigInt(a.totals.total), 0n);
  }

  private async record(
    txn: PaddleTransactionEntity,
    action: AdjustmentAction,
    type: "full" | "partial",
    amount: bigint,
    reason: string,
    status: AdjustmentStatus,
  ): Promise<PaddleAdjustmentEntity> {
    const at = this.now();
    const total = amount.toString();
    const lineItem = txn.details.line_items[0];
    const adj: PaddleAdjustmentEntity = {
      id: paddleId("adj"),
      action,
      type,
      transaction_id: txn.id,
      subscription_id: txn.subscription_id,
      customer_id: txn.customer_id,
      reason,
      credit_applied_to_balance: action === "credit" ? true : null,
      currency_code: txn.currency_code,
      status,
      items: lineItem
        ? [
            {
              id: paddleId("adjitm"),
              item_id: lineItem.id,
              type,
              amount: total,
              proration: null,
              totals: { subtotal: total, tax: "0", total },
            },
          ]
        : [],
      totals: {
        subtotal: total,
        tax: "0",
        total,
        fee: "0",
        earnings: total,
        currency_code: txn.currency_code,
      },
      payout_totals: null,
      tax_rates_used: [],
      created_at: iso(at),
      updated_at: iso(at),
    };
    this.store.put("adjustment", adj.id, adj);
    await this.sender.emit([
      {
        eventType: "adjustment.created",
        occurredAt: at,
        data: { ...adj },
        subscriptionId: adj.subscription_id,
      },
    ]);
    return adj;
  }
}
