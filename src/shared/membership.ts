import { z } from "zod";

export const membershipLevels = ["Free", "FreeBeforePremiumIntroduced", "PremiumYearly"] as const;
export const MembershipLevelSchema = z.enum(membershipLevels);
export type MembershipLevel = z.infer<typeof MembershipLevelSchema>;

/** Membership flags of spec section 4. */
export const hasUnlimitedPlaylists = (level: MembershipLevel) => level === "PremiumYearly";
export const isNonFree = (level: MembershipLevel) => level !== "Free";
export const hasCombinationAccess = (level: MembershipLevel) =>
  level === "FreeBeforePremiumIntroduced" || level === "PremiumYearly";
export const hasPremiumCatalogue = (level: MembershipLevel) => level === "PremiumYearly";

export const subscriptionStatuses = ["Active", "BeingCancelled", "Cancelled"] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];
