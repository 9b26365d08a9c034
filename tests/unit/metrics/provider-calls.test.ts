// Provider clients report each attempt (endpoint template, status or failure kind) and each Retry-After wait
// through their callbacks; providerObservers turns them into the provider metrics.
import { afterAll, expect, test } from "bun:test";
import { openDatabase } from "../../../src/server/db/client.ts";
import { createMetrics, providerObservers } from "../../../src/server/metrics/registry.ts";
import { createPaddleClient, paddleEndpoint } from "../../../src/server/paddle/client.ts";
import { clientWith } from "../spotify/client-support.ts";
import { json } from "../spotify/fake-web-api.ts";

const database = openDatabase(":memory:");
afterAll(() => database.close());
const fresh = () => createMetrics({ db: database.db, now: () => 0 });

function sample(text: string, line: string): number {
  const found = text.split("\n").find((l) => l.startsWith(`${line} `));
  return found ? Number(found.slice(line.length + 1)) : 0;
}

test("Paddle endpoints are templates: ids never become labels", () => {
  expect(paddleEndpoint("POST", "/subscriptions/sub_01abc/cancel")).toBe("POST /subscriptions/{id}/cancel");
  expect(paddleEndpoint("GET", "/prices/pri_01xyz")).toBe("GET /prices/{id}");
  expect(paddleEndpoint("POST", "/pricing-preview")).toBe("POST /pricing-preview");
  expect(paddleEndpoint("GET", "/transactions/txn_1?include=x")).toBe("GET /transactions/{id}");
});

test("the Paddle client reports a 429, the wait it imposed, and the retried call", async () => {
  const metrics = fresh();
  let calls = 0;
  let now = 1_000_000;
  const paddle = createPaddleClient({
    apiUrl: "https://paddle.test",
    apiKey: "k",
    retryBaseMs: 1,
    now: () => now,
    sleep: async (ms) => {
      now += ms;
    },
    fetch: async () =>
      ++calls === 1
        ? Response.json(
            { error: { code: "too_many_requests" } },
            { status: 429, headers: { "retry-after": "2" } },
          )
        : Response.json({ data: { id: "pri_1", unit_price: { amount: "4900", currency_code: "USD" } } }),
    ...providerObservers(metrics, "paddle"),
  });
  await paddle.getPrice("pri_1");
  const text = await metrics.render();
  const calls429 = 'crate_provider_calls_total{provider="paddle",endpoint="GET /prices/{id}",status="429"}';
  expect(sample(text, calls429)).toBe(1);
  expect(sample(text, calls429.replace("429", "200"))).toBe(1);
  expect(sample(text, 'crate_provider_rate_limited_total{provider="paddle"}')).toBe(1);
  expect(sample(text, 'crate_provider_rate_limit_wait_seconds_sum{provider="paddle"}')).toBe(2);
});

test("the Spotify transport reports every attempt, network failures included", async () => {
  const metrics = fresh();
  let calls = 0;
  const { api } = clientWith(
    async () => {
      calls++;
      if (calls === 1) throw new TypeError("connection refused");
      return json({ id: "listener" });
    },
    { observer: { onCall: providerObservers(metrics, "spotify").onCall } },
  );
  expect((await api.me()).id).toBe("listener");
  const text = await metrics.render();
  expect(
    sample(text, 'crate_provider_calls_total{provider="spotify",endpoint="GET /me",status="network"}'),
  ).toBe(1);
  expect(sample(text, 'crate_provider_calls_total{provider="spotify",endpoint="GET /me",status="200"}')).toBe(
    1,
  );
  expect(
    sample(text, 'crate_provider_call_duration_seconds_count{provider="spotify",endpoint="GET /me"}'),
  ).toBe(2);
});
