import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createPaddleEmulator, type PaddleEmulator } from "../../../src/emulators/paddle/index.ts";
import { appRouter } from "../../../src/server/trpc/_app.ts";
import { createCallerFactory, createContextInner } from "../../../src/server/trpc/core/init.ts";
import { freePort, startTestServer, type TestServer } from "../../support/server.ts";
import { createSignedInUser, levelOf } from "./helpers.ts";

// Crate pointed at a Paddle API elsewhere (PADDLE_API_URL), with its own key, price and notification secret.
const apiKey = "pdl_sdbx_apikey_external_0001";
const webhookSecret = "pdl_ntfset_external_secret_0001";
const priceId = "pri_01externalyearly000000000";

let server: TestServer;
let paddle: PaddleEmulator;
let paddleHttp: ReturnType<typeof Bun.serve>;
let paddleUrl: string;

beforeAll(async () => {
  const crypt = freePort();
  paddle = createPaddleEmulator({
    apiKey,
    webhookSecret,
    priceId,
    webhookUrl: `http://localhost:${crypt}/api/payment/webhook`,
    unitPrice: { amount: "1999", currency_code: "EUR" },
  });
  paddleHttp = Bun.serve({ port: 0, fetch: (req) => paddle.app.fetch(req) });
  paddleUrl = `http://localhost:${paddleHttp.port}/emulator/paddle`;
  server = await startTestServer({
    PORT: String(crypt),
    PADDLE_API_URL: paddleUrl,
    PADDLE_API_KEY: apiKey,
    PADDLE_PRICE_ID: priceId,
    PADDLE_WEBHOOK_SECRET: webhookSecret,
    PADDLE_CLIENT_TOKEN: "test_external_client_token",
    PADDLE_ENVIRONMENT: "sandbox",
  });
});
afterAll(async () => {
  await server.dispose();
  paddleHttp.stop(true);
  paddle.close();
});

describe("Crate against a Paddle API at PADDLE_API_URL", () => {
  test("price, checkout config, purchase webhooks and subscription details", async () => {
    const price = await fetch(`${server.url}/api/payment/pricing`, { method: "POST" });
    expect(await price.json()).toEqual({ amount: "19.99", currency: "EUR" });

    const caller = createCallerFactory(appRouter)(createContextInner({ deps: server.deps }));
    expect(await caller.billing.checkoutConfig()).toMatchObject({
      mode: "paddle",
      environment: "sandbox",
      clientToken: "test_external_client_token",
      priceId,
      emulatorCheckoutUrl: null,
    });

    const user = createSignedInUser(server.deps);
    await paddle.world.purchase({ priceId, userId: user.userId, email: "listener@example.com" });
    expect(levelOf(server.deps, user.userId)).toBe("PremiumYearly");
    const details = await fetch(`${server.url}/api/payment/subscription`, {
      headers: { cookie: user.cookie },
    });
    expect(await details.json()).toMatchObject({
      status: "Active",
      recurringFeeAmount: { amount: "19.99", currency: "EUR" },
    });
  });

  test("when Paddle cannot be reached the calls fail with a clear 502, never a bare 500", async () => {
    const user = createSignedInUser(server.deps);
    await paddle.world.purchase({ priceId, userId: user.userId, email: "listener@example.com" });
    paddleHttp.stop(true);
    const res = await fetch(`${server.url}/api/payment/subscription`, { headers: { cookie: user.cookie } });
    expect(res.status).toBe(502);
    const body = (await res.json()) as { error: string; errorCode: number };
    expect(body.errorCode).toBe(50);
    expect(body.error).toContain("payment provider");
  });
});
