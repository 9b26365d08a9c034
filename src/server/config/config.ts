import { dirname, isAbsolute, relative, resolve } from "node:path";
import { z } from "zod";
import { demoCredentials } from "../../shared/demo-credentials.ts";
import { limits } from "../../shared/limits.ts";
import {
  type MetadataSourceName,
  metadataSourceNames,
  metadataSources,
  metadataUrlSetting,
  type OpenMetadataSourceName,
  openMetadataSourceNames,
} from "../../shared/metadata-sources.ts";
import { operations } from "../../shared/operations.ts";

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
  TOKEN_ENCRYPTION_KEY_FILE: z.string().trim().min(1).default("./crate.key"),
  SPOTIFY_CLIENT_ID: optionalText,
  SPOTIFY_CLIENT_SECRET: optionalText,
  SPOTIFY_ACCOUNTS_URL: z.url().optional(),
  SPOTIFY_API_URL: z.url().optional(),
  /** how long one Spotify call may take before it counts as a timeout (and is retried) */
  SPOTIFY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /** Web API calls a day the server keeps under (unset: no budget); a fifth stays for listeners' own actions */
  SPOTIFY_DAILY_CALLS: z.coerce.number().int().min(10).optional(),
  /** the first probe after Spotify's quota ran out, then twice as long each time (at most an hour) */
  SPOTIFY_QUOTA_PROBE_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  /** how often work waiting for SPOTIFY_DAILY_CALLS looks whether the 24 hours have room again */
  SPOTIFY_BUDGET_RECHECK_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  PADDLE_ENVIRONMENT: z.enum(["production", "sandbox"]).default("production"),
  PADDLE_API_URL: z.url().optional(),
  PADDLE_API_KEY: optionalText,
  PADDLE_CLIENT_TOKEN: optionalText,
  PADDLE_PRICE_ID: optionalText,
  PADDLE_WEBHOOK_SECRET: optionalText,
  ADMIN_SPOTIFY_IDS: z.string().default(""),
  DAILY_NEW_USER_CAP: z.coerce.number().int().min(0).default(500),
  /** sign-in starts and callbacks answered per client address a minute (each); 0: no limit */
  SIGN_IN_RATE_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(limits.signInPerAddressPerMinute),
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  JOBS: flag.default("on"),
  /** demo mode (the emulators) where a production start would otherwise refuse to run without Spotify */
  DEMO: flag.optional(),
  /** off: no premium is sold (real mode without Paddle) */
  PREMIUM: flag.default("on"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  /** share of page views (0 to 1) whose Core Web Vitals the page reports to Crate */
  WEB_VITALS_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(1),
  METRICS_TOKEN: optionalText.refine(
    (v) => v === undefined || v.length >= 16,
    "must be at least 16 characters",
  ),
  BACKUP_DIR: optionalText,
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(operations.backupKeepDefault),
  METADATA_SOURCES: z
    .string()
    .default(metadataSourceNames.join(","))
    .transform((v) =>
      v
        .split(",")
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(
          z.enum(metadataSourceNames, {
            message: `must list sources among ${metadataSourceNames.join(", ")}`,
          }),
        )
        .refine((list) => new Set(list).size === list.length, { message: "names a source twice" }),
    ),
  ...metadataUrlSettings(),
  MUSICBRAINZ_CONTACT: optionalText,
  /** demo mode only: the emulated Spotify app is a development-mode app of 2026 (default) or an extended-quota one */
  SPOTIFY_EMULATOR_APP: z.enum(["development", "extended"]).default("development"),
});

export type Env = z.input<typeof EnvSchema>;

/** `<NAME>_URL` for every open metadata source: an optional URL. */
function metadataUrlSettings() {
  type Setting = ReturnType<typeof metadataUrlSetting<OpenMetadataSourceName>>;
  return Object.fromEntries(
    openMetadataSourceNames.map((name) => [metadataUrlSetting(name), z.url().optional()]),
  ) as Record<Setting, z.ZodOptional<z.ZodURL>>;
}

