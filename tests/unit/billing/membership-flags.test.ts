import { describe, expect, test } from "bun:test";
import {
  considersAllLikes,
  hasCombinationAccess,
  hasLegacyPlan,
  hasPremiumCatalogue,
  hasUnlimitedPlaylists,
  isNonFree,
  isPremiumMember,
  type MembershipLevel,
  membershipLevels,
} from "../../../src/shared/membership.ts";

const flags = {
  hasUnlimitedPlaylists,
  isNonFree,
  hasCombinationAccess,
  hasPremiumCatalogue,
  considersAllLikes,
  isPremiumMember,
  hasLegacyPlan,
};

// The role table of the spec: Free has the free limits only; FreeBeforePremiumIntroduced adds combination
// playlists and the legacy panel; PremiumYearly has 100 playlists, every group, combinations and every like.
const expected: Record<MembershipLevel, (keyof typeof flags)[]> = {
  Free: [],
  FreeBeforePremiumIntroduced: ["isNonFree", "hasCombinationAccess", "hasLegacyPlan"],
  PremiumYearly: [
    "hasUnlimitedPlaylists",
    "isNonFree",
    "hasCombinationAccess",
    "hasPremiumCatalogue",
    "considersAllLikes",
    "isPremiumMember",
  ],
};

describe("membership flags", () => {
  for (const level of membershipLevels) {
    test(`${level} has exactly the flags of its role`, () => {
      const held = Object.entries(flags)
        .filter(([, flag]) => flag(level))
        .map(([name]) => name);
      expect(held.sort()).toEqual([...expected[level]].sort());
    });
  }
});
