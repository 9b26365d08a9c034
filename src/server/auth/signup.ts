import { eq, inArray, sql } from "drizzle-orm";
import { ErrorCode } from "../../shared/errors.ts";
import { limits } from "../../shared/limits.ts";
import { dailySignups, deletedAccounts, membershipEvents, users } from "../db/schema/index.ts";
import { type Tx, transaction } from "../db/transaction.ts";
import type { Deps } from "../deps/deps.ts";
import { AppError } from "../platform/errors.ts";

export interface ProviderProfile {
  spotifyId: string;
  /** Spotify's immutable `account_id`, when `/me` sends it: accounts are linked by it, `spotifyId` may change */
  accountId?: string;
  displayName: string | null;
  /** where the visitor came from; kept only when the account is created */
  referrer?: string;
}

export type SignInResult = { userId: string; created: boolean } | { noCapacity: true };

/** The Spotify id is held by a Crate user linked to a different Spotify account (`account_id`). */
export class AccountLinkConflict extends Error {
  constructor() {
    super("the Spotify id belongs to a user linked to another Spotify account");
    this.name = "AccountLinkConflict";
  }
}

/** The UTC day a timestamp falls on, e.g. "2026-01-15" (the key of daily_signups). */
export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** How deleted accounts are remembered: lowercase hex sha256 of the provider user id. */
export const providerIdHash = (spotifyId: string) =>
  new Bun.CryptoHasher("sha256").update(spotifyId).digest("hex");

/** The same for Spotify's immutable account id (prefixed, so it never equals a user id's hash). */
export const accountIdHash = (accountId: string) => providerIdHash(`account:${accountId}`);

/** The hashes a deleted account is remembered by: its Spotify id, and its account id when known. */
export const deletedAccountHashes = (spotifyId: string, accountId: string | null | undefined): string[] =>
  accountId ? [providerIdHash(spotifyId), accountIdHash(accountId)] : [providerIdHash(spotifyId)];

/**
 * Finds the user for a provider account (by `account_id`, else by Spotify id) or creates one (Free, a 'signup' membership event, counted in the day's
 * sign-ups) unless the day's cap of new accounts is reached. A fresh account for a provider account that deleted
 * its data gets `creationBlockedUntil`, so nothing is created for it for two minutes (code 21).
 */
export function findOrCreateUser(
  deps: Pick<Deps, "db" | "clock" | "config">,
  profile: ProviderProfile,
): SignInResult {
  const now = deps.clock.now();
  return transaction(deps.db, (tx) => {
    const existing = findExisting(tx, profile);
    if (existing === "conflict") throw new AccountLinkConflict();
    if (existing) {
      tx.update(users)
        .set({
          lastLoginAt: now,
          displayName: profile.displayName,
          // A renamed Spotify user keeps their account; one from before account ids is linked now.
          spotifyId: profile.spotifyId,
          ...(profile.accountId ? { accountId: profile.accountId } : {}),
        })
        .where(eq(users.id, existing))
        .run();
      return { userId: existing, created: false };
    }

    const day = utcDay(now);
    const signupsToday = tx
      .select({ count: dailySignups.count })
      .from(dailySignups)
      .where(eq(dailySignups.day, day))
      .get();
    if ((signupsToday?.count ?? 0) >= deps.config.dailyNewUserCap) return { noCapacity: true };

    // A provider account that deleted its data (remembered for 5 days) comes back as a fresh account
    // that may create nothing for two minutes from this sign-in (code 21).
    const deletedBefore = tx
      .select({ deletedAt: deletedAccounts.deletedAt })
      .from(deletedAccounts)
      .where(
        inArray(deletedAccounts.spotifyIdHash, deletedAccountHashes(profile.spotifyId, profile.accountId)),
      )
      .get();
    const blockedUntil = deletedBefore ? { creationBlockedUntil: now + limits.deletedRecentlyBlockMs } : {};

    const userId = crypto.randomUUID();
    tx.insert(users)
      .values({
        id: userId,
        spotifyId: profile.spotifyId,
        accountId: profile.accountId ?? null,
        displayName: profile.displayName,
        membershipLevel: "Free",
        monitored: true,
        createdAt: now,
        lastLoginAt: now,
        referrer: profile.referrer ?? null,
        ...blockedUntil,
      })
      .run();
    tx.insert(membershipEvents)
      .values({ userId, membershipLevel: "Free", effectiveDate: now, source: "signup" })
      .run();
    tx.insert(dailySignups)
      .values({ day, count: 1 })
      .onConflictDoUpdate({ target: dailySignups.day, set: { count: sql`${dailySignups.count} + 1` } })
      .run();
    return { userId, created: true };
  });
}

/**
 * The user of a provider account: by `account_id` when Spotify sends it, else (and for users from before
 * account ids) by the Spotify id, unless that user is linked to a different account.
 */
function findExisting(tx: Tx, profile: ProviderProfile): string | "conflict" | null {
  const byId = tx
    .select({ id: users.id, accountId: users.accountId })
    .from(users)
    .where(eq(users.spotifyId, profile.spotifyId))
    .get();
  if (profile.accountId) {
    const byAccount = tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.accountId, profile.accountId))
      .get();
    if (byAccount) return byId && byId.id !== byAccount.id ? "conflict" : byAccount.id;
    if (byId?.accountId && byId.accountId !== profile.accountId) return "conflict";
  }
  return byId?.id ?? null;
}

/** Throws AppError 21 while the user may not have anything created (they deleted their data and came back too soon). */
export function assertMayCreate(deps: Pick<Deps, "db" | "clock">, userId: string): void {
  const row = deps.db
    .select({ creationBlockedUntil: users.creationBlockedUntil })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  const until = row?.creationBlockedUntil;
  if (until !== null && until !== undefined && until > deps.clock.now()) {
    throw new AppError(ErrorCode.UserDeletedRecently);
  }
}
