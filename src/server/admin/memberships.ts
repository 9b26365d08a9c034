// The premium member list and the admin's membership change.
import { limits } from "../../shared/limits.ts";
import type { MembershipLevel } from "../../shared/membership.ts";
import type { MembershipChangeResult, PremiumMember } from "../../shared/schemas/admin.ts";
import { setMembershipLevel } from "../billing/membership.ts";
import type { Deps } from "../deps/deps.ts";
import { premiumMembersPage } from "./premium-members-repository.ts";
import { namedUsers } from "./user-names.ts";

/**
 * Current PremiumYearly members, `limits.adminPageSize` a page from `offset`, newest premium first (ties by
 * user id, so pages are stable). effectiveDate is when the current premium stretch began: the first
 * PremiumYearly event after the user's latest event to another level; the account's creation when no event
 * records it (a level set outside the app).
 */
export function listPremiumMembers(deps: Pick<Deps, "db">, offset: number): PremiumMember[] {
  const page = premiumMembersPage(deps.db, limits.adminPageSize, offset).map((row) => ({
    userId: row.userId,
    effectiveDate: new Date(row.effectiveDate).toISOString(),
  }));
  return namedUsers(deps.db, page);
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
