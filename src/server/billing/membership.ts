import { eq } from "drizzle-orm";
import type { MembershipLevel } from "../../shared/membership.ts";
import { membershipEvents, users } from "../db/schema/index.ts";
import { type Tx, transaction } from "../db/transaction.ts";
import type { Deps } from "../deps/deps.ts";
import { notFound } from "../platform/errors.ts";

export type MembershipSource = (typeof membershipEvents.$inferInsert)["source"];

export interface MembershipChange {
  userId: string;
  from: MembershipLevel;
  to: MembershipLevel;
  source: MembershipSource;
  effectiveDate: number;
}

/**
 * Writes the level and its membership event inside the caller's transaction (a `Tx`: both are written or
 * neither). Returns null when the user already has that level (nothing is written); throws 404 for
 * an unknown user.
 */
export function writeMembershipLevel(
  tx: Tx,
  userId: string,
  level: MembershipLevel,
  source: MembershipSource,
  effectiveDate: number,
): MembershipChange | null {
  const row = tx
    .select({ membershipLevel: users.membershipLevel })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  if (!row) throw notFound("No such user.");
  if (row.membershipLevel === level) return null;
  tx.update(users).set({ membershipLevel: level }).where(eq(users.id, userId)).run();
  tx.insert(membershipEvents).values({ userId, membershipLevel: level, effectiveDate, source }).run();
  return { userId, from: row.membershipLevel, to: level, source, effectiveDate };
}

/**
 * THE way to change a user's membership level (admin, expiry; webhooks write through `writeMembershipLevel` in
 * their event's transaction): updates users.membershipLevel and records a membership event in one transaction.
 * Nothing else needs telling: the planner reads the level at each run, so premium-only playlists stop updating
 * (they are kept, frozen) as soon as premium ends. Returns null when nothing changed.
 */
export async function setMembershipLevel(
  deps: Deps,
  userId: string,
  level: MembershipLevel,
  source: MembershipSource,
  options: { effectiveDate?: number } = {},
): Promise<MembershipChange | null> {
  const effectiveDate = options.effectiveDate ?? deps.clock.now();
  return transaction(deps.db, (tx) => writeMembershipLevel(tx, userId, level, source, effectiveDate));
}
