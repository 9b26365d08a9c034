import { z } from "zod";

const flag = z.enum(["on", "off"]);
const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATABASE_PATH: z.string().min(1).default("./data/crate.db"),
  TOKEN_ENCRYPTION_KEY: optionalText.refine(
    (v) => v === undefined || Buffer.from(v, "base64").length === 32,
    {
      message: "must be 32 bytes, base64",
    },
  ),
  SPOTIFY_CLIENT_ID: optionalText,
  SPOTIFY_CLIENT_SECRET: optionalText,
  SPOTIFY_ACCOUNTS_URL: z.url().optional(),
  SPOTIFY_API_URL: z.url().optional(),
  /** how long one Spotify call may take before it counts as a timeout (and is retried) */
  SPOTIFY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  PADDLE_ENVIRONMENT: z.enum(["production", "sandbox"]).default("production"),
  PADDLE_API_URL: z.url().optional(),
  PADDLE_API_KEY: optionalText,
  PADDLE_CLIENT_TOKEN: optionalText,
  PADDLE_PRICE_ID: optionalText,
  PADDLE_WEBHOOK_SECRET: optionalText,
  ADMIN_SPOTIFY_IDS: z.string().default(""),
  DAILY_NEW_USER_CAP: z.coerce.number().int().min(0).default(500),
  JOBS: flag.default("on"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
});

export type Env = z.input<typeof EnvSchema>;

export interface Config {
  port: number;
  publicUrl: string;
  databasePath: string;
  tokenEncryptionKey: string | undefined;
  demoMode: boolean;
  spotify: {
    clientId: string;
    clientSecret: string;
    accountsUrl: string;
    apiUrl: string;
    timeoutMs?: number;
  };
  paddle: {
    environment: "production" | "sandbox";
    apiUrl: string;
    apiKey: string;
    clientToken: string;
    priceId: string;
    webhookSecret: string;
  };
  adminSpotifyIds: string[];
  dailyNewUserCap: number;
  jobs: boolean;
  logLevel: "debug" | "info" | "warn" | "error" | "silent";
  /** true when the emulators are mounted in this process (demo mode). */
  emulators: boolean;
}

export class ConfigError extends Error {}

/** Demo credentials of the bundled emulators; only used when no Spotify app is configured. */
export const demoCredentials = {
  spotifyClientId: "crate-demo-client",
  spotifyClientSecret: "crate-demo-secret",
  paddleApiKey: "pdl_demo_apikey_crate",
  paddleClientToken: "test_demo_client_token",
  paddlePriceId: "pri_01crateyearlydemo0000000",
  paddleWebhookSecret: "pdl_ntfset_demo_webhook_secret",
  adminSpotifyId: "crate-admin",
} as const;

/** Parses the environment once. A bad value throws a ConfigError whose message is one line naming the variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? "configuration");
    throw new ConfigError(
      `Invalid configuration: ${name} ${issue?.message ?? "is invalid"} (got "${env[name] ?? ""}")`,
    );
  }
  const e = parsed.data;
  const demoMode = e.SPOTIFY_CLIENT_ID === undefined;
  if (!demoMode && e.SPOTIFY_CLIENT_SECRET === undefined) {
    throw new ConfigError(
      "Invalid configuration: SPOTIFY_CLIENT_SECRET is required when SPOTIFY_CLIENT_ID is set",
    );
  }
  // Spotify accepts loopback redirect URIs only as 127.0.0.1, so that is the default canonical origin.
  const publicUrl = (e.PUBLIC_URL ?? `http://127.0.0.1:${e.PORT}`).replace(/\/+$/, "");
  const emulatorBase = `${publicUrl}/emulator`;
  const paddleDefault =
    e.PADDLE_ENVIRONMENT === "sandbox" ? "https://sandbox-api.paddle.com" : "https://api.paddle.com";
  const trim = (u: string) => u.replace(/\/+$/, "");
  return {
    port: e.PORT,
    publicUrl,
    databasePath: e.DATABASE_PATH,
    tokenEncryptionKey: e.TOKEN_ENCRYPTION_KEY,
    demoMode,
    emulators: demoMode,
    spotify: {
      clientId: e.SPOTIFY_CLIENT_ID ?? demoCredentials.spotifyClientId,
      clientSecret: e.SPOTIFY_CLIENT_SECRET ?? demoCredentials.spotifyClientSecret,
      accountsUrl: trim(
        e.SPOTIFY_ACCOUNTS_URL ??
          (demoMode ? `${emulatorBase}/spotify/accounts` : "https://accounts.spotify.com"),
      ),
      apiUrl: trim(
        e.SPOTIFY_API_URL ?? (demoMode ? `${emulatorBase}/spotify/v1` : "https://api.spotify.com/v1"),
      ),
      timeoutMs: e.SPOTIFY_TIMEOUT_MS,
    },
    paddle: {
      environment: e.PADDLE_ENVIRONMENT,
      apiUrl: trim(e.PADDLE_API_URL ?? (demoMode ? `${emulatorBase}/paddle` : paddleDefault)),
      apiKey: e.PADDLE_API_KEY ?? (demoMode ? demoCredentials.paddleApiKey : ""),
      clientToken: e.PADDLE_CLIENT_TOKEN ?? (demoMode ? demoCredentials.paddleClientToken : ""),
      priceId: e.PADDLE_PRICE_ID ?? (demoMode ? demoCredentials.paddlePriceId : ""),
      webhookSecret: e.PADDLE_WEBHOOK_SECRET ?? (demoMode ? demoCredentials.paddleWebhookSecret : ""),
    },
    adminSpotifyIds: (e.ADMIN_SPOTIFY_IDS || (demoMode ? demoCredentials.adminSpotifyId : ""))
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    dailyNewUserCap: e.DAILY_NEW_USER_CAP,
    jobs: e.JOBS === "on",
    logLevel: e.LOG_LEVEL,
  };
}
