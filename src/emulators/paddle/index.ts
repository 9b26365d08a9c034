// A Paddle Billing emulator for demo mode and tests: the API calls Crate makes, a hosted checkout page that
// sends signed webhooks, and a control API to move subscriptions through time.
import { Hono } from "hono";
import { PaddleAdjustments } from "./adjustments.ts";
import { mountPaddleApi } from "./api.ts";
import { mountCheckout } from "./checkout.ts";
import { mountControl } from "./control.ts";
import type { Money } from "./entities.ts";
import { paddleBodyLimit, paddleFallbacks } from "./fallbacks.ts";
import { mountPaddleFaults, PaddleFaults } from "./faults.ts";
import { notificationSettingFor } from "./notification-settings.ts";
import { PaddleStore } from "./store.ts";
import { type RetryPolicy, SANDBOX_RETRY_POLICY, WebhookSender } from "./webhooks.ts";
import { PaddleWorld } from "./world.ts";

export const PADDLE_EMULATOR_BASE = "/emulator/paddle";

export interface PaddleEmulatorOptions {
  apiKey: string;
  webhookSecret: string;
  priceId: string;
  /** where notifications are posted: Crate's /api/payment/webhook */
  webhookUrl: string;
  /** SQLite file for the state; ":memory:" or unset keeps it in memory */
  statePath?: string;
  /** the yearly price; 49.00 USD unless given */
  unitPrice?: Money;
  now?: () => number;
  /** how failed notifications are sent again; Paddle's sandbox schedule unless given; false sends each once */
  retry?: Partial<RetryPolicy> | false;
}

export interface PaddleEmulator {
  /** serves paths under /emulator/paddle */
  app: Hono;
  world: PaddleWorld;
  /** injected API faults and Paddle's rate limit (also at {base}/control/faults) */
  faults: PaddleFaults;
  close(): void;
}

export function createPaddleEmulator(options: PaddleEmulatorOptions): PaddleEmulator {
  const store = new PaddleStore(options.statePath);
  const appOrigin = new URL(options.webhookUrl).origin;
  const checkoutUrl = `${appOrigin}${PADDLE_EMULATOR_BASE}/checkout`;
  const sender = new WebhookSender(store, {
    webhookUrl: options.webhookUrl,
    webhookSecret: options.webhookSecret,
  });
  const world = new PaddleWorld(store, sender, {
    priceId: options.priceId,
    unitPrice: options.unitPrice ?? { amount: "4900", currency_code: "USD" },
    checkoutUrl,
    now: options.now ?? (() => Date.now()),
  });
  const adjustments = new PaddleAdjustments(store, sender, () => world.now());
  const app = new Hono();
  const faults = new PaddleFaults();
  paddleBodyLimit(app, PADDLE_EMULATOR_BASE);
  mountPaddleFaults(app, PADDLE_EMULATOR_BASE, faults);
  mountCheckout(app, world, {
    base: PADDLE_EMULATOR_BASE,
    appOrigin,
    defaultSuccessPath: "/plans/success",
    defaultPaymentUpdatedPath: "/plans/payment-details-updated/success",
  });
  mountControl(app, PADDLE_EMULATOR_BASE, { world, store, sender, adjustments });
  mountPaddleApi(app, PADDLE_EMULATOR_BASE, { world, adjustments }, options.apiKey, checkoutUrl, [
    notificationSettingFor(options.webhookUrl, options.webhookSecret),
  ]);
  if (options.retry !== false) sender.startRetrying({ ...SANDBOX_RETRY_POLICY, ...options.retry });
  paddleFallbacks(app, PADDLE_EMULATOR_BASE);
  let closed = false;
  return {
    app,
    world,
    faults,
    close() {
      if (closed) return;
      closed = true;
      sender.stopRetrying();
      store.close();
    },
  };
}