export interface Config {
  port: number;
  publicUrl: string;
  databasePath: string;
  tokenEncryptionKey: string | undefined;
  /** read (or created 0600) when tokenEncryptionKey is unset; never inside the data folder */
  tokenEncryptionKeyFile: string;
  demoMode: boolean;
  spotify: {
    clientId: string;
    clientSecret: string;
    accountsUrl: string;
    apiUrl: string;
    timeoutMs?: number;
    /** SPOTIFY_DAILY_CALLS: null, no budget */
    dailyCalls: number | null;
    quotaFirstProbeMs: number;
    budgetRecheckMs: number;
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
  /** sign-in starts and callbacks per client address a minute (each); 0: no limit */
  signInRateLimit: number;
  jobs: boolean;
  /** listeners the hourly job and the random refresh serve at once; null: adapts to Spotify's pace */
  jobConcurrency: number | null;
  logLevel: "debug" | "info" | "warn" | "error" | "silent";
  /** WEB_VITALS_SAMPLE_RATE: share of page views (0..1) whose pages report their Core Web Vitals */
  webVitalsSampleRate: number;
  /** false with PREMIUM=off: nothing is sold, the plans pages say so */
  premium: boolean;
  /** true when the emulators are mounted in this process (demo mode). */
  emulators: boolean;
  /** GET /metrics answers only with this bearer token; no /metrics when unset */
  metricsToken: string | undefined;
  /** a daily backup into `dir` (none when unset), keeping the newest `keep` */
  backup: { dir: string | undefined; keep: number };
  metadata: {
    /** ordered: earlier sources win */
    sources: MetadataSourceName[];
    /** each open source's base URL (`RECCOBEATS_URL`, …) */
    urls: Record<OpenMetadataSourceName, string>;
    /** the contact in the User-Agent `Crate/<version> ( contact )` */
    contact: string;
  };
  /** demo mode: how the Spotify emulator behaves (a development-mode app of 2026 unless told otherwise) */
  spotifyEmulatorApp: "development" | "extended";
}

export class ConfigError extends Error {}

/** Parses the environment once. A bad value throws a ConfigError whose message is one line naming the variable. */
export function parseConfig(
  env: Record<string, string | undefined>,
  options: { compiled?: boolean } = {},
): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? "configuration");
    // a secret's value is never echoed
    const got = isSecretName(name) ? "" : ` (got "${env[name] ?? ""}")`;
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? "is invalid"}${got}`);
  }
  const e = parsed.data;
  const demoMode = e.SPOTIFY_CLIENT_ID === undefined;
  if (!demoMode && e.SPOTIFY_CLIENT_SECRET === undefined) {
    throw new ConfigError(
      "Invalid configuration: SPOTIFY_CLIENT_SECRET is required when SPOTIFY_CLIENT_ID is set",
    );
  }
  if (demoMode)
    refuseUnchosenDemo(e.DEMO, productionReason(env, e.PUBLIC_URL, options.compiled ?? isCompiled()));
  if (!demoMode && e.PREMIUM === "on") requireAllPaddleSettings(e);
  const dataFolder = resolve(dirname(e.DATABASE_PATH));
  const keyFile = resolve(e.TOKEN_ENCRYPTION_KEY_FILE);
  if (
    e.TOKEN_ENCRYPTION_KEY === undefined &&
    e.DATABASE_PATH !== ":memory:" &&
    isInside(keyFile, dataFolder)
  ) {
    throw new ConfigError(
      "Invalid configuration: TOKEN_ENCRYPTION_KEY_FILE must not be inside the data folder (the folder of DATABASE_PATH), so a copy of the data never holds its key",
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
    tokenEncryptionKeyFile: e.TOKEN_ENCRYPTION_KEY_FILE,
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
      dailyCalls: e.SPOTIFY_DAILY_CALLS ?? null,
      quotaFirstProbeMs: e.SPOTIFY_QUOTA_PROBE_MS,
      budgetRecheckMs: e.SPOTIFY_BUDGET_RECHECK_MS,
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
    signInRateLimit: e.SIGN_IN_RATE_LIMIT,
    jobs: e.JOBS === "on",
    jobConcurrency: e.JOB_CONCURRENCY ?? null,
    premium: e.PREMIUM === "on",
    logLevel: e.LOG_LEVEL,
    webVitalsSampleRate: e.WEB_VITALS_SAMPLE_RATE,
    metricsToken: e.METRICS_TOKEN,
    backup: { dir: e.BACKUP_DIR, keep: e.BACKUP_KEEP },
    metadata: {
      sources: e.METADATA_SOURCES,
      urls: Object.fromEntries(
        openMetadataSourceNames.map((name) => {
          const { publicUrl, emulatorPath } = metadataSources[name].api;
          const fallback = demoMode ? `${emulatorBase}/${name}${emulatorPath}` : publicUrl;
          return [name, trim(e[metadataUrlSetting(name)] ?? fallback)];
        }),
      ) as Record<OpenMetadataSourceName, string>,
      contact: e.MUSICBRAINZ_CONTACT ?? publicUrl,
    },
    spotifyEmulatorApp: e.SPOTIFY_EMULATOR_APP,
  };
}

const isSecretName = (name: string) => /SECRET|KEY|TOKEN|PASSWORD/.test(name);

function isInside(file: string, folder: string): boolean {
  const rel = relative(folder, file);
  return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel);
}

const isCompiled = () => typeof CRATE_EMBEDDED_BUNDLE !== "undefined";

/** Why this start looks like a production one, or undefined for a start from source. */
function productionReason(
  env: Record<string, string | undefined>,
  publicUrl: string | undefined,
  compiled: boolean,
): string | undefined {
  if (compiled) return "the compiled binary";
  if (env.NODE_ENV === "production") return "NODE_ENV=production";
  if (publicUrl?.startsWith("https://")) return "an https PUBLIC_URL";
  return undefined;
}

/** Demo mode serves emulators anyone can sign in to and pay with a test card: a production start must choose it. */
function refuseUnchosenDemo(demo: "on" | "off" | undefined, production: string | undefined): void {
  if (demo === "on" || (demo === undefined && production === undefined)) return;
  const why = demo === "off" ? "DEMO=off" : production;
  throw new ConfigError(
    `Invalid configuration: SPOTIFY_CLIENT_ID and SPOTIFY_CLIENT_SECRET are required (${why}); set DEMO=on to serve the demo with its emulators instead`,
  );
}

const paddleSettings = [
  "PADDLE_API_KEY",
  "PADDLE_CLIENT_TOKEN",
  "PADDLE_PRICE_ID",
  "PADDLE_WEBHOOK_SECRET",
] as const;

/** Half a Paddle setup fails quietly (every webhook a 401, payers left Free): all of it, or PREMIUM=off. */
function requireAllPaddleSettings(e: Partial<Record<(typeof paddleSettings)[number], string>>): void {
  const missing = paddleSettings.filter((name) => e[name] === undefined);
  if (missing.length === 0) return;
  throw new ConfigError(
    `Invalid configuration: ${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} required to sell premium with Paddle; set PREMIUM=off to run without premium`,
  );
}
