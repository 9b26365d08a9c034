import { describe, expect, test } from "bun:test";
import { setMembershipLevel } from "../../../src/server/billing/membership.ts";
import { AppError } from "../../../src/server/platform/errors.ts";
import { setUpTestServer } from "../../support/suite.ts";
import { createSignedInUser, levelOf, membershipEventsOf } from "./helpers.ts";

const server = setUpTestServer();

describe("setMembershipLevel", () => {
  test("changes the level, records the event; the same level again changes nothing", async () => {
    const user = createSignedInUser(server.deps);
    const change = await setMembershipLevel(
      server.deps,
      user.userId,
      "FreeBeforePremiumIntroduced",
      "admin",
      {
        effectiveDate: Date.UTC(2026, 4, 1),
      },
    );
    expect(change).toEqual({
      userId: user.userId,
      from: "Free",
      to: "FreeBeforePremiumIntroduced",
      source: "admin",
      effectiveDate: Date.UTC(2026, 4, 1),
    });
    expect(
      await setMembershipLevel(server.deps, user.userId, "FreeBeforePremiumIntroduced", "admin"),
    ).toBeNull();
    expect(levelOf(server.deps, user.userId)).toBe("FreeBeforePremiumIntroduced");
    expect(membershipEventsOf(server.deps, user.userId)).toMatchObject([
      {
        membershipLevel: "FreeBeforePremiumIntroduced",
        source: "admin",
        effectiveDate: Date.UTC(2026, 4, 1),
      },
    ]);
  });

  test("an unknown user is a 404", async () => {
    const err = await setMembershipLevel(server.deps, "nobody", "PremiumYearly", "admin").catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(404);
  });
});
