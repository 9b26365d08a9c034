import { and, count, eq, gte } from "drizzle-orm";
import { ErrorCode } from "../../shared/errors.ts";
import { limits } from "../../shared/limits.ts";
import type { FeedbackInput } from "../../shared/schemas/feedback.ts";
import type { Db } from "../db/client.ts";
import { feedback } from "../db/schema/index.ts";
import { transaction } from "../db/transaction.ts";
import type { Clock } from "../platform/clock.ts";
import { AppError } from "../platform/errors.ts";

/** Start of the UTC day that contains `ms`. */
export function utcDayStart(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
}

/**
 * Stores one feedback message. Each user may send `limits.feedbackPerUserPerDay` messages per UTC day;
 * the next one is refused with code 28 until the next UTC midnight.
 */
export function submitFeedback(db: Db, clock: Clock, userId: string, input: FeedbackInput): { sent: true } {
  const now = clock.now();
  return transaction(db, (tx) => {
    const sentToday =
      tx
        .select({ n: count() })
        .from(feedback)
        .where(and(eq(feedback.userId, userId), gte(feedback.createdAt, utcDayStart(now))))
        .get()?.n ?? 0;
    if (sentToday >= limits.feedbackPerUserPerDay) throw new AppError(ErrorCode.TooMuchFeedback);
    tx.insert(feedback).values({ userId, feedback: input.feedback.trim(), createdAt: now }).run();
    return { sent: true as const };
  });
}
