// The membership levels as people read them (the admin's pages): the stored names stay the spec's. No zod here, so
// the admin chunk can import it.
import type { MembershipLevel } from "./membership.ts";

export const membershipLevelNames: Record<MembershipLevel, string> = {
  Free: "Free",
  FreeBeforePremiumIntroduced: "Free, legacy plan (from before Premium)",
  PremiumYearly: "Premium (yearly)",
};
