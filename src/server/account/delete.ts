import { count, eq } from "drizzle-orm";
import { deletedAccountHashes } from "../auth/signup.ts";
import { cancelSubscriptionsBeforeDeletion } from "../billing/account-deletion.ts";
import type { Db } from "../db/client.ts";
import { deletedAccounts, membershipEvents, payments, subscriptions, users } from "../db/schema/index.ts";
import { transaction } from "../db/transaction.ts";
import type { Deps } from "../deps/deps.ts";
import type { Clock } from "../platform/clock.ts";
import { notSignedIn } from "../platform/errors.ts";
import { deleteOwnedRows } from "./user-data.ts";

export interface DeletionResult {
  deleted: true;
  /** membership and payment records kept for their legal period (purged by the retention job) */
  retainedRecords: number;
}

/**
 * Deletes everything stored about the user at once, in one transaction: every owned row, the sessions
 * (which logs out everywhere) and the user row. Membership events, payments and subscriptions stay for their
 * legal period, keyed only by the old user id, which nothing else refers to any more. A user who never paid
 * has nothing to keep, so their membership events go too. The provider ids' sha256 are recorded so that
 * signing in again makes a fresh account that cannot create playlists for a while (code 21).
 * Runs after cancelSubscriptionsBeforeDeletion (deleteAccount); alone it leaves subscriptions running.
 */
export function deleteAccountData(db: Db, clock: Clock, userId: string): DeletionResult {
  return transaction(db, (tx) => {
    const user = tx
      .select({ spotifyId: users.spotifyId, accountId: users.accountId })
      .from(users)
      .where(eq(users.id, userId))
      .get();
    if (!user) throw notSignedIn();
    const now = clock.now();
    // Sign-in reads this (same hash) to block creation on the fresh account for a while.
    // Both the Spotify id and the account id, so a renamed Spotify user is recognised too.
    for (const hash of deletedAccountHashes(user.spotifyId, user.accountId)) {
      tx.insert(deletedAccounts)
        .values({ spotifyIdHash: hash, deletedAt: now })
        .onConflictDoUpdate({ target: deletedAccounts.spotifyIdHash, set: { deletedAt: now } })
        .run();
    }
    deleteOwnedRows(tx, userId);
    tx.delete(users).where(eq(users.id, userId)).run();

    const paid =
      (tx.select({ n: count() }).from(payments).where(eq(payments.userId, userId)).get()?.n ?? 0) +
      (tx.select({ n: count() }).from(subscriptions).where(eq(subscriptions.userId, userId)).get()?.n ?? 0);
    if (paid === 0) tx.delete(membershipEvents).where(eq(membershipEvents.userId, userId)).run();
    const kept = tx
      .select({ n: count() })
      .from(membershipEvents)
      .where(eq(membershipEvents.userId, userId))
      .get();
    return { deleted: true as const, retainedRecords: paid + (kept?.n ?? 0) };
  });
}

/** Account deletion: running subscriptions are cancelled at period end first; a failure there deletes nothing. */
export async function deleteAccount(
  deps: Pick<Deps, "db" | "clock" | "paddle" | "config" | "log">,
  userId: string,
): Promise<DeletionResult> {
  await cancelSubscriptionsBeforeDeletion(deps, userId);
  return deleteAccountData(deps.db, deps.clock, userId);
}
