// The Paddle Billing API calls Crate makes, with Paddle's envelopes: `{data, meta}` and `{error, meta}`.
import { timingSafeEqual } from "node:crypto";
import type { Context, Hono } from "hono";
import { z } from "zod";
import { AdjustmentFilterSchema, CreateAdjustmentSchema, type PaddleAdjustments } from "./adjustments.ts";
import type { PaddleSubscriptionEntity } from "./entities.ts";
import type { NotificationSettingEntity } from "./notification-settings.ts";
import { formatTotals, productOf } from "./product.ts";
import { PaddleEmulatorError, type PaddleWorld } from "./world.ts";

const DOCS = "https://developer.paddle.com/errors/shared";

export interface FieldProblem {
  field: string;
  message: string;
}

export function paddleError(
  c: Context,
  status: number,
  code: string,
  detail: string,
  type = "request_error",
  errors?: FieldProblem[],
) {
  return c.json(
    {
      error: { type, code, detail, documentation_url: `${DOCS}/${code}`, ...(errors ? { errors } : {}) },
      meta: { request_id: crypto.randomUUID() },
    },
    status as 400,
  );
}

/** Paddle's validation refusal: 400 `invalid_field` with the fields that failed. */
export class InvalidFieldsError extends PaddleEmulatorError {
  constructor(readonly errors: FieldProblem[]) {
    super(400, "invalid_field", "Request does not pass validation.");
  }
}

/** Any refusal of the API or the control API in Paddle's shape. */
export function paddleRefusal(c: Context, err: PaddleEmulatorError) {
  const errors = err instanceof InvalidFieldsError ? err.errors : undefined;
  return paddleError(c, err.status, err.code, err.detail, "request_error", errors);
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

/**
 * The JSON object body (none counts as `{}`) checked by `schema`: a body that is not JSON, or not sent as
 * application/json, is Paddle's 400 `bad_request`; one that fails the schema is 400 `invalid_field`.
 */
export async function readBody<T>(
  c: Context,
  schema: z.ZodType<T>,
  options: { anyContentType?: boolean } = {},
): Promise<T> {
  const text = await c.req.text();
  let raw: unknown = {};
  if (text.trim() !== "") {
    const type = (c.req.header("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
    if (type !== "application/json" && !options.anyContentType) {
      throw new PaddleEmulatorError(
        400,
        "bad_request",
        "Invalid request: Content-Type must be application/json.",
      );
    }
    try {
      raw = JSON.parse(text);
    } catch {
      raw = undefined;
    }
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    throw new PaddleEmulatorError(400, "bad_request", "Invalid request body: must be a JSON object.");
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    throw new InvalidFieldsError(
      parsed.error.issues.map((issue) => ({
        field: issue.path.join(".") || "body",
        message: issue.message,
      })),
    );
  }
  return parsed.data;
}

const PricingPreviewSchema = z.object({
  items: z
    .array(
      z.object({
        price_id: z.string().min(1).max(100),
        quantity: z.number().int().min(1).max(10_000).default(1),
      }),
    )
    .min(1)
    .max(100),
  address: z
    .object({ country_code: z.string().regex(/^[A-Z]{2}$/), postal_code: z.string().max(20).optional() })
    .nullable()
    .optional(),
  customer_ip_address: z.ipv4().or(z.ipv6()).nullable().optional(),
});

const CancelSchema = z.object({
  effective_from: z.enum(["next_billing_period", "immediately"]).nullable().optional(),
});

/** The emulator supports one change: removing the scheduled change. */
const UpdateSchema = z.strictObject({ scheduled_change: z.null() });

export function mountPaddleApi(
  app: Hono,
  base: string,
  { world, adjustments }: { world: PaddleWorld; adjustments: PaddleAdjustments },
  apiKey: string,
  checkoutUrl: string,
  notificationSettings: NotificationSettingEntity[] = [],
) {
  const guarded = async (c: Context, handler: () => Response | Promise<Response>) => {
    const auth = c.req.header("authorization");
    if (auth === undefined) {
      return paddleError(c, 403, "authentication_missing", "Authentication header missing.");
    }
    // HTTP authentication schemes are case-insensitive (RFC 9110 §11.1): Paddle's own SDK sends `bearer`.
    const presented = /^Bearer\s+(\S+)$/i.exec(auth.trim())?.[1];
    if (presented === undefined) {
      return paddleError(
        c,
        403,
        "authentication_malformed",
        "Authentication header included, but incorrectly formatted.",
      );
    }
    if (!sameSecret(presented, apiKey)) {
      return paddleError(c, 403, "invalid_token", "Invalid or revoked API key.");
    }
    try {
      return await handler();
    } catch (err) {
      if (err instanceof PaddleEmulatorError) return paddleRefusal(c, err);
      throw err;
    }
  };

  // GET /notification-settings: the account's destinations, filtered by `active` when asked (one page: at most 10)
  app.get(`${base}/notification-settings`, (c) =>
    guarded(c, () => {
      const active = c.req.query("active");
      const listed = notificationSettings.filter(
        (setting) => active === undefined || String(setting.active) === active,
      );
      return c.json({
        data: listed,
        meta: {
          request_id: crypto.randomUUID(),
          pagination: { per_page: 200, next: c.req.url, has_more: false, estimated_total: listed.length },
        },
      });
    }),
  );

  app.get(`${base}/prices/:id`, (c) =>
    guarded(c, () => {
      const price = world.price(c.req.param("id"));
      if (!price) throw new PaddleEmulatorError(404, "not_found", `Entity ${c.req.param("id")} not found`);
      return ok(c, price);
    }),
  );

  app.post(`${base}/pricing-preview`, (c) =>
    guarded(c, async () => {
      const body = await readBody(c, PricingPreviewSchema);
      const lineItems = body.items.map((item) => {
        const price = world.price(item.price_id);
        if (!price) throw new PaddleEmulatorError(404, "not_found", `Entity ${item.price_id} not found`);
        const quantity = item.quantity;
        const amount = (BigInt(price.unit_price.amount) * BigInt(quantity)).toString();
        const unit = {
          subtotal: price.unit_price.amount,
          discount: "0",
          tax: "0",
          total: price.unit_price.amount,
        };
        const totals = { subtotal: amount, discount: "0", tax: "0", total: amount };
        const currency = price.unit_price.currency_code;
        return {
          price,
          quantity,
          tax_rate: "0",
          unit_totals: unit,
          formatted_unit_totals: formatTotals(unit, currency),
          totals,
          formatted_totals: formatTotals(totals, currency),
          product: productOf(price),
          discounts: [],
        };
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
      const body = await readBody(c, CancelSchema);
      const effectiveFrom = body.effective_from ?? "next_billing_period";
      return ok(c, withLinks(await world.cancel(c.req.param("id"), effectiveFrom), checkoutUrl));
    }),
  );

  app.patch(`${base}/subscriptions/:id`, (c) =>
    guarded(c, async () => {
      await readBody(c, UpdateSchema);
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

  app.post(`${base}/adjustments`, (c) =>
    guarded(c, async () => ok(c, await adjustments.create(await readBody(c, CreateAdjustmentSchema)), 201)),
  );

  app.get(`${base}/adjustments`, (c) =>
    guarded(c, () => {
      const filter = AdjustmentFilterSchema.safeParse(c.req.query());
      if (!filter.success) {
        throw new InvalidFieldsError(
          filter.error.issues.map((i) => ({ field: i.path.join("."), message: i.message })),
        );
      }
      return ok(c, adjustments.list(filter.data));
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
