// The demo has a premium listener with a few rules to look at: once their library has been read, crate-premium
// holds rules picked from their own likes (each matching songs now), loaded once; another demo listener gets none.
import { beforeAll, describe, expect, test } from "bun:test";
import { setMembershipLevel } from "../../../src/server/billing/membership.ts";
import { demoRulesListenerId, seedDemoRules } from "../../../src/server/playlists/demo-rules.ts";
import type { RulePreview } from "../../../src/shared/combinations/types.ts";
import type { CombinatorialPreference } from "../../../src/shared/schemas/distribution.ts";
import { setUpTestServer } from "../../support/suite.ts";
import { call, type Harness, type Listener, signIn } from "../distribution/support.ts";

let h: Harness;
let premium: Listener;
const crate = setUpTestServer();

const rulesOf = async (listener: Listener) => {
  const answer = await call(h, listener.cookie, "GET", "/api/playlist-preferences");
  expect(answer.status).toBe(200);
  return answer.body.combinatorialPlaylistPreferences as CombinatorialPreference[];
};

beforeAll(async () => {
  expect(crate.deps.config.demoMode).toBe(true);
  h = { crate, spotify: undefined as never, dispose: () => crate.dispose() };
  premium = await signIn(h, demoRulesListenerId, null);
  await setMembershipLevel(crate.deps, premium.userId, "PremiumYearly", "admin");
  // the sign-in's own seeding may have found the listener not premium yet; this one waits for the library read
  await seedDemoRules(crate.deps, premium.userId);
  while (crate.deps.work.isBusy(premium.userId)) await Bun.sleep(50);
}, 120_000);

describe("the demo's premium listener", () => {
  test("has three rules beyond the spec's parts, each matching some of their liked songs now", async () => {
    const rules = await rulesOf(premium);
    expect(rules.map((r) => r.playlistName)).toEqual(["Decade Favourites", "Lately Liked", "Back Then"]);
    expect(rules[0]?.order).toBe("likedNewestFirst");
    expect(rules[0]?.limit).toBe(100);
    expect(rules[1]?.criteria[0]?.liked).toHaveProperty("withinDays");
    expect(rules[2]?.except.length).toBe(1);
    expect(rules[2]?.unliked).toBe("remove");
    for (const rule of rules) {
      const preview = await call(h, premium.cookie, "POST", "/api/distributor/combinatorial/preview", {
        id: rule.combinatorialPlaylistPreferenceId,
        criteria: rule.criteria,
        except: rule.except,
        order: rule.order,
        limit: rule.limit,
      });
      expect(preview.status).toBe(200);
      expect((preview.body as unknown as RulePreview).total).toBeGreaterThan(0);
    }
  }, 60_000);

  test("are loaded once: seeding again adds nothing, and a rule deleted does not come back", async () => {
    const before = await rulesOf(premium);
    await seedDemoRules(crate.deps, premium.userId);
    expect((await rulesOf(premium)).length).toBe(before.length);
    const [first] = before;
    if (!first) throw new Error("no rule");
    const deleted = await call(
      h,
      premium.cookie,
      "DELETE",
      `/api/distributor/combinatorial/${first.combinatorialPlaylistPreferenceId}`,
    );
    expect(deleted.status).toBe(200);
    while (crate.deps.work.isBusy(premium.userId)) await Bun.sleep(50);
    await seedDemoRules(crate.deps, premium.userId);
    expect((await rulesOf(premium)).map((r) => r.playlistName)).not.toContain(first.playlistName);
  }, 60_000);

  test("another demo listener gets none", async () => {
    const free = await signIn(h, "crate-free", null);
    await seedDemoRules(crate.deps, free.userId);
    expect(await rulesOf(free)).toEqual([]);
  }, 60_000);
});
