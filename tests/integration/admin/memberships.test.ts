// The premium member list (paging edges) and the admin's membership change (an event, effective at once).
import { describe, expect, test } from "bun:test";
import { setMembershipLevel } from "../../../src/server/billing/membership.ts";
import { manualClock } from "../../../src/server/platform/clock.ts";
import { ErrorCode } from "../../../src/shared/errors.ts";
import { limits } from "../../../src/shared/limits.ts";
import { makeUser, rest, setUpAdminWorld, trpcCall, trpcData } from "./support.ts";

const NOW = Date.UTC(2026, 2, 1, 12);
const clock = manualClock(NOW);

const world = setUpAdminWorld(clock);

const premiumPage = (offset: number | string) =>
  rest(world.api, "GET", `/api/admin/user/premium?offset=${offset}`, world.admin.cookie);

/** Every member, page by page, as the dashboard's Next button walks them. */
async function allPremium(): Promise<{ userId: string; effectiveDate: string }[]> {
  const all: { userId: string; effectiveDate: string }[] = [];
  for (let offset = 0; ; offset += limits.adminPageSize) {
    const page = (await premiumPage(offset)).body;
    all.push(...page);
    if (page.length < limits.adminPageSize) return all;
  }
}

describe("premium members, 20 a page", () => {
  test("no members: an empty page", async () => {
    expect(await premiumPage(0)).toEqual({ status: 200, body: [] });
  });

  test("fewer than 20, exactly one page, more than one page, and an offset beyond the end", async () => {
    const members: { userId: string; spotifyId: string; since: number }[] = [];
    for (let i = 0; i < 23; i += 1) {
      const user = makeUser(world.server.deps);
      const since = NOW + (i + 1) * 3_600_000;
      await setMembershipLevel(world.server.deps, user.userId, "PremiumYearly", "payment", {
        effectiveDate: since,
      });
      members.push({ userId: user.userId, spotifyId: user.spotifyId, since });
      if (i === 4) expect((await premiumPage(0)).body).toHaveLength(5);
      if (i === 19) {
        expect((await premiumPage(0)).body).toHaveLength(20);
        expect((await premiumPage(20)).body).toEqual([]);
      }
    }
    makeUser(world.server.deps); // a Free user is never listed
    const expected = [...members]
      .sort((a, b) => b.since - a.since)
      .map((m) => ({
        userId: m.userId,
        // named as the admin reads them (these test users have no display name on Spotify)
        spotifyId: m.spotifyId,
        displayName: null,
        effectiveDate: new Date(m.since).toISOString(),
      }));

    const first = await premiumPage(0);
    expect(first.body).toEqual(expected.slice(0, limits.adminPageSize));
    const second = await premiumPage(20);
    expect(second.body).toEqual(expected.slice(20));
    expect(second.body).toHaveLength(3);
    expect((await premiumPage(23)).body).toEqual([]);
    expect((await premiumPage(5_000)).body).toEqual([]);
    expect((await premiumPage(3)).body).toEqual(expected.slice(3, 23));
    // no offset means 0; tRPC pages the same way
    expect((await rest(world.api, "GET", "/api/admin/user/premium", world.admin.cookie)).body).toEqual(
      first.body,
    );
    const viaTrpc = await trpcCall(
      world.api,
      "query",
      "admin.premiumMembers",
      { offset: 20 },
      world.admin.cookie,
    );
    expect(trpcData(viaTrpc)).toEqual(second.body);
  });

  test("effectiveDate is when the current premium began; equal dates are ordered by user id", async () => {
    const returning = makeUser(world.server.deps);
    const deps = world.server.deps;
    await setMembershipLevel(deps, returning.userId, "PremiumYearly", "payment", {
      effectiveDate: Date.UTC(2025, 0, 1),
    });
    await setMembershipLevel(deps, returning.userId, "Free", "subscription", {
      effectiveDate: Date.UTC(2025, 6, 1),
    });
    await setMembershipLevel(deps, returning.userId, "PremiumYearly", "payment", {
      effectiveDate: Date.UTC(2026, 2, 5),
    });
    const twins = [makeUser(deps), makeUser(deps)];
    for (const twin of twins) {
      await setMembershipLevel(deps, twin.userId, "PremiumYearly", "admin", {
        effectiveDate: Date.UTC(2026, 2, 3),
      });
    }
    const page = (await premiumPage(0)).body;
    expect(page[0]).toEqual({
      userId: returning.userId,
      spotifyId: returning.spotifyId,
      displayName: null,
      effectiveDate: new Date(Date.UTC(2026, 2, 5)).toISOString(),
    });
    expect(page.slice(1, 3).map((m: { userId: string }) => m.userId)).toEqual(
      twins.map((t) => t.userId).sort(),
    );
  });

  test("bad offsets are 400 naming the field", async () => {
    for (const offset of ["-1", "abc", "1.5"]) {
      const answer = await premiumPage(offset);
      expect(answer.status).toBe(400);
      expect(answer.body.errorCode).toBe(ErrorCode.BadRequest);
      expect(answer.body.error).toContain("offset");
    }
    const viaTrpc = await trpcCall(
      world.api,
      "query",
      "admin.premiumMembers",
      { offset: -20 },
      world.admin.cookie,
    );
    expect(viaTrpc.status).toBe(400);
  });
});

