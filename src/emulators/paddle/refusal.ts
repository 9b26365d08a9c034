// The emulated Paddle account's refusal (in Paddle's error shape) and the settings the world is built with.
import type { Money } from "./entities.ts";

/** A refusal in Paddle's error shape. */
export class PaddleEmulatorError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
  ) {
    super(detail);
  }
}

export interface WorldOptions {
  priceId: string;
  unitPrice: Money;
  checkoutUrl: string;
  now: () => number;
}
