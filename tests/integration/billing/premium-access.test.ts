import { describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { managedPlaylists, users } from "../../../src/server/db/schema/index.ts";
import { runHourlySync } from "../../../src/server/distribution/batch/batch-jobs.ts";
import { catalogue } from "../../../src/shared/catalogue/index.ts";
import { setUpTestServer } from "../../support/suite.ts";
import { createListener, signInAs } from "../account/signin.ts";

// Premium through the Paddle emulator unlocks premium playlists and up to 100 selections; when the
// subscription ends, premium playlists stay on Spotify but are frozen.
const server = setUpTestServer();

const freeNames = catalogue
  .flatMap((g) => g.entries)
  .filter((e) => !e.premiumOnly)
  .map((e) => e.name);

async function distribute(cookie: string, names: string[]) {
  const res = await fetch(`${server.url}/api/distributor/distribute-historically`, {
    method: "POST",
    headers: { cookie, "content-type": "application/json" },
    body: JSON.stringify({ playlistPreferences: names }),
  });
  return {
    status: res.status,
    body: (await res.json()) as { errorCode?: number; distributionProgressId?: string },
  };
}

async function waitForDistribution(cookie: string, id: string) {
  for (let i = 0; i < 200; i++) {
    const res = await fetch(`${server.url}/api/distributor/${id}/progress`, { headers: { cookie } });
    if (((await res.json()) as { finished: boolean }).finished) return;
    await Bun.sleep(50);
  }
  throw new Error("distribution did not finish");
}

describe("premium access follows the subscription", () => {
  test("upgrade unlocks premium playlists and more than 15; the end of premium freezes them", async () => {
    const listener = `billing-access-${Date.now()}`;
    await createListener(server.url, listener, 8);
    const { cookie } = await signInAs(server.url, listener);
    const userId = server.deps.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.spotifyId, listener))
      .get()?.id;
    if (!userId) throw new Error("no user");

    expect((await distribute(cookie, ["Everything"])).body.errorCode).toBe(30);
    expect((await distribute(cookie, freeNames.slice(0, 16))).status).not.toBe(200);

    const emulator = `${server.url}/emulator/paddle`;
    const paid = await fetch(`${emulator}/checkout`, {
      method: "POST",
      body: new URLSearchParams({
        price_id: server.deps.config.paddle.priceId,
        user_id: userId,
        email: "listener@example.com",
        card_number: "4242424242424242",
        expiry: "12/39",
        cvc: "123",
      }),
      redirect: "manual",
    });
    expect(paid.status).toBe(303);

    const started = await distribute(cookie, ["Everything", ...freeNames.slice(0, 19)]);
    expect(started.status).toBe(200);
    await waitForDistribution(cookie, started.body.distributionProgressId ?? "");
    const everything = () =>
      server.deps.db
        .select({ status: managedPlaylists.status, spotifyId: managedPlaylists.spotifyPlaylistId })
        .from(managedPlaylists)
        .where(and(eq(managedPlaylists.userId, userId), eq(managedPlaylists.preferenceKey, "Everything")))
        .get();
    expect(everything()?.status).toBe("active");

    const { subscriptions } = (await (
      await fetch(`${emulator}/control/subscriptions?user_id=${userId}`)
    ).json()) as {
      subscriptions: { id: string }[];
    };
    const subId = subscriptions[0]?.id ?? "";
    await fetch(`${server.url}/api/payment/subscription/cancel`, { method: "POST", headers: { cookie } });
    await fetch(`${emulator}/control/subscriptions/${subId}/advance`, { method: "POST" });
    expect(
      server.deps.db.select({ l: users.membershipLevel }).from(users).where(eq(users.id, userId)).get()?.l,
    ).toBe("Free");

    const spotifyControl = `${server.url}/emulator/spotify/control`;
    const playlistId = everything()?.spotifyId ?? "missing";
    const itemsOf = async (id: string) =>
      ((await (await fetch(`${spotifyControl}/playlists/${id}`)).json()) as { trackIds: string[] }).trackIds;
    const before = await itemsOf(playlistId);
    expect(before.length).toBe(8);

    // a new like arrives; the next hourly sync adds it to free playlists only
    const liked = await fetch(`${spotifyControl}/listeners/${listener}/likes`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ count: 1 }),
    });
    expect(liked.status).toBeLessThan(300);
    const outcome = await runHourlySync(server.deps);
    expect(outcome.distributions).toBe(1);
    expect(everything()?.status).toBe("frozen");
    // frozen: still on Spotify, no longer updated
    expect(await itemsOf(playlistId)).toEqual(before);
    expect((await distribute(cookie, ["Everything"])).body.errorCode).toBe(30);
  }, 60_000);
});
