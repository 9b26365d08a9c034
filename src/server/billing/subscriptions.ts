import { ErrorCode, messages, textForErrorCode } from "../../shared/errors.ts";
import {
  type CheckoutConfig,
  type OwnedSubscription,
  type PriceInfo,
  planPaths,
  type SubscriptionDetails,
  type UpdatePaymentMethodTransaction,
} from "../../shared/schemas/billing.ts";
import type { Deps } from "../deps/deps.ts";
import { PaddleApiError } from "../paddle/client.ts";
import type { PaddleSubscription } from "../paddle/types.ts";
import { AppError, notFound } from "../platform/errors.ts";
import { currentSubscriptionFor, findSubscription, runningSubscriptionsOf } from "./records.ts";
import { priceInfoOf, subscriptionDetailsOf } from "./status.ts";

const PRICE_CACHE_MS = 5 * 60_000;
/** how long a failed price fetch is answered from memory */
const PRICE_FAILURE_MS = 60_000;

/** Turns a failed Paddle call into an error the user may see; never a bare 500. */
export function providerError(deps: Pick<Deps, "log">, err: unknown, action: string): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof PaddleApiError) {
    if (err.status === 404) return notFound("The subscription was not found at the payment provider.");
    if (err.status === 401 || err.status === 403) {
      deps.log.error("paddle refused our API key", { action, status: err.status, code: err.code });
    } else if (err.status !== null && err.status >= 400 && err.status < 500 && err.status !== 429) {
      deps.log.warn("paddle refused a request", { action, status: err.status, code: err.code });
      return new AppError(
        ErrorCode.BadRequest,
        `The payment provider refused to ${action}${err.detail ? `: ${err.detail}` : "."}`,
        409,
      );
    } else {
      deps.log.warn("paddle unavailable", { action, kind: err.kind, status: err.status });
    }
    return new AppError(
      ErrorCode.ProviderUnavailable,
      "The payment provider is unavailable at the moment. Please try again later.",
    );
  }
  deps.log.error("unexpected billing failure", {
    action,
    error: err instanceof Error ? (err.stack ?? err.message) : String(err),
  });
  return new AppError(ErrorCode.ProviderUnavailable, "The payment provider could not be reached.");
}

/** POST /api/payment/pricing: the yearly premium price, from Paddle's price entity (cached for 5 minutes). */
export async function getPremiumPrice(deps: Deps): Promise<PriceInfo> {
  requirePremiumOffered(deps);
  const priceId = deps.config.paddle.priceId;
  if (priceId === "") throw new AppError(ErrorCode.ProviderUnavailable, "Premium is not configured.");
  const cache = deps.priceCache;
  const cached = cache.get(priceId);
  const now = deps.clock.now();
  // One fetch at a time, whoever asks; a failure is answered from memory for a minute instead of asking again.
  if (cached?.pending) return cached.pending;
  if (cached && cached.expiresAt > now) {
    if (cached.value) return cached.value;
    if (cached.failure) throw cached.failure;
  }
  const pending = deps.paddle.getPrice(priceId).then(
    (price) => {
      const value = priceInfoOf(price.unit_price);
      cache.set(priceId, { value, expiresAt: deps.clock.now() + PRICE_CACHE_MS });
      return value;
    },
    (err: unknown) => {
      const failure = providerError(deps, err, "load the price");
      cache.set(priceId, { failure, expiresAt: deps.clock.now() + PRICE_FAILURE_MS });
      throw failure;
    },
  );
  cache.set(priceId, { ...cached, pending, expiresAt: cached?.expiresAt ?? 0 });
  return pending;
}

/** With PREMIUM=off nothing is sold: price and webhooks answer 404 instead of failing at Paddle. */
export function requirePremiumOffered(deps: Pick<Deps, "config">): void {
  if (!deps.config.premium) throw notFound(`${messages.premiumNotOffered}.`);
}

/** The subscription a call acts on: the one named (the user's own, else 404), or the one the plans page manages. */
function requireSubscriptionId(deps: Deps, userId: string, subscriptionId?: string): string {
  const row =
    subscriptionId === undefined
      ? currentSubscriptionFor(deps.db, userId)
      : findSubscription(deps.db, subscriptionId);
  if (!row || row.userId !== userId) throw notFound("You have no subscription.");
  return row.id;
}

