// The demo's premium listener is premium from its first sign-in, through the real path: the Paddle emulator sells
// it the yearly subscription and notifies Crate's webhook, so the plans page, the admin area and the membership
// show a paying customer. Other demo listeners stay Free and can still buy premium in the emulated checkout.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { users } from "../../../src/server/db/schema/index.ts";
import type { TestServer } from "../../support/server.ts";
import { startTestServer } from "../../support/server.ts";
import { signInAs } from "../account/signin.ts";
import { membershipEventsOf, paymentsOf } from "./helpers.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => {
  await server.dispose();
});

const api = async (path: string, cookie: string) => {
  const res = await fetch(`${server.url}${path}`, { headers: { cookie } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const userIdOf = (spotifyId: string) =>
  server.deps.db.select({ id: users.id }).from(users).where(eq(users.spotifyId, spotifyId)).get()?.id ?? "";
const emulatedSubscriptions = async (userId: string) =>
  (
    (await (await fetch(`${server.url}/emulator/paddle/control/subscriptions?user_id=${userId}`)).json()) as {
      subscriptions: { status: string }[];
    }
  ).subscriptions;

test("crate-premium is PremiumYearly on its first page, with a subscription bought in the emulated Paddle", async () => {
  const { cookie, landedOn } = await signInAs(server.url, "crate-premium");
  expect(landedOn).toBe("/");
  // asked as soon as the sign-in has answered: the first page shows Premium
  expect((await api("/api/user/membership-level", cookie)).body).toEqual({
    membershipLevel: "PremiumYearly",
  });
  const subscription = await api("/api/payment/subscription", cookie);
  expect(subscription.status).toBe(200);
  expect(subscription.body.status).toBe("Active");

  const userId = userIdOf("crate-premium");
  // bought as a customer buys it: the emulator's subscription, its payment and its notifications
  expect((await emulatedSubscriptions(userId)).map((s) => s.status)).toEqual(["active"]);
  expect(paymentsOf(server.deps, userId).length).toBeGreaterThan(0);
  expect(membershipEventsOf(server.deps, userId)[0]?.membershipLevel).toBe("PremiumYearly");
}, 60_000);

test("signing in again buys nothing more", async () => {
  await signInAs(server.url, "crate-premium");
  expect(await emulatedSubscriptions(userIdOf("crate-premium"))).toHaveLength(1);
}, 60_000);

test("crate-free stays Free, so the checkout can still be tried", async () => {
  const { cookie } = await signInAs(server.url, "crate-free");
  expect((await api("/api/user/membership-level", cookie)).body).toEqual({ membershipLevel: "Free" });
  expect(await emulatedSubscriptions(userIdOf("crate-free"))).toEqual([]);
}, 60_000);
