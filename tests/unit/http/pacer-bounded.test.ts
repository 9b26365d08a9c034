// The bounded queue of a pacer: a caller past `maxWaiting` is refused at once, and one whose turn does not come
// within its `timeoutMs` is dropped from the queue. The accounts service's sign-in uses both.
import { describe, expect, test } from "bun:test";
import { AdaptivePacer, PacerBusy } from "../../../src/server/platform/pacer.ts";
import { createSpotifyClient } from "../../../src/server/spotify/client.ts";
import { SpotifyBusyError } from "../../../src/server/spotify/errors.ts";
import { limits } from "../../../src/shared/limits.ts";

describe("a pacer with a bounded queue", () => {
  test("refuses a caller that can give up at once when maxWaiting callers already wait; the others queue", async () => {
    const pacer = new AdaptivePacer({ maxInFlight: 1, reserved: 0, maxWaiting: 2 });
    const first = await pacer.acquire("interactive");
    const waiting = [pacer.acquire("interactive"), pacer.acquire("background")];
    expect(pacer.state().waiting).toEqual({ interactive: 1, background: 1 });
    await expect(pacer.acquire("interactive", { timeoutMs: 10_000 })).rejects.toBeInstanceOf(PacerBusy);
    // A caller that must get its turn (a token refresh) still queues behind the bound.
    waiting.push(pacer.acquire("background"));
    expect(pacer.state().waiting.background).toBe(2);
    first();
    for (const turn of waiting) (await turn)();
    expect(pacer.state().inFlight).toBe(0);
  });

  test("drops a caller whose turn did not come within its timeout", async () => {
    const pacer = new AdaptivePacer({ maxInFlight: 1, reserved: 0 });
    const first = await pacer.acquire("interactive");
    const started = Date.now();
    await expect(pacer.acquire("interactive", { timeoutMs: 30 })).rejects.toBeInstanceOf(PacerBusy);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    expect(pacer.state().waiting.interactive).toBe(0);
    first();
    expect(pacer.state().inFlight).toBe(0);
  });
});

describe("the accounts service under a flood", () => {
  test("a sign-in's code exchange past the bounded queue fails as busy without being sent", async () => {
    const pending: (() => void)[] = [];
    let sent = 0;
    const tokenAnswer = () =>
      new Response(JSON.stringify({ access_token: "a", refresh_token: "r", expires_in: 3600, scope: "" }), {
        status: 200,
        headers: { "content-type": "application/json" },
      });
    const client = createSpotifyClient({
      apiUrl: "http://api.invalid/v1",
      accountsUrl: "http://accounts.invalid",
      clientId: "id",
      clientSecret: "secret",
      concurrency: 4,
      fetch: () => {
        sent++;
        return new Promise<Response>((resolve) => pending.push(() => resolve(tokenAnswer())));
      },
    });
    // Refreshes fill every slot on the wire and the whole queue behind them.
    const refreshes = Array.from({ length: 4 + limits.accountsQueueMax }, (_, i) =>
      client.accounts.refresh(`refresh-${i}`),
    );
    await Bun.sleep(5);
    expect(sent).toBe(4);
    await expect(client.accounts.exchangeCode("code", "http://crate/cb", "verifier")).rejects.toBeInstanceOf(
      SpotifyBusyError,
    );
    expect(sent).toBe(4);
    while (pending.length > 0) {
      for (const answer of pending.splice(0)) answer();
      await Bun.sleep(1);
    }
    expect((await Promise.all(refreshes)).every((t) => t.accessToken === "a")).toBe(true);
  });
});
