import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { storedPayload } from "../../../src/server/billing/stored-payload.ts";
import { openDatabase } from "../../../src/server/db/client.ts";
import { migrations } from "../../../src/server/db/migrations.generated.ts";
import { subscriptions, webhookEvents } from "../../../src/server/db/schema/index.ts";
import { subscriptionEntity, transactionEntity } from "../../integration/billing/helpers.ts";

/** The migration's data statements that rewrite stored webhook events (run again here: they are idempotent). */
const dataSteps = migrations
  .flatMap((m) => m.sql.split("--> statement-breakpoint"))
  .filter((s) => /UPDATE `webhook_events`/.test(s));

const full = (eventType: string, data: Record<string, unknown>) => ({
  event_id: "evt_1",
  event_type: eventType,
  occurred_at: "2026-01-01T12:00:00.000Z",
  notification_id: "ntf_1",
  data: {
    ...data,
    payments: [{ method_details: { card: { last4: "4242", cardholder_name: "Ann Listener" } } }],
    customer: { email: "ann@example.com" },
  },
});

describe("stored webhook payloads", () => {
  test("the migration trims old rows to exactly what new rows store, and finds their owner", () => {
    expect(dataSteps.length).toBeGreaterThanOrEqual(2);
    const database = openDatabase(":memory:");
    try {
      const { db, sqlite } = database;
      db.insert(subscriptions)
        .values({
          id: "sub_1",
          userId: "owner",
          status: "Active",
          providerStatus: "active",
          lastEventAt: 0,
          updatedAt: 0,
        })
        .run();
      const events = [
        full("transaction.completed", transactionEntity({ userId: "someone-else", subscriptionId: "sub_1" })),
        {
          ...full(
            "subscription.created",
            subscriptionEntity({ id: "sub_1", userId: "x", status: "active", scheduledCancel: true }),
          ),
          event_id: "evt_2",
        },
        {
          ...full("transaction.completed", transactionEntity({ userId: "payer", subscriptionId: "sub_new" })),
          event_id: "evt_3",
        },
      ];
      for (const e of events)
        db.insert(webhookEvents)
          .values({
            eventId: e.event_id,
            eventType: e.event_type,
            occurredAt: 0,
            receivedAt: 0,
            payload: JSON.stringify(e),
          })
          .run();
      for (const step of dataSteps) sqlite.exec(step);
      const owners: Record<string, string | null> = {};
      for (const e of events) {
        const row = db.select().from(webhookEvents).where(eq(webhookEvents.eventId, e.event_id)).get();
        expect(JSON.parse(row?.payload ?? "")).toEqual(JSON.parse(storedPayload(e)));
        expect(row?.payload).not.toContain("4242");
        expect(row?.payload).not.toContain("ann@example.com");
        owners[e.event_id] = row?.userId ?? null;
      }
      expect(owners).toEqual({ evt_1: "owner", evt_2: "owner", evt_3: "payer" });
    } finally {
      database.close();
    }
  });
});
