// The premium member list and the admin's membership change.
import { limits } from "../../shared/limits.ts";
import type { MembershipLevel } from "../../shared/membership.ts";
import type { MembershipChangeResult, PremiumMember } from "../../shared/schemas/admin.ts";
import { setMembershipLevel } from "../billing/membership.ts";
import type { Deps } from "../deps.ts";

/**
 * Current PremiumYearly members, `limits.adminPageSize` a page from `offset`, newest premium first (ties by
 * user id, so pages are stable). effectiveDate is when the current premium stretch began: the first
 * PremiumYearly event after the user's latest event to another level; the account's creation when no event
 * records it (a level set outside the app).
 */
export function listPremiumMembers(deps: Pick<Deps, "db">, offset: number): PremiumMember[] {
  return deps.db.$client
    .query<{ user_id: string; effective_date: number }, [number, number]>(
      `SELECT u.id AS user_id, coalesce((
         SELECT min(e.effective_date) FROM membership_events e
         WHERE e.user_id = u.id AND e.membership_level = 'PremiumYearly' AND NOT EXISTS (
           SELECT 1 FROM membership_events x
           WHERE x.user_id = u.id AND x.membership_level != 'PremiumYearly'
             AND (x.effective_date > e.effective_date OR (x.effective_date = e.effective_date AND x.id > e.id))
         )
       ), u.created_at) AS effective_date
       FROM users u WHERE u.membership_level = 'PremiumYearly'
       ORDER BY effective_date DESC, u.id LIMIT ? OFFSET ?`,
    )
    .all(limits.adminPageSize, offset)
    .map((row) => ({ userId: row.user_id, effectiveDate: new Date(row.effective_date).toISOString() }));
}

/**
 * Sets the level at once, as a membership event with source "admin"; the next distribution plans with it
 * (premium-only playlists frozen or updated again). An unknown user is a 404.
 */
export async function changeMembershipByAdmin(
  deps: Deps,
  userId: string,
  level: MembershipLevel,
): Promise<MembershipChangeResult> {
  const change = await setMembershipLevel(deps, userId, level, "admin");
  deps.log.info("membership changed by admin", { userId, to: level, changed: change !== null });
  return { userId, membershipLevel: level, changed: change !== null };
}
