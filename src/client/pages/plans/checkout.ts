import type { CheckoutConfig } from "../../../shared/schemas/billing.ts";

// Paddle.js, loaded from Paddle's CDN with a script tag, only when a real checkout is opened.
const PADDLE_JS_URL = "https://cdn.paddle.com/paddle/v2/paddle.js";

interface PaddleCheckoutOptions {
  items?: { priceId: string; quantity: number }[];
  transactionId?: string;
  customData?: Record<string, string>;
  settings?: { displayMode?: "overlay"; successUrl?: string };
}

interface PaddleJs {
  Environment: { set(environment: "sandbox"): void };
  Initialize(options: { token: string }): void;
  Checkout: { open(options: PaddleCheckoutOptions): void };
}

declare global {
  interface Window {
    Paddle?: PaddleJs;
  }
}

let loading: Promise<PaddleJs> | null = null;

function loadPaddle(config: CheckoutConfig): Promise<PaddleJs> {
  loading ??= new Promise<PaddleJs>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = PADDLE_JS_URL;
    script.async = true;
    script.onload = () => {
      const paddle = window.Paddle;
      if (!paddle) {
        reject(new Error("Paddle.js did not load"));
        return;
      }
      if (config.environment === "sandbox") paddle.Environment.set("sandbox");
      paddle.Initialize({ token: config.clientToken });
      resolve(paddle);
    };
    script.onerror = () => reject(new Error("Paddle.js could not be loaded"));
    document.head.appendChild(script);
  }).catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}

const absolute = (path: string) => `${window.location.origin}${path}`;

/**
 * Opens the hosted checkout for the yearly price: one item, quantity 1, custom data user_id, success URL
 * /plans/success. In demo mode this is the bundled emulator's checkout page.
 */
export async function openUpgradeCheckout(config: CheckoutConfig, userId: string): Promise<void> {
  if (config.mode === "emulator" && config.emulatorCheckoutUrl) {
    const query = new URLSearchParams({
      price_id: config.priceId,
      user_id: userId,
      success_url: absolute(config.successPath),
    });
    window.location.assign(`${config.emulatorCheckoutUrl}?${query}`);
    return;
  }
  const paddle = await loadPaddle(config);
  paddle.Checkout.open({
    items: [{ priceId: config.priceId, quantity: 1 }],
    customData: { user_id: userId },
    settings: { displayMode: "overlay", successUrl: absolute(config.successPath) },
  });
}

/** Opens the checkout for Paddle's update-payment-method transaction. */
export async function openPaymentDetailsCheckout(
  config: CheckoutConfig,
  transactionId: string,
): Promise<void> {
  if (config.mode === "emulator" && config.emulatorCheckoutUrl) {
    const query = new URLSearchParams({
      _ptxn: transactionId,
      success_url: absolute(config.paymentDetailsUpdatedPath),
    });
    window.location.assign(`${config.emulatorCheckoutUrl}?${query}`);
    return;
  }
  const paddle = await loadPaddle(config);
  paddle.Checkout.open({
    transactionId,
    settings: { displayMode: "overlay", successUrl: absolute(config.paymentDetailsUpdatedPath) },
  });
}
