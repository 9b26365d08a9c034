// Control API for tests and demos: move subscriptions through time, inspect and replay notifications.
import type { Context, Hono } from "hono";
import { z } from "zod";
import { loopbackOnly } from "../common/loopback.ts";
import type { PaddleAdjustments } from "./adjustments.ts";
import { InvalidFieldsError, paddleRefusal, readBody } from "./api.ts";
import type { PaddleStore, StoredNotification } from "./store.ts";
import type { WebhookSender } from "./webhooks.ts";
import { PaddleEmulatorError, type PaddleWorld } from "./world.ts";

/** Control bodies are JSON objects whatever the Content-Type (curl -d sends a form type). */
const controlBody = <T>(c: Context, schema: z.ZodType<T>) => readBody(c, schema, { anyContentType: true });

const FailNextRenewalSchema = z.object({ fail: z.boolean().default(true) });
const ResendSchema = z.object({ asNewNotification: z.boolean().default(false) });
const DeliverySchema = z.object({ hold: z.boolean() });
const DeliverHeldSchema = z.object({
  order: z
    .union([z.enum(["occurred", "reverse"]), z.array(z.string().min(1).max(100)).max(10_000)])
    .default("occurred"),
});
const WebhookFilterSchema = z.object({
  subscription_id: z.string().max(200).optional(),
  status: z.enum(["held", "delivered", "failed"]).optional(),
});

function describe(n: StoredNotification) {
  return {
    notificationId: n.notificationId,
    eventId: n.eventId,
    eventType: n.eventType,
    occurredAt: n.occurredAt,
    subscriptionId: n.subscriptionId,
    status: n.status,
    attempts: n.attempts,
    lastResponseStatus: n.lastResponseStatus,
    lastAttemptAt: n.lastAttemptAt === null ? null : new Date(n.lastAttemptAt).toISOString(),
    payload: JSON.parse(n.payload) as unknown,
  };
}

const ReviewSchema = z.object({ status: z.enum(["approved", "rejected"]) });
const PriceSchema = z.object({
  id: z.string().regex(/^pri_[a-z\d]{26}$/, "must be a price id"),
  amount: z.string().regex(/^\d{1,12}$/),
  currency_code: z.string().regex(/^[A-Z]{3}$/),
  recurring: z.boolean(),
});

export function mountControl(
  app: Hono,
  base: string,
  parts: { world: PaddleWorld; store: PaddleStore; sender: WebhookSender; adjustments: PaddleAdjustments },
) {
  const { world, store, sender, adjustments } = parts;
  const control = `${base}/control`;
  app.use(`${control}/*`, loopbackOnly);
  const run = async (c: Context, fn: () => unknown) => {
    try {
      return c.json((await fn()) ?? { ok: true });
    } catch (err) {
      if (err instanceof PaddleEmulatorError) return paddleRefusal(c, err);
      throw err;
    }
  };

  app.get(`${control}/clock`, (c) => c.json({ now: new Date(world.now()).toISOString() }));

  /** {id, amount, currency_code, recurring}: another price on the account (another product or a one-time price) */
  app.post(`${control}/prices`, (c) =>
    run(c, async () => {
      const body = await controlBody(c, PriceSchema);
      if (world.price(body.id))
        throw new PaddleEmulatorError(400, "price_exists", `Price ${body.id} already exists.`);
      return world.addPrice({
        id: body.id,
        unitPrice: { amount: body.amount, currency_code: body.currency_code },
        recurring: body.recurring,
      });
    }),
  );

  /** {status: approved | rejected}: Paddle's review of a refund pending approval (adjustment.updated) */
  app.post(`${control}/adjustments/:id/review`, (c) =>
    run(c, async () => {
      const body = await controlBody(c, ReviewSchema);
      return adjustments.review(c.req.param("id"), body.status);
    }),
  );

  /** the customer's bank takes the payment back: an approved chargeback (adjustment.created) */
  app.post(`${control}/transactions/:id/chargeback`, (c) =>
    run(c, () => adjustments.chargeback(c.req.param("id"))),
  );

  /** ?user_id= filters by custom_data.user_id */
  app.get(`${control}/subscriptions`, (c) => {
    const userId = c.req.query("user_id");
    const subs = world.subscriptions().filter((s) => !userId || s.custom_data?.user_id === userId);
    return c.json({ subscriptions: subs });
  });

  app.post(`${control}/subscriptions/:id/advance`, (c) => run(c, () => world.advance(c.req.param("id"))));

  app.post(`${control}/subscriptions/:id/fail-next-renewal`, (c) =>
    run(c, async () => {
      const body = await controlBody(c, FailNextRenewalSchema);
      world.setFailNextRenewal(c.req.param("id"), body.fail);
      return { ok: true };
    }),
  );

  /** ?subscription_id= and ?status= (held, delivered, failed) filter */
  app.get(`${control}/webhooks`, (c) =>
    run(c, () => {
      const filter = WebhookFilterSchema.safeParse(c.req.query());
      if (!filter.success) {
        throw new InvalidFieldsError(
          filter.error.issues.map((i) => ({ field: i.path.join("."), message: i.message })),
        );
      }
      const list = store.notifications({
        subscriptionId: filter.data.subscription_id,
        status: filter.data.status,
      });
      return { holding: sender.holding, webhooks: list.map(describe) };
    }),
  );

  /** {asNewNotification?: boolean}: the same body again (a retry), or a replay under a new notification id */
  app.post(`${control}/webhooks/:id/resend`, (c) =>
    run(c, async () => {
      const body = await controlBody(c, ResendSchema);
      const result = await sender.resend(c.req.param("id"), body.asNewNotification);
      if (!result)
        throw new PaddleEmulatorError(404, "not_found", `Notification ${c.req.param("id")} not found`);
      return result;
    }),
  );

  /** {hold: boolean}: while held, new notifications queue up instead of being sent */
  app.put(`${control}/delivery`, (c) =>
    run(c, async () => {
      const body = await controlBody(c, DeliverySchema);
      sender.setHold(body.hold);
      return { holding: sender.holding };
    }),
  );

  /** {order?: "occurred" | "reverse" | string[] (notification or event ids)}: sends the held notifications */
  app.post(`${control}/webhooks/deliver-held`, (c) =>
    run(c, async () => {
      const body = await controlBody(c, DeliverHeldSchema);
      return { deliveries: await sender.deliverHeld(body.order) };
    }),
  );
}
