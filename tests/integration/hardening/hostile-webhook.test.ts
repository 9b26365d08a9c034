// Property: Paddle notifications that carry a valid signature but hostile content (wrong types, missing
// fields, odd dates, amounts and currencies, unknown users, unknown event types) never make the webhook or the
// pages that read billing records answer 5xx; a refused notification changes nothing.
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { computeSignature } from "../../../src/server/paddle/webhook-signature.ts";
import { event, pid, subscriptionEntity, transactionEntity } from "../billing/helpers.ts";
import { hostileString, hostileValue, SEED } from "./arbitraries.ts";
import { changes, explain, isRestRefusal, type Request, send, setUpHardening, snapshot } from "./support.ts";

const h = setUpHardening("hostile-webhook");

/** Replaces the values at some paths of a JSON object (a path that does not exist is created). */
function withReplacements(value: Record<string, unknown>, replacements: [string[], unknown][]) {
  const copy = structuredClone(value);
  for (const [path, replacement] of replacements) {
    let node: Record<string, unknown> = copy;
    for (const key of path.slice(0, -1)) {
      if (typeof node[key] !== "object" || node[key] === null) node[key] = {};
      node = node[key] as Record<string, unknown>;
    }
    node[path.at(-1) ?? "x"] = replacement;
  }
  return copy;
}

const fieldPaths = [
  ["id"],
  ["status"],
  ["customer_id"],
  ["custom_data"],
  ["custom_data", "user_id"],
  ["subscription_id"],
  ["origin"],
  ["currency_code"],
  ["next_billed_at"],
  ["canceled_at"],
  ["billed_at"],
  ["current_billing_period"],
  ["current_billing_period", "ends_at"],
  ["billing_period", "starts_at"],
  ["scheduled_change"],
  ["scheduled_change", "effective_at"],
  ["items"],
  ["items", "0", "quantity"],
  ["items", "0", "price", "unit_price", "amount"],
  ["items", "0", "price", "unit_price", "currency_code"],
  ["details", "totals", "grand_total"],
  ["details", "totals", "total"],
];

const dateLike = fc.constantFrom(
  "2026-02-30T00:00:00Z",
  "0",
  "-1",
  "275760-09-13T00:00:00.001Z",
  "1970-01-01T00:00:00Z",
  "Tue, 01 Jan 2030 00:00:00 GMT",
  "not a date",
);
const amountLike = fc.constantFrom("-4900", "0", "99999999999999999999999999", "4.9", "1e3", "", "٤٩٠٠");
const currencyLike = fc.constantFrom("XXX", "usd", "JPY", "BHD", "", "€€€", "ZZZZ");

const notificationArb = fc
  .record({
    kind: fc.constantFrom(
      "transaction.completed",
      "subscription.created",
      "subscription.updated",
      "subscription.canceled",
    ),
    whose: fc.constantFrom("free", "premium", "nobody", "none"),
    status: fc.constantFrom("active", "past_due", "canceled", "paused", "trialing"),
    replacements: fc.array(
      fc.tuple(
        fc.constantFrom(...fieldPaths),
        fc.oneof(hostileValue, hostileString, dateLike, amountLike, currencyLike),
      ),
      { maxLength: 3 },
    ),
    envelope: fc.oneof(
      { weight: 4, arbitrary: fc.constant(null) },
      {
        weight: 1,
        arbitrary: fc.tuple(fc.constantFrom("event_type", "occurred_at", "event_id", "data"), hostileValue),
      },
    ),
    occurredAt: fc.oneof(fc.constant(new Date()), fc.date({ noInvalidDate: true })),
  })
  .map(({ kind, whose, status, replacements, envelope, occurredAt }) => {
    const userId =
      whose === "nobody"
        ? crypto.randomUUID()
        : whose === "none"
          ? null
          : (h.personas[whose as "free"].userId ?? "");
    const subscriptionId = pid("sub");
    const data =
      kind === "transaction.completed"
        ? transactionEntity({ userId, subscriptionId })
        : subscriptionEntity({ id: subscriptionId, userId: userId ?? "", status: status as "active" });
    let body: Record<string, unknown> = event(kind, occurredAt, withReplacements(data, replacements));
    if (envelope) body = withReplacements(body, [[[envelope[0]], envelope[1]]]);
    return { userId, body: JSON.stringify(body) };
  });

function signed(text: string): Request {
  const ts = Math.floor(Date.now() / 1000);
  const header = `ts=${ts};h1=${computeSignature(h.server.deps.config.paddle.webhookSecret, ts, text)}`;
  return {
    method: "POST",
    path: "/api/payment/webhook",
    text,
    origin: null,
    headers: { "paddle-signature": header },
  };
}

describe("signed hostile notifications", () => {
  test("the webhook answers every one without a 5xx; refusals change nothing; billing pages still load", async () => {
    const admin = h.personas.admin.cookie;
    const tally = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(notificationArb, async ({ userId, body }) => {
        const request = signed(body);
        const before = snapshot(h);
        const answer = await send(h.server.url, request);
        const context = explain(request, answer);
        expect(answer.status, context).toBeLessThan(500);
        tally.set(answer.status, (tally.get(answer.status) ?? 0) + 1);
        if (answer.status >= 400) {
          expect(isRestRefusal(answer), context).toBe(true);
          expect(changes(before, snapshot(h)), context).toEqual([]);
          return;
        }
        expect((answer.json as { received: boolean }).received, context).toBe(true);
        const sqlite = h.server.deps.db.$client;
        expect(sqlite.query("PRAGMA foreign_key_check").all(), context).toEqual([]);
        if (!userId) return;
        // Whatever was stored must still be readable where billing records are shown.
        for (const path of [
          `/api/admin/user/user-id/${userId}`,
          "/api/admin/user/premium",
          "/api/admin/statistics",
        ]) {
          const read = await send(h.server.url, { method: "GET", path, cookie: admin });
          expect(read.status, `${path} after ${context}`).toBeLessThan(500);
        }
        for (const persona of ["free", "premium"] as const) {
          for (const path of [
            "/api/payment/subscription",
            "/api/user/personal-data",
            "/api/user/membership-level",
          ]) {
            const read = await send(h.server.url, {
              method: "GET",
              path,
              cookie: h.personas[persona].cookie,
            });
            expect(read.status, `${persona} ${path} after ${context}`).toBeLessThan(500);
          }
        }
      }),
      { seed: SEED, numRuns: 120 },
    );
    // Both sides were exercised: notifications applied and notifications refused.
    if (process.env.HARDENING_VERBOSE) console.log("webhook statuses", [...tally]);
    expect(tally.get(200) ?? 0).toBeGreaterThan(10);
    expect([...tally.keys()].some((status) => status >= 400)).toBe(true);
  }, 120_000);
});
