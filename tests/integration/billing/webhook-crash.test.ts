// A server killed (SIGKILL) again and again during a burst of Paddle notifications loses no payment event and
// applies none twice: Paddle (the emulator, in this process) sends every unanswered notification again, and
// after the last restart Crate's records match Paddle's.
import { Database } from "bun:sqlite";
import { afterAll, beforeAll, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { createPaddleEmulator, type PaddleEmulator } from "../../../src/emulators/paddle/index.ts";
import { type CrateProcess, crateProcess } from "../../support/crate-process.ts";
import { tempDir } from "../../support/server.ts";

const paddleEnv = {
  PADDLE_API_KEY: "pdl_sdbx_apikey_crash_test",
  PADDLE_WEBHOOK_SECRET: "pdl_ntfset_crash_test",
  PADDLE_PRICE_ID: "pri_01crashtest0000000000000000",
};
const USERS = 16;
const KILLS = 4;

let dir: string;
let crate: CrateProcess;
let paddle: PaddleEmulator;
let paddleServer: ReturnType<typeof Bun.serve>;
const userIds = Array.from(
  { length: USERS },
  (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
);

beforeAll(async () => {
  dir = tempDir("webhook-crash-");
  crate = crateProcess({ dir, env: paddleEnv });
  paddle = createPaddleEmulator({
    apiKey: paddleEnv.PADDLE_API_KEY,
    webhookSecret: paddleEnv.PADDLE_WEBHOOK_SECRET,
    priceId: paddleEnv.PADDLE_PRICE_ID,
    webhookUrl: `${crate.url}/api/payment/webhook`,
    // Paddle's schedule, compressed: the same doubling waits, in milliseconds instead of minutes
    retry: { maxRetries: 100, baseDelayMs: 100, maxDelayMs: 800 },
  });
  paddleServer = Bun.serve({ port: 0, fetch: paddle.app.fetch });
  await crate.start();
  const db = new Database(crate.databasePath);
  const insert = db.query(
    "INSERT INTO users (id, spotify_id, created_at, last_login_at) VALUES (?, ?, ?, ?)",
  );
  for (const id of userIds) insert.run(id, `listener-${id.slice(-4)}`, Date.now(), Date.now());
  db.close();
}, 60_000);

afterAll(async () => {
  await crate.kill();
  paddle.close();
  paddleServer.stop(true);
  rmSync(dir, { recursive: true, force: true });
});

/** The life of one user's subscription: bought, then cancelled, renewed, failed or run out. */
async function lifeOf(userId: string, i: number): Promise<void> {
  const { subscription } = await paddle.world.purchase({
    priceId: paddleEnv.PADDLE_PRICE_ID,
    userId,
    email: `${userId.slice(-4)}@example.com`,
  });
  const id = subscription.id;
  if (i % 4 === 0) await paddle.world.cancel(id, "immediately");
  if (i % 4 === 1) await paddle.world.advance(id);
  if (i % 4 === 2) {
    paddle.world.setFailNextRenewal(id, true);
    await paddle.world.advance(id);
  }
  if (i % 4 === 3) {
    await paddle.world.cancel(id, "next_billing_period");
    await paddle.world.advance(id);
  }
}

interface SentNotification {
  eventId: string;
  eventType: string;
  status: string;
  attempts: number;
}
let lastNotifications: SentNotification[] = [];
const countDelivered = () => lastNotifications.filter((n) => n.status === "delivered").length;

async function refreshNotifications(): Promise<void> {
  const res = await paddle.app.request("http://paddle.test/emulator/paddle/control/webhooks");
  const body = (await res.json()) as {
    webhooks: {
      eventId: string;
      eventType: string;
      status: string;
      attempts: number;
    }[];
  };
  lastNotifications = body.webhooks.map((w) => ({
    eventId: w.eventId,
    eventType: w.eventType,
    status: w.status,
    attempts: w.attempts,
  }));
}

test("SIGKILL at random points of a webhook burst: no lost and no doubled payment event", async () => {
  // A fixed sequence of kill points (deliveries between kills) and downtimes, from a seeded generator.
  let seed = 20261122;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  let burstDone = false;
  // the users arrive 40 ms apart, so the burst lasts a while
  const burst = Promise.all(userIds.map((id, i) => Bun.sleep(i * 40).then(() => lifeOf(id, i)))).finally(
    () => {
      burstDone = true;
    },
  );

  const settled = () => burstDone && lastNotifications.every((n) => n.status === "delivered");
  let kills = 0;
  while (kills < KILLS) {
    await refreshNotifications();
    const target = countDelivered() + 2 + Math.floor(random() * 8);
    const deadline = Date.now() + 20_000;
    while (!settled() && countDelivered() < target) {
      if (Date.now() > deadline) throw new Error(`stuck at ${countDelivered()} delivered notifications`);
      await Bun.sleep(5);
      await refreshNotifications();
    }
    if (settled()) break;
    await crate.kill();
    kills++;
    await Bun.sleep(20 + Math.floor(random() * 200));
    await crate.start();
  }
  await burst;
  expect(kills).toBeGreaterThanOrEqual(2);

  // Paddle keeps sending what was not answered until every notification is delivered.
  const until = Date.now() + 60_000;
  for (;;) {
    await refreshNotifications();
    if (lastNotifications.every((n) => n.status === "delivered")) break;
    if (Date.now() > until) throw new Error(`undelivered: ${JSON.stringify(lastNotifications)}`);
    await Bun.sleep(50);
  }
  // the kills did hit deliveries: some needed more than one attempt
  expect(lastNotifications.some((n) => n.attempts > 1)).toBe(true);

  const db = new Database(crate.databasePath, { readonly: true });
  try {
    const stored = db
      .query<{ event_id: string; processed: number }, []>(
        "SELECT event_id, processed_at IS NOT NULL AS processed FROM webhook_events",
      )
      .all();
    const sent = new Set(lastNotifications.map((n) => n.eventId));
    expect(stored.map((e) => e.event_id).sort()).toEqual([...sent].sort());
    expect(stored.every((e) => e.processed === 1)).toBe(true);

    // every completed transaction is one payment, once
    const payments = db
      .query<{ event_id: string; n: number }, []>(
        "SELECT event_id, count(*) AS n FROM payments WHERE event_id IS NOT NULL GROUP BY event_id",
      )
      .all();
    const paymentCount = new Map(payments.map((p) => [p.event_id, p.n]));
    const completed = lastNotifications.filter((n) => n.eventType === "transaction.completed");
    expect(completed.length).toBe(USERS + Math.ceil(USERS / 4));
    for (const n of completed)
      expect({ event: n.eventId, payments: paymentCount.get(n.eventId) }).toEqual({
        event: n.eventId,
        payments: 1,
      });
    for (const [eventId, n] of paymentCount) expect({ eventId, n }).toEqual({ eventId, n: 1 });

    // each user's level and subscription state are Paddle's final word
    const levels = new Map(
      db
        .query<{ id: string; level: string }, []>("SELECT id, membership_level AS level FROM users")
        .all()
        .map((u) => [u.id, u.level]),
    );
    const providerStatus = new Map(
      db
        .query<{ id: string; s: string }, []>("SELECT id, provider_status AS s FROM subscriptions")
        .all()
        .map((s) => [s.id, s.s]),
    );
    for (const sub of paddle.world.subscriptions()) {
      const userId = String(sub.custom_data?.user_id);
      expect({ userId, status: providerStatus.get(sub.id) }).toEqual({ userId, status: sub.status });
      const want = sub.status === "active" ? "PremiumYearly" : "Free";
      expect({ userId, level: levels.get(userId) }).toEqual({ userId, level: want });
    }
    expect(paddle.world.subscriptions()).toHaveLength(USERS);
  } finally {
    db.close();
  }
}, 150_000);
