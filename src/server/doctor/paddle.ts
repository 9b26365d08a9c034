// Paddle: the API key (and that it belongs to the configured environment's account), the price, the client
// token's environment, and a notification destination for Crate's webhook with the events it needs.
import { paddleNeededEvents, paddleWebhookPath } from "../../shared/self-hosting.ts";
import { sameSecret } from "../auth/oauth.ts";
import type { Config } from "../config/config.ts";
import { type CheckResult, failed, ok, type Probe, shown, skipped } from "./check.ts";

const KEY = "Paddle API key";
const PRICE = "Paddle price";
const CLIENT_TOKEN = "Paddle client token";
const WEBHOOK = "Paddle webhook destination";

interface PaddleError {
  error?: { code?: string; detail?: string };
}

export async function checkPaddle(config: Config, probe: Probe): Promise<CheckResult[]> {
  if (!config.premium) return [skipped(KEY, "PREMIUM=off: nothing is sold, Paddle is not used")];
  const { apiUrl, apiKey, priceId } = config.paddle;
  const auth = { headers: { authorization: `Bearer ${apiKey}` } };
  const price = await probe(`${apiUrl}/prices/${encodeURIComponent(priceId)}`, auth);
  const where = shown(apiUrl);
  const environment = paddleEnvironment(config);
  const results: CheckResult[] = [];
  if (!price.reached) return [failed(KEY, `${where} ${price.error}: check PADDLE_API_URL and the network`)];
  const code = (price.json as PaddleError | undefined)?.error?.code;
  if (price.status === 401 || price.status === 403) {
    return [
      failed(
        KEY,
        `${where} refused PADDLE_API_KEY (${code ?? `HTTP ${price.status}`}): create a key in the ${environment} dashboard (Developer tools → Authentication); sandbox and live keys work only with their own environment`,
      ),
      skipped(PRICE, "not checked: the API key was refused"),
      clientTokenResult(config),
      skipped(WEBHOOK, "not checked: the API key was refused"),
    ];
  }
  results.push(ok(KEY, `accepted by ${where} (${environment})`));
  const data = (price.json as { data?: { status?: unknown } } | undefined)?.data;
  if (price.status === 404)
    results.push(
      failed(PRICE, `no price ${priceId} in this account: set PADDLE_PRICE_ID to the yearly price's id`),
    );
  else if (price.status !== 200 || !data)
    results.push(failed(PRICE, `${where} answered HTTP ${price.status} for ${priceId}`));
  else if (data.status !== "active")
    results.push(
      failed(
        PRICE,
        `${priceId} is ${String(data.status)}: unarchive it or set PADDLE_PRICE_ID to an active price`,
      ),
    );
  else results.push(ok(PRICE, `${priceId} exists and is active`));
  results.push(clientTokenResult(config));
  results.push(await checkWebhookDestination(config, probe, auth));
  return results;
}

/** The demo's emulator plays Paddle's sandbox. */
const paddleEnvironment = (config: Config) => (config.demoMode ? "sandbox" : config.paddle.environment);

/** Paddle's client-side tokens start with `test_` in the sandbox and `live_` in production. */
function clientTokenResult(config: Config): CheckResult {
  const environment = paddleEnvironment(config);
  const expected = environment === "sandbox" ? "test_" : "live_";
  const token = config.paddle.clientToken;
  if (token.startsWith(expected)) return ok(CLIENT_TOKEN, `a ${environment} token (${expected}…)`);
  const other = token.startsWith("test_") ? "sandbox" : token.startsWith("live_") ? "production" : undefined;
  return failed(
    CLIENT_TOKEN,
    other
      ? `PADDLE_CLIENT_TOKEN is a ${other} token but PADDLE_ENVIRONMENT is ${environment}: use a token of the ${environment} dashboard (Developer tools → Authentication → Client-side tokens) or change PADDLE_ENVIRONMENT`
      : `PADDLE_CLIENT_TOKEN does not look like a Paddle client-side token (they start with test_ or live_)`,
  );
}

interface NotificationSetting {
  type?: string;
  destination?: string;
  active?: boolean;
  subscribed_events?: { name?: string }[];
  endpoint_secret_key?: string;
}

async function checkWebhookDestination(
  config: Config,
  probe: Probe,
  auth: RequestInit,
): Promise<CheckResult> {
  const webhookUrl = `${config.publicUrl}${paddleWebhookPath}`;
  const answer = await probe(`${config.paddle.apiUrl}/notification-settings`, auth);
  if (!answer.reached) return failed(WEBHOOK, `${shown(config.paddle.apiUrl)} ${answer.error}`);
  const settings = (answer.json as { data?: unknown } | undefined)?.data;
  if (answer.status !== 200 || !Array.isArray(settings)) {
    // a key without the notification_setting.read permission: the dashboard is the place to look
    return skipped(
      WEBHOOK,
      `not listed by the API (HTTP ${answer.status}): in the dashboard, make sure ${webhookUrl} receives ${paddleNeededEvents.join(", ")}`,
    );
  }
  const destinations = (settings as NotificationSetting[]).filter(
    (s) => s.type === "url" && s.destination === webhookUrl,
  );
  const active = destinations.find((s) => s.active);
  if (!active)
    return failed(
      WEBHOOK,
      `${destinations.length > 0 ? `the destination ${webhookUrl} is inactive` : `no notification destination for ${webhookUrl}`}: add it under Developer tools → Notifications with ${paddleNeededEvents.join(", ")}`,
    );
  const subscribed = new Set((active.subscribed_events ?? []).map((e) => e.name));
  const missing = paddleNeededEvents.filter((name) => !subscribed.has(name));
  if (missing.length > 0)
    return failed(
      WEBHOOK,
      `${webhookUrl} does not receive ${missing.join(", ")}: tick them on the destination`,
    );
  if (active.endpoint_secret_key && !sameSecret(active.endpoint_secret_key, config.paddle.webhookSecret))
    return failed(
      WEBHOOK,
      `PADDLE_WEBHOOK_SECRET is not the secret key of the destination ${webhookUrl}: copy it from the destination's settings (every notification would be refused)`,
    );
  return ok(WEBHOOK, `${webhookUrl} receives ${paddleNeededEvents.join(", ")}`);
}
