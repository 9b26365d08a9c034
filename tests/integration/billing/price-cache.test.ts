// The premium price at Paddle: one fetch at a time however many ask, and a failure answered from memory for a
// minute (a signed-out /plans render, twenty of them at once, costs Paddle one fetch).
import { describe, expect, test } from "bun:test";
import { getPremiumPrice } from "../../../src/server/billing/subscriptions.ts";
import { manualClock } from "../../../src/server/platform/clock.ts";
import { ErrorCode } from "../../../src/shared/errors.ts";
import { setUpTestServer } from "../../support/suite.ts";

const clock = manualClock(Date.now());
const control = () => `${server.url}/emulator/paddle/control`;

async function setFaults(settings: Record<string, unknown>): Promise<void> {
  await fetch(`${control()}/faults`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(settings),
  });
  await fetch(`${control()}/api-calls`, { method: "DELETE" });
}

const paddleCalls = async () =>
  ((await (await fetch(`${control()}/api-calls`)).json()) as { total: number }).total;

const twenty = () => Promise.allSettled(Array.from({ length: 20 }, () => getPremiumPrice(server.deps)));

const server = setUpTestServer({}, clock);

describe("the premium price", () => {
  test("twenty at once share one fetch; a failure is remembered for a minute", async () => {
    await setFaults({ rate5xx: 1, seed: 3 });
    const failed = await twenty();
    expect(failed.every((r) => r.status === "rejected")).toBe(true);
    const reason = (failed[0] as PromiseRejectedResult).reason as { code: number };
    expect(reason.code).toBe(ErrorCode.ProviderUnavailable);
    const oneFetch = await paddleCalls();
    expect(oneFetch).toBeGreaterThan(0);
    // the client retries a 5xx a few times: that is one fetch, not twenty
    expect(oneFetch).toBeLessThanOrEqual(5);

    await setFaults({});
    const remembered = await twenty();
    expect(remembered.every((r) => r.status === "rejected")).toBe(true);
    expect(await paddleCalls()).toBe(0);

    clock.advance(61_000);
    const fetched = await twenty();
    expect(fetched.every((r) => r.status === "fulfilled")).toBe(true);
    expect(await paddleCalls()).toBe(1);
    const again = await twenty();
    expect(again.every((r) => r.status === "fulfilled")).toBe(true);
    expect(await paddleCalls()).toBe(1);
  });
});
