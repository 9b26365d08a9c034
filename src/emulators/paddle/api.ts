// The Paddle Billing API calls Crate makes, with Paddle's envelopes: `{data, meta}` and `{error, meta}`.
import { timingSafeEqual } from "node:crypto";
import type { Context, Hono } from "hono";
import type { PaddleSubscriptionEntity } from "./entities.ts";
import { PaddleEmulatorError, type PaddleWorld } from "./world.ts";

const DOCS = "https://developer.paddle.com/errors/shared";

export function paddleError(
  c: Context,
  status: number,
  code: string,
  detail: string,
  type = "request_error",
) {
  return c.json(
    {
      error: { type, code, detail, documentation_url: `${DOCS}/${code}` },
      meta: { request_id: crypto.randomUUID() },
    },
    status as 400,
  );
}

const ok = (c: Context, data: unknown, status = 200) =>
  c.json({ data, meta: { request_id: crypto.randomUUID() } }, status as 200);

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The subscription as GET returns it: with management links (left out of webhooks). */
function withLinks(sub: PaddleSubscriptionEntity, checkoutUrl: string): PaddleSubscriptionEntity {
  return {
    ...sub,
    management_urls:
      sub.status === "canceled"
        ? null
        : {
            update_payment_method: `${checkoutUrl}?subscription_id=${sub.id}`,
            cancel: `${checkoutUrl}?cancel=${sub.id}`,
          },
  };
}

async function readJson(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (text.trim() === "") return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new PaddleEmulatorError(400, "bad_request", "Invalid request body: must be a JSON object.");
}

export function mountPaddleApi(
  app: Hono,
  base: string,
  world: PaddleWorld,
  apiKey: string,
  checkoutUrl: string,
) {
  const guarded = async (c: Context, handler: () => Response | Promise<Response>) => {
    const auth = c.req.header("authorization") ?? "";
    if (!auth.startsWith("Bearer ")) {
      return paddleError(c, 401, "authentication_missing", "Authentication header missing.");
    }
    if (!sameSecret(auth.slice("Bearer ".length).trim(), apiKey)) {
      return paddleError(c, 403, "forbidden", "You aren't permitted to perform this request.");
    }
    try {
      return await handler();
    } catch (err) {
      if (err instanceof PaddleEmulatorError) return paddleError(c, err.status, err.code, err.detail);
      throw err;
    }
  };

  app.get(`${base}/prices/:id`, (c) =>
    guarded(c, () => {
      const price = world.price(c.req.param("id"));
      if (!price) throw new PaddleEmulatorError(404, "not_found", `Entity ${c.req.param("id")} not found`);
      return ok(c, price);
    }),
  );

  app.post(`${base}/pricing-preview`, (c) =>
    guarded(c, async () => {
      const body = await readJson(c);
      const items = Array.isArray(body.items)
        ? (body.items as { price_id?: unknown; quantity?: unknown }[])
        : [];
      if (items.length === 0)
        throw new PaddleEmulatorError(400, "bad_request", "items: at least one item is required.");
      const lineItems = items.map((item) => {
        const price = typeof item.price_id === "string" ? world.price(item.price_id) : undefined;
        if (!price)
          throw new PaddleEmulatorError(404, "not_found", `Entity ${String(item.price_id)} not found`);
        const quantity = typeof item.quantity === "number" ? item.quantity : 1;
        const amount = (BigInt(price.unit_price.amount) * BigInt(quantity)).toString();
        const unit = {
          subtotal: price.unit_price.amount,
          discount: "0",
          tax: "0",
          total: price.unit_price.amount,
        };
        const totals = { subtotal: amount, discount: "0", tax: "0", total: amount };
        return { price, quantity, tax_rate: "0", unit_totals: unit, totals, discounts: [] };
      });
      return ok(c, {
        customer_id: null,
        address_id: null,
        business_id: null,
        currency_code: lineItems[0]?.price.unit_price.currency_code ?? "USD",
        address: body.address ?? null,
        customer_ip_address: body.customer_ip_address ?? null,
        discount_id: null,
        details: { line_items: lineItems },
        available_payment_methods: ["card"],
      });
    }),
  );

  app.get(`${base}/subscriptions/:id`, (c) =>
    guarded(c, () => ok(c, withLinks(world.requireSubscription(c.req.param("id")), checkoutUrl))),
  );

  app.post(`${base}/subscriptions/:id/cancel`, (c) =>
    guarded(c, async () => {
      const body = await readJson(c);
      const effectiveFrom = body.effective_from ?? "next_billing_period";
      if (effectiveFrom !== "next_billing_period" && effectiveFrom !== "immediately") {
        throw new PaddleEmulatorError(
          400,
          "bad_request",
          "effective_from: must be next_billing_period or immediately.",
        );
      }
      return ok(c, withLinks(await world.cancel(c.req.param("id"), effectiveFrom), checkoutUrl));
    }),
  );

  app.patch(`${base}/subscriptions/:id`, (c) =>
    guarded(c, async () => {
      const body = await readJson(c);
      const unsupported = Object.keys(body).filter((k) => k !== "scheduled_change");
      if (unsupported.length > 0) {
        throw new PaddleEmulatorError(
          400,
          "bad_request",
          `${unsupported[0]}: not supported by this emulator.`,
        );
      }
      if (!("scheduled_change" in body) || body.scheduled_change !== null) {
        throw new PaddleEmulatorError(
          400,
          "bad_request",
          "scheduled_change: only null (remove) is accepted.",
        );
      }
      return ok(c, withLinks(await world.removeScheduledChange(c.req.param("id")), checkoutUrl));
    }),
  );

  app.get(`${base}/subscriptions/:id/update-payment-method-transaction`, (c) =>
    guarded(c, () => ok(c, world.paymentMethodTransaction(c.req.param("id")))),
  );

  app.get(`${base}/transactions/:id`, (c) =>
    guarded(c, () => {
      const txn = world.transaction(c.req.param("id"));
      if (!txn) throw new PaddleEmulatorError(404, "not_found", `Entity ${c.req.param("id")} not found`);
      return ok(c, txn);
    }),
  );

  app.get(`${base}/customers/:id`, (c) =>
    guarded(c, () => {
      const customer = world.customer(c.req.param("id"));
      if (!customer) throw new PaddleEmulatorError(404, "not_found", `Entity ${c.req.param("id")} not found`);
      return ok(c, customer);
    }),
  );
}