describe("membership change", () => {
  const changePath = (userId: string) => `/api/admin/user/user-id/${userId}/membership`;

  test("is a membership event and takes effect at once", async () => {
    const listener = makeUser(world.server.deps);
    clock.set(NOW + 60_000);
    const answer = await rest(world.api, "POST", changePath(listener.userId), world.admin.cookie, {
      membershipLevel: "PremiumYearly",
    });
    expect(answer).toEqual({
      status: 200,
      body: { userId: listener.userId, membershipLevel: "PremiumYearly", changed: true },
    });
    // the listener's own calls see the new level at once: premium playlists are available
    const level = await rest(world.api, "GET", "/api/user/membership-level", listener.cookie);
    expect(level.body).toEqual({ membershipLevel: "PremiumYearly" });
    const preferences = await rest(world.api, "GET", "/api/playlist-preferences", listener.cookie);
    const everything = preferences.body.availableSimplePlaylistPreferences.find(
      (p: { name: string }) => p.name === "Everything",
    );
    expect(everything).toMatchObject({ available: true });

    const detail = await rest(
      world.api,
      "GET",
      `/api/admin/user/user-id/${listener.userId}`,
      world.admin.cookie,
    );
    expect(detail.body.user.membershipLevel).toBe("PremiumYearly");
    expect(detail.body.membershipEvents[0]).toEqual({
      membershipLevel: "PremiumYearly",
      effectiveDate: new Date(NOW + 60_000).toISOString(),
    });
    const members = await allPremium();
    expect(members.find((m) => m.userId === listener.userId)?.effectiveDate).toBe(
      new Date(NOW + 60_000).toISOString(),
    );

    // back to Free through tRPC: premium playlists are no longer available, the member leaves the list
    clock.set(NOW + 120_000);
    const back = await trpcCall(
      world.api,
      "mutation",
      "admin.setMembership",
      { userId: listener.userId, membershipLevel: "Free" },
      world.admin.cookie,
    );
    expect(trpcData(back)).toEqual({ userId: listener.userId, membershipLevel: "Free", changed: true });
    const again = await rest(world.api, "GET", "/api/playlist-preferences", listener.cookie);
    expect(
      again.body.availableSimplePlaylistPreferences.find((p: { name: string }) => p.name === "Everything"),
    ).toMatchObject({ available: false });
    const events = world.server.deps.db.$client
      .query("SELECT membership_level AS level, source FROM membership_events WHERE user_id = ? ORDER BY id")
      .all(listener.userId);
    expect(events).toEqual([
      { level: "Free", source: "signup" },
      { level: "PremiumYearly", source: "admin" },
      { level: "Free", source: "admin" },
    ]);
    expect((await allPremium()).some((m) => m.userId === listener.userId)).toBe(false);
  });

  test("the same level again writes nothing; FreeBeforePremiumIntroduced can be set", async () => {
    const listener = makeUser(world.server.deps);
    const same = await rest(world.api, "POST", changePath(listener.userId), world.admin.cookie, {
      membershipLevel: "Free",
    });
    expect(same.body).toEqual({ userId: listener.userId, membershipLevel: "Free", changed: false });
    const legacy = await rest(world.api, "POST", changePath(listener.userId), world.admin.cookie, {
      membershipLevel: "FreeBeforePremiumIntroduced",
    });
    expect(legacy.body.changed).toBe(true);
    const count = world.server.deps.db.$client
      .query("SELECT COUNT(*) AS n FROM membership_events WHERE user_id = ?")
      .get(listener.userId);
    expect(count).toEqual({ n: 2 });
  });

  test("an unknown level or a missing body is 400; an unknown user is 404", async () => {
    const listener = makeUser(world.server.deps);
    for (const body of [{ membershipLevel: "Gold" }, {}, undefined]) {
      const answer = await rest(world.api, "POST", changePath(listener.userId), world.admin.cookie, body);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toContain("membershipLevel");
    }
    const unknown = await rest(world.api, "POST", changePath("no-such-user"), world.admin.cookie, {
      membershipLevel: "PremiumYearly",
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errorCode).toBe(ErrorCode.NotFound);
    expect(
      world.server.deps.db.$client
        .query("SELECT membership_level AS l FROM users WHERE id = ?")
        .get(listener.userId),
    ).toEqual({ l: "Free" });
  });
});
