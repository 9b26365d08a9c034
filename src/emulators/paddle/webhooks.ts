// Notifications as Paddle sends them: one JSON event per POST, signed with `Paddle-Signature: ts=…;h1=…`.
import { iso, paddleId } from "./entities.ts";
import type { PaddleStore, StoredNotification } from "./store.ts";

export interface EmittedEvent {
  eventType: string;
  occurredAt: number;
  data: Record<string, unknown>;
  subscriptionId: string | null;
}

export interface DeliveryResult {
  notificationId: string;
  eventId: string;
  eventType: string;
  status: number | null;
}

const HOLD_KEY = "hold_deliveries";

/**
 * The emulator's own `Paddle-Signature` (independent of Crate's checking code, so the check is not circular):
 * `ts=<unix seconds>;h1=<hex HMAC-SHA256 of "<ts>:<body>" keyed with the notification secret>`.
 */
export async function signNotification(secret: string, body: string, timestampSec: number): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey(
    "raw",
    encoder.encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = new Uint8Array(
    await crypto.subtle.sign("HMAC", key, encoder.encode(`${timestampSec}:${body}`)),
  );
  const hex = Array.from(mac, (b) => b.toString(16).padStart(2, "0")).join("");
  return `ts=${timestampSec};h1=${hex}`;
}

/**
 * How a notification that got no 2xx (or no answer within the timeout) is sent again: Paddle retries with
 * exponential backoff, 3 times within about 15 minutes on sandbox accounts (60 times over 3 days live).
 */
export interface RetryPolicy {
  /** attempts after the first one */
  maxRetries: number;
  /** wait before the first retry; each further retry waits twice as long as the one before, up to maxDelayMs */
  baseDelayMs: number;
  maxDelayMs: number;
}

export const SANDBOX_RETRY_POLICY: RetryPolicy = { maxRetries: 3, baseDelayMs: 60_000, maxDelayMs: 480_000 };

/** Paddle expects an answer within five seconds. */
const DELIVERY_TIMEOUT_MS = 5_000;

/** The wait after the given number of failed attempts before the next one. */
export function retryDelayMs(policy: RetryPolicy, attempts: number): number {
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempts - 1));
}

export class WebhookSender {
  private retryTimer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly store: PaddleStore,
    private readonly opts: {
      webhookUrl: string;
      webhookSecret: string;
      timeoutMs?: number;
      now?: () => number;
    },
  ) {}

  private now(): number {
    return this.opts.now?.() ?? Date.now();
  }

  /** Starts sending failed notifications again on the policy's schedule (until stopRetrying). */
  startRetrying(policy: RetryPolicy): void {
    this.stopRetrying();
    let busy = false;
    const tick = async () => {
      if (busy) return;
      busy = true;
      try {
        await this.retryDue(policy);
      } catch {
        // e.g. the store closed under a delivery: whatever is still due is tried on the next tick
      } finally {
        busy = false;
      }
    };
    this.retryTimer = setInterval(tick, Math.max(10, Math.min(1_000, policy.baseDelayMs / 2)));
    this.retryTimer.unref?.();
  }

  stopRetrying(): void {
    if (this.retryTimer) clearInterval(this.retryTimer);
    this.retryTimer = null;
  }

  /** Sends every failed notification whose wait is over, oldest first; returns the results. */
  async retryDue(policy: RetryPolicy): Promise<DeliveryResult[]> {
    const now = this.now();
    const due = this.store
      .failedAttempted(policy.maxRetries)
      .filter((n) => (n.lastAttemptAt ?? 0) + retryDelayMs(policy, n.attempts) <= now);
    const results: DeliveryResult[] = [];
    for (const n of due) results.push(await this.deliver(n));
    return results;
  }

  get holding(): boolean {
    return this.store.getMeta(HOLD_KEY) === "1";
  }

  /** While held, notifications queue up until deliverHeld() sends them in a chosen order. */
  setHold(hold: boolean): void {
    this.store.setMeta(HOLD_KEY, hold ? "1" : null);
  }

  /** Records the events (in the order they occurred) and delivers them one after another unless held. */
  async emit(events: readonly EmittedEvent[]): Promise<DeliveryResult[]> {
    const hold = this.holding;
    const created = this.store.transaction(() =>
      events.map((e) => {
        const notificationId = paddleId("ntf");
        const eventId = paddleId("evt");
        // Subscription management links are temporary, so Paddle leaves them out of notifications.
        const { management_urls: _links, ...data } = e.data;
        const payload = JSON.stringify({
          event_id: eventId,
          event_type: e.eventType,
          occurred_at: iso(e.occurredAt),
          notification_id: notificationId,
          data,
        });
        return this.store.addNotification({
          notificationId,
          eventId,
          eventType: e.eventType,
          occurredAt: iso(e.occurredAt),
          subscriptionId: e.subscriptionId,
          payload,
          status: hold ? "held" : "failed",
        });
      }),
    );
    if (hold) return created.map((n) => ({ ...summary(n), status: null }));
    const results: DeliveryResult[] = [];
    for (const n of created) results.push(await this.deliver(n));
    return results;
  }

  /** Posts the stored body, signed now (Paddle signs each attempt with the time of sending). */
  async deliver(n: StoredNotification, payload = n.payload): Promise<DeliveryResult> {
    const signature = await signNotification(this.opts.webhookSecret, payload, Math.floor(Date.now() / 1000));
    let status: number | null = null;
    try {
      const res = await fetch(this.opts.webhookUrl, {
        method: "POST",
        headers: { "content-type": "application/json", "paddle-signature": signature },
        body: payload,
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? DELIVERY_TIMEOUT_MS),
      });
      status = res.status;
      await res.arrayBuffer().catch(() => undefined);
    } catch {
      status = null;
    }
    const ok = status !== null && status >= 200 && status < 300;
    this.store.recordAttempt(n.notificationId, ok ? "delivered" : "failed", status, this.now());
    return { ...summary(n), status };
  }

  /**
   * Sends a notification again. By default the very same body (as a retry does); with asNewNotification
   * a new notification of the same event (as Paddle's replay does): the event_id stays the same either way.
   */
  async resend(idOrEventId: string, asNewNotification = false): Promise<DeliveryResult | null> {
    const n = this.store.findNotification(idOrEventId);
    if (!n) return null;
    if (!asNewNotification) return this.deliver(n);
    const notificationId = paddleId("ntf");
    const body = { ...(JSON.parse(n.payload) as Record<string, unknown>), notification_id: notificationId };
    const copy = this.store.addNotification({
      notificationId,
      eventId: n.eventId,
      eventType: n.eventType,
      occurredAt: n.occurredAt,
      subscriptionId: n.subscriptionId,
      payload: JSON.stringify(body),
      status: "failed",
    });
    return this.deliver(copy);
  }

  /** Delivers held notifications: in the order they occurred, reversed, or in an explicit order of ids. */
  async deliverHeld(order: "occurred" | "reverse" | string[] = "occurred"): Promise<DeliveryResult[]> {
    const held = this.store.notifications({ status: "held" });
    let queue: StoredNotification[];
    if (Array.isArray(order)) {
      queue = order
        .map((id) => held.find((n) => n.notificationId === id || n.eventId === id))
        .filter((n): n is StoredNotification => n !== undefined);
    } else {
      queue = order === "reverse" ? [...held].reverse() : held;
    }
    const results: DeliveryResult[] = [];
    for (const n of queue) results.push(await this.deliver(n));
    return results;
  }
}

function summary(n: StoredNotification): Omit<DeliveryResult, "status"> {
  return { notificationId: n.notificationId, eventId: n.eventId, eventType: n.eventType };
}
