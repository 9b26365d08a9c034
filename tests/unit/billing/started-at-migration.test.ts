// Migration 0005 fills in when each known subscription began, from the subscription events Crate kept, so an
// admin's later change of level outranks an old subscription's events from the first event after the upgrade.
import { Database } from "bun:sqlite";
import { expect, test } from "bun:test";
import { applyMigrations } from "../../../src/server/db/migrate.ts";
import { migrations } from "../../../src/server/db/migrations.generated.ts";

const MIGRATION = "0004_single_use_state_billing_sessions";

test("a subscription's start is read from its stored events; one without events stays unknown", () => {
  const sqlite = new Database(":memory:");
  const before = migrations.filter((m) => m.tag < MIGRATION);
  applyMigrations(sqlite, before);
  const insertSub = sqlite.query(
    "INSERT INTO subscriptions (id, user_id, status, provider_status, last_event_at, updated_at) VALUES (?, 'u', 'Active', 'active', 0, 0)",
  );
  insertSub.run("sub_known");
  insertSub.run("sub_unseen");
  const insertEvent = sqlite.query(
    "INSERT INTO webhook_events (event_id, event_type, occurred_at, received_at, payload) VALUES (?, ?, 0, 0, ?)",
  );
  const payload = (startedAt: string) => JSON.stringify({ data: { id: "sub_known", started_at: startedAt } });
  insertEvent.run("evt_1", "subscription.updated", payload("2026-03-01T00:00:00.000Z"));
  insertEvent.run("evt_2", "subscription.created", payload("2026-01-01T12:00:00.000Z"));
  insertEvent.run("evt_3", "transaction.completed", payload("2025-01-01T00:00:00.000Z"));

  expect(applyMigrations(sqlite, migrations)).toContain(MIGRATION);

  const rows = sqlite.query("SELECT id, started_at AS startedAt FROM subscriptions ORDER BY id").all();
  expect(rows).toEqual([
    { id: "sub_known", startedAt: Date.parse("2026-01-01T12:00:00.000Z") },
    { id: "sub_unseen", startedAt: null },
  ]);
});
