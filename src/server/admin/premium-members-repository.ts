// Current premium members with the start of their current premium stretch.
import { and, asc, desc, eq, exists, gt, min, ne, not, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { premiumLevel } from "../../shared/membership.ts";
import type { Db } from "../db/client.ts";
import { membershipEvents, users } from "../db/schema/index.ts";

/**
 * PremiumYearly members, `limit` from `offset`, newest premium first (ties by user id, so pages are stable).
 * `effectiveDate`: the first PremiumYearly event after the user's latest event to another level; the account's
 * creation when no event records it (a level set outside the app).
 */
export function premiumMembersPage(db: Db, limit: number, offset: number) {
  const premium = alias(membershipEvents, "premium");
  const later = alias(membershipEvents, "later");
  const endedLater = db
    .select({ one: sql`1` })
    .from(later)
    .where(
      and(
        eq(later.userId, users.id),
        ne(later.membershipLevel, premiumLevel),
        or(
          gt(later.effectiveDate, premium.effectiveDate),
          and(eq(later.effectiveDate, premium.effectiveDate), gt(later.id, premium.id)),
        ),
      ),
    );
  const stretchStart = db
    .select({ start: min(premium.effectiveDate) })
    .from(premium)
    .where(
      and(eq(premium.userId, users.id), eq(premium.membershipLevel, premiumLevel), not(exists(endedLater))),
    );
  const effectiveDate = sql<number>`coalesce((${stretchStart}), ${users.createdAt})`.as("effective_date");
  return db
    .select({ userId: users.id, effectiveDate })
    .from(users)
    .where(eq(users.membershipLevel, premiumLevel))
    .orderBy(desc(effectiveDate), asc(users.id))
    .limit(limit)
    .offset(offset)
    .all();
}
