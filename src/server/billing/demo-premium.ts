// Demo mode only: the demo's premium listener is premium from its first sign-in, the way a paying customer becomes
// premium. At that sign-in the Paddle emulator sells the listener the yearly subscription and posts its signed
// notifications (transaction.completed, subscription.created) to Crate's webhook, which applies them as any other:
// a subscription, a payment and a membership event, all to be seen on the plans page and in the admin area. The
// sign-in waits for that, so the first page already shows Premium. Once only: a listener who cancels the demo's
// subscription stays cancelled, and `crate-free` still shows the checkout. Never in real mode: there the emulators
// are not mounted.
import { eq } from "drizzle-orm";
import { demoListenerEmail, demoPremiumId } from "../../shared/self-hosting.ts";
import { subscriptions, users } from "../db/schema/index.ts";
import type { Deps } from "../deps/deps.ts";
import { isPremiumMemberNow } from "./records.ts";

/** The Paddle emulator's sale of the yearly subscription to a buyer (resolves once its notifications were sent). */
export type SellSubscription = (buyer: { userId: string; email: string }) => Promise<unknown>;

/** After a sign-in: the demo's premium listener, never subscribed before, buys the subscription in the emulator. */
export async function grantDemoPremium(
  deps: Pick<Deps, "config" | "db" | "log">,
  userId: string,
  sell: SellSubscription,
): Promise<void> {
  if (!deps.config.emulators || !deps.config.premium) return;
  const user = deps.db.select({ spotifyId: users.spotifyId }).from(users).where(eq(users.id, userId)).get();
  if (user?.spotifyId !== demoPremiumId) return;
  const subscribed = deps.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .get();
  if (subscribed) return;
  try {
    await sell({ userId, email: demoListenerEmail(user.spotifyId) });
  } catch (error) {
    deps.log.warn("demo premium not bought", { userId, error: String(error) });
    return;
  }
  // the emulator sends again later what Crate did not take now (its retries), as Paddle would
  if (!isPremiumMemberNow(deps.db, userId))
    deps.log.warn("demo premium bought, its notifications not applied yet", { userId });
}
