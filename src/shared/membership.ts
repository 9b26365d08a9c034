import { z } from "zod";
import { limits } from "./limits.ts";

export const membershipLevels = ["Free", "FreeBeforePremiumIntroduced", "PremiumYearly"] as const;
export const MembershipLevelSchema = z.enum(membershipLevels);
export type MembershipLevel = z.infer<typeof MembershipLevelSchema>;

/** The level a running subscription grants: the one premium level. */
export const premiumLevel = "PremiumYearly" satisfies MembershipLevel;

/**
 * Membership flags (spec section 4 and the role table of section 7). Code asks one of these, never compares levels:
 * a level's meaning lives here once.
 */
export const hasUnlimitedPlaylists = (level: MembershipLevel) => level === premiumLevel;
export const isNonFree = (level: MembershipLevel) => level !== "Free";
export const hasCombinationAccess = (level: MembershipLevel) =>
  level === "FreeBeforePremiumIntroduced" || level === premiumLevel;
/** The premium-only groups (Liked At, Randomized, Latest, Miscellaneous) are available, and updated. */
export const hasPremiumCatalogue = (level: MembershipLevel) => level === premiumLevel;
/** Every liked song is considered (otherwise only the newest `limits.freeConsideredSongs`). */
export const considersAllLikes = (level: MembershipLevel) => level === premiumLevel;
/**
 * How many likes a level's playlists consider, the newest first (the first of Liked Songs as Spotify lists them):
 * null for all of them.
 */
export const consideredLikes = (level: MembershipLevel): number | null =>
  considersAllLikes(level) ? null : limits.freeConsideredSongs;
/** A premium member: a subscription (or an admin) granted the premium level; payments can take it back. */
export const isPremiumMember = (level: MembershipLevel) => level === premiumLevel;
/** The legacy plan from before premium existed: sees the legacy-plan panel. */
export const hasLegacyPlan = (level: MembershipLevel) => level === "FreeBeforePremiumIntroduced";

export const subscriptionStatuses = ["Active", "BeingCancelled", "Cancelled"] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];
