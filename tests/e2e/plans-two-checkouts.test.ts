import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import * as schema from "../../src/server/db/schema/index.ts";
import { ErrorCode, textForErrorCode } from "../../src/shared/errors.ts";
import { subscribeAtCheckout } from "../integration/billing/helpers.ts";
import { collectPageErrors } from "../support/browser.ts";
import { setUpBrowserSuite } from "../support/e2e.ts";

// Two tabs on /plans: once one has bought Premium, the other's upgrade is refused and says why; where Paddle
// still took two payments, both subscriptions are shown and one can be cancelled.

const TIMEOUT = 90_000;
const suite = setUpBrowserSuite();

async function signedInOnPlans(page: Page, listener: string) {
  const res = await fetch(`${suite.server.url}/emulator/spotify/control/listeners`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ id: listener, likes: 5 }),
  });
  expect(res.status).toBe(201);
  await page.goto(`${suite.server.url}/api/authorize/plans`, { waitUntil: "commit" });
  const consent = new URL(page.url());
  consent.searchParams.set("emulator_user", listener);
  await page.goto(consent.toString());
  await page.waitForURL(`${suite.server.url}/plans`);
  const user = suite.server.deps.db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.spotifyId, listener))
    .get();
  const cookie = (await page.context().cookies()).find((c) => c.name === "crate_session");
  return { userId: user?.id ?? "", cookie: `crate_session=${cookie?.value ?? ""}` };
}

/** Waits until Crate has applied the emulator's notification of a new subscription (it is sent asynchronously). */
async function subscriptionRecorded(userId: string, subscriptionId: string): Promise<void> {
  const recorded = () =>
    suite.server.deps.db
      .select({ id: schema.subscriptions.id })
      .from(schema.subscriptions)
      .where(eq(schema.subscriptions.userId, userId))
      .all()
      .some((row) => row.id === subscriptionId);
  const end = Date.now() + 30_000;
  while (!recorded() && Date.now() < end) await Bun.sleep(50);
  expect(recorded()).toBe(true);
}

/** How many of the listener's subscriptions at the Paddle emulator have a cancel scheduled. */
async function scheduledCancels(userId: string): Promise<number> {
  const res = await fetch(`${suite.server.url}/emulator/paddle/control/subscriptions?user_id=${userId}`);
  const { subscriptions } = (await res.json()) as {
    subscriptions: { scheduled_change: { action: string } | null }[];
  };
  return subscriptions.filter((s) => s.scheduled_change?.action === "cancel").length;
}

describe("a second checkout", () => {
  test(
    "the stale tab's upgrade is refused with the reason; two running subscriptions are both listed",
    async () => {
      const page = await suite.browser.newPage();
      const errors = collectPageErrors(page);
      const user = await signedInOnPlans(page, `e2e-two-checkouts-${Date.now()}`);
      await page.getByTestId("upgrade-button").waitFor();
      const priceId = suite.server.deps.config.paddle.priceId;

      // The other tab paid meanwhile.
      const first = await subscribeAtCheckout(suite.server.url, priceId, user);
      await subscriptionRecorded(user.userId, first);
      await page.getByTestId("upgrade-button").click();
      const refusal = page.locator(
        `[data-testid="error-text"][data-error-code="${ErrorCode.SubscriptionRunning}"]`,
      );
      await refusal.waitFor();
      expect(await refusal.textContent()).toContain(textForErrorCode(ErrorCode.SubscriptionRunning));
      expect(page.url()).toBe(`${suite.server.url}/plans`);

      // Paddle took a second payment anyway (a checkout that was already open).
      const second = await subscribeAtCheckout(suite.server.url, priceId, user);
      expect(second).not.toBe(first);
      await subscriptionRecorded(user.userId, second);
      await page.reload();
      const listed = page.getByTestId("running-subscription");
      await page.getByTestId("running-subscriptions").waitFor();
      expect(await listed.count()).toBe(2);
      await listed.nth(1).getByTestId("cancel-running-subscription").click();
      await page.getByRole("button", { name: "Cancel subscription" }).last().click();
      await page.waitForLoadState("load");
      // The one chosen is cancelled at the period's end, the other runs on.
      const end = Date.now() + 10_000;
      while ((await scheduledCancels(user.userId)) !== 1 && Date.now() < end) await Bun.sleep(100);
      expect(await scheduledCancels(user.userId)).toBe(1);
      expect(errors).toEqual([]);
      await page.close();
    },
    TIMEOUT,
  );
});