/**
 * Before a checkout opens: refused while one of the user's subscriptions runs, so a second tab or a second
 * click does not buy Premium twice.
 */
export function startCheckout(deps: Deps, userId: string): { priceId: string } {
  requirePremiumOffered(deps);
  if (runningSubscriptionsOf(deps.db, userId).length > 0) {
    throw new AppError(ErrorCode.SubscriptionRunning, textForErrorCode(ErrorCode.SubscriptionRunning));
  }
  return { priceId: deps.config.paddle.priceId };
}

/** Every subscription of the user that still runs, as Paddle reports it now (two when two checkouts went through). */
export async function listRunningSubscriptions(deps: Deps, userId: string): Promise<OwnedSubscription[]> {
  const rows = runningSubscriptionsOf(deps.db, userId);
  try {
    const subs = await Promise.all(rows.map((row) => deps.paddle.getSubscription(row.id)));
    return subs.map((sub) => ({ id: sub.id, ...subscriptionDetailsOf(sub) }));
  } catch (err) {
    throw providerError(deps, err, "load the subscriptions");
  }
}

/** GET /api/payment/subscription: the user's subscription as Paddle reports it now. */
export async function getSubscriptionDetails(deps: Deps, userId: string): Promise<SubscriptionDetails> {
  const id = requireSubscriptionId(deps, userId);
  try {
    return subscriptionDetailsOf(await deps.paddle.getSubscription(id));
  } catch (err) {
    throw providerError(deps, err, "load the subscription");
  }
}

/** Cancels at the end of the billing period; premium stays until then (the webhook records the change). */
export function cancelSubscription(
  deps: Deps,
  userId: string,
  subscriptionId?: string,
): Promise<SubscriptionDetails> {
  return changeSubscription(deps, userId, subscriptionId, {
    send: (id) => deps.paddle.cancelAtPeriodEnd(id),
    logged: "subscription cancel scheduled",
    failed: "cancel the subscription",
  });
}

/** Re-activates a subscription that is being cancelled by removing the scheduled cancel. */
export function reactivateSubscription(
  deps: Deps,
  userId: string,
  subscriptionId?: string,
): Promise<SubscriptionDetails> {
  return changeSubscription(deps, userId, subscriptionId, {
    send: (id) => deps.paddle.removeScheduledChange(id),
    logged: "subscription re-activated",
    failed: "re-activate the subscription",
  });
}

/** One change of the user's own subscription at Paddle, logged, answered with the subscription as it is then. */
async function changeSubscription(
  deps: Deps,
  userId: string,
  subscriptionId: string | undefined,
  change: {
    send: (id: string) => Promise<PaddleSubscription>;
    logged: string;
    failed: string;
  },
): Promise<SubscriptionDetails> {
  const id = requireSubscriptionId(deps, userId, subscriptionId);
  try {
    const sub = await change.send(id);
    deps.log.info(change.logged, { userId, subscriptionId: id });
    return subscriptionDetailsOf(sub);
  } catch (err) {
    throw providerError(deps, err, change.failed);
  }
}

/** The transaction that Paddle's checkout opens to collect new payment details. */
export async function getUpdatePaymentMethodTransaction(
  deps: Deps,
  userId: string,
): Promise<UpdatePaymentMethodTransaction> {
  const id = requireSubscriptionId(deps, userId);
  try {
    const txn = await deps.paddle.getUpdatePaymentMethodTransaction(id);
    return { transactionId: txn.id };
  } catch (err) {
    throw providerError(deps, err, "start a payment details update");
  }
}

/** The emulator's checkout is used when Crate talks to its own bundled Paddle emulator (demo mode). */
export function getCheckoutConfig(deps: Deps): CheckoutConfig {
  const { config } = deps;
  const emulatorBase = `${config.publicUrl}/emulator/paddle`;
  const emulated = config.emulators && config.paddle.apiUrl === emulatorBase;
  return {
    mode: emulated ? "emulator" : "paddle",
    demo: config.demoMode,
    premium: config.premium,
    environment: config.paddle.environment,
    clientToken: config.paddle.clientToken,
    priceId: config.paddle.priceId,
    emulatorCheckoutUrl: emulated ? `${emulatorBase}/checkout` : null,
    successPath: planPaths.success,
    paymentDetailsUpdatedPath: planPaths.paymentDetailsUpdated,
  };
}
