// Spotify emulator: accounts service, Web API and control API under /emulator/spotify.
import { Hono } from "hono";
import { accountsApp } from "./accounts.ts";
import { createControl, type SpotifyEmulatorControl } from "./control.ts";
import { controlApp } from "./control-routes.ts";
import { controlUsersApp } from "./control-users.ts";
import { spotifyFallbacks } from "./fallbacks.ts";
import type { CatalogueSize } from "./model/catalogue.ts";
import { createRuntime, type FaultTime } from "./model/runtime.ts";
import { catalogueRoutes } from "./web-api/catalogue-routes.ts";
import { webApiBodyLimit, webApiErrors } from "./web-api/fallbacks.ts";
import { meRoutes } from "./web-api/me.ts";
import { playlistRoutes } from "./web-api/playlists.ts";

export type {
  LikeInput,
  ListenerSummary,
  NewListener,
  PlaylistDetails,
  PlaylistSummary,
  SpotifyEmulatorControl,
  TrackFacts,
} from "./control.ts";
export { ControlError } from "./control.ts";
export type { CallLog, FaultSettings, FaultSettingsInput } from "./model/faults.ts";

export const SPOTIFY_EMULATOR_BASE = "/emulator/spotify";

import type { QuotaSettingsInput } from "./model/quota.ts";

export const DEFAULT_SEED = 20_260_101;

export interface SpotifyEmulatorOptions {
  clientId: string;
  clientSecret: string;
  /** SQLite file for playlists, likes, listeners and tokens; in memory only when absent */
  statePath?: string;
  /** seeds the catalogue and the initial likes */
  seed?: number;
  accessTokenTtlSec?: number;
  /** time source (tests move it to expire codes and tokens) */
  now?: () => number;
  /**
   * the clock of the rate limit, Retry-Afters, latency and stalls (default: `now`, real sleeps); a test gives it and
   * Crate's Spotify client the same fast clock, so every limit and wait keeps its length in less real time
   */
  faultTime?: FaultTime;
  /** a smaller catalogue for quick tests (default 4,000 artists and 40,000 tracks) */
  catalogueSize?: CatalogueSize;
  /** `development`: behaves like a development-mode app of 2026; `extended` (default): an extended-quota app */
  app?: SpotifyEmulatorApp;
  /** a refresh token's life from the authorization it came from (default: 6 calendar months, as Spotify) */
  grantLifetimeMs?: number;
  /** the developer account's request quota (default: none) */
  quota?: QuotaSettingsInput;
  /**
   * The redirect URIs registered in the app's dashboard: /authorize refuses any other, as Spotify does. Unset, any
   * http(s) URI is accepted (tests that start Crate on changing ports).
   */
  redirectUris?: readonly string[];
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export type SpotifyEmulatorApp = "development" | "extended";

export interface SpotifyEmulator {
  /** serves every path under /emulator/spotify */
  app: Hono;
  control: SpotifyEmulatorControl;
  close(): void;
}

export function createSpotifyEmulator(options: SpotifyEmulatorOptions): SpotifyEmulator {
  const now = options.now ?? Date.now;
  const runtime = createRuntime({
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    statePath: options.statePath,
    seed: options.seed ?? DEFAULT_SEED,
    accessTokenTtlSec: options.accessTokenTtlSec ?? 3600,
    now,
    faultTime: options.faultTime ?? { now, sleep: realSleep },
    catalogueSize: options.catalogueSize,
    grantLifetimeMs: options.grantLifetimeMs ?? null,
  });
  if (options.quota) runtime.quota.configure(options.quota);
  runtime.faults.developmentMode = options.app === "development";
  const control = createControl(runtime);

  const api = new Hono();
  webApiBodyLimit(api);
  meRoutes(api, runtime);
  catalogueRoutes(api, runtime);
  playlistRoutes(api, runtime);
  webApiErrors(api);

  const app = new Hono().basePath(SPOTIFY_EMULATOR_BASE);
  app.route("/accounts", accountsApp(runtime, { redirectUris: options.redirectUris }));
  app.route("/v1", api);
  app.route("/control", controlUsersApp(runtime));
  app.route("/control", controlApp(control));
  spotifyFallbacks(app, SPOTIFY_EMULATOR_BASE);
  return { app, control, close: () => runtime.close() };
}
