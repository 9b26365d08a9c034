// Control API for tests and demos: move subscriptions through time, inspect and replay notifications.
import type { Context, Hono } from "hono";
import { paddleError } from "./api.ts";
import type { PaddleStore, StoredNotification } from "./store.ts";
import type { WebhookSender } from "./webhooks.ts";
import { PaddleEmulatorError, type PaddleWorld } from "./world.ts";

async function jsonObject(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (text.trim() === "") return {};
  const parsed: unknown = JSON.parse(text);
  return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : {};
}

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
    payload: JSON.parse(n.payload) as unknown,
  };
}

export function mountControl(
  app: Hono,
  base: string,
  world: PaddleWorld,
  store: PaddleStore,
  sender: WebhookSender,
) {
  const control = `${base}/control`;
  const run = async (c: Context, fn: () => unknown) => {
    try {
      return c.json((await fn()) ?? { ok: true });
    } catch (err) {
      if (err instanceof PaddleEmulatorError) return paddleError(c, err.status, err.code, err.detail);
      if (err instanceof SyntaxError) return paddleError(c, 400, "bad_request", "Body must be JSON.");
      throw err;
    }
  };

  app.get(`${control}/clock`, (c) => c.json({ now: new Date(world.now()).toISOString() }));

  /** ?user_id= filters by custom_data.user_id */
  app.get(`${control}/subscriptions`, (c) => {
    const userId = c.req.query("user_id");
    const subs = world.subscriptions().filter((s) => !userId || s.custom_data?.user_id === userId);
    return c.json({ subscriptions: subs });
  });

  app.post(`${control}/subscriptions/:id/advance`, (c) => run(c, () => world.advance(c.req.param("id"))));

  app.post(`${control}/subscriptions/:id/fail-next-renewal`, (c) =>
    run(c, async () => {
      const body = await jsonObject(c);
      world.setFailNextRenewal(c.req.param("id"), body.fail !== false);
      return { ok: true };
    }),
  );

  /** ?subscription_id= and ?status= (held, delivered, failed) filter */
  app.get(`${control}/webhooks`, (c) => {
    const status = c.req.query("status");
    const list = store.notifications({
      subscriptionId: c.req.query("subscription_id"),
      status: status === "held" || status === "delivered" || status === "failed" ? status : undefined,
    });
    return c.json({ holding: sender.holding, webhooks: list.map(describe) });
  });

  /** {asNewNotification?: boolean}: the same body again (a retry), or a replay under a new notification id */
  app.post(`${control}/webhooks/:id/resend`, (c) =>
    run(c, async () => {
      const body = await jsonObject(c);
      const result = await sender.resend(c.req.param("id"), body.asNewNotification === true);
      if (!result)
        throw new PaddleEmulatorError(404, "not_found", `Notification ${c.req.param("id")} not found`);
      return result;
    }),
  );

  /** {hold: boolean}: while held, new notifications queue up instead of being sent */
  app.put(`${control}/delivery`, (c) =>
    run(c, async () => {
      const body = await jsonObject(c);
      sender.setHold(body.hold === true);
      return { holding: sender.holding };
    }),
  );

  /** {order?: "occurred" | "reverse" | string[] (notification or event ids)}: sends the held notifications */
  app.post(`${control}/webhooks/deliver-held`, (c) =>
    run(c, async () => {
      const body = await jsonObject(c);
      const order = Array.isArray(body.order)
        ? body.order.filter((v): v is string => typeof v === "string")
        : body.order === "reverse"
          ? "reverse"
          : "occurred";
      return { deliveries: await sender.deliverHeld(order) };
    }),
  );
}
