import { eq, sql } from "drizzle-orm";
import { ErrorCode } from "../../shared/errors.ts";
import { limits } from "../../shared/limits.ts";
import { withTransaction } from "../db/client.ts";
import { dailySignups, deletedAccounts, membershipEvents, users } from "../db/schema/index.ts";
import type { Deps } from "../deps.ts";
import { AppError } from "../errors.ts";

export interface ProviderProfile {
  spotifyId: string;
  displayName: string | null;
  /** where the visitor came from; kept only when the account is created */
  referrer?: string;
}

export type SignInResult = { userId: string; created: boolean } | { noCapacity: true };

/** The UTC day a timestamp falls on, e.g. "2026-01-15" (the key of daily_signups). */
export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** How deleted accounts are remembered: lowercase hex sha256 of the provider user id. */
export const providerIdHash = (spotifyId: string) =>
  new Bun.CryptoHasher("sha256").update(spotifyId).digest("hex");

/**
 * Finds the user for a provider account or creates one (Free, a 'signup' membership event, counted in the day's
 * sign-ups) unless the day's cap of new accounts is reached. A fresh account for a provider account that deleted
 * its data gets `creationBlockedUntil`, so nothing is created for it for two minutes (code 21).
 */
export function findOrCreateUser(
  deps: Pick<Deps, "db" | "clock" | "config">,
  profile: ProviderProfile,
): SignInResult {
  const now = deps.clock.now();
  return withTransaction(deps.db, (tx) => {
    const existing = tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.spotifyId, profile.spotifyId))
      .get();
    if (existing) {
      tx.update(users)
        .set({ lastLoginAt: now, displayName: profile.displayName })
        .where(eq(users.id, existing.id))
        .run();
      return { userId: existing.id, created: false };
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
      .where(eq(deletedAccounts.spotifyIdHash, providerIdHash(profile.spotifyId)))
      .get();
    const blockedUntil = deletedBefore ? { creationBlockedUntil: now + limits.deletedRecentlyBlockMs } : {};

    const userId = crypto.randomUUID();
    tx.insert(users)
      .values({
        id: userId,
        spotifyId: profile.spotifyId,
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
