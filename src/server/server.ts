import index from "../client/index.html";
import { createEmulators, type EmulatorOptions } from "../emulators/index.ts";
import { operations } from "../shared/operations.ts";
import { registerSpotifyGauges } from "./admin/spotify-metrics.ts";
import { createApiApp } from "./app.ts";
import { loadEncryptionKey } from "./auth/key.ts";
import { spotifyForUser } from "./auth/tokens.ts";
import { grantDemoPremium } from "./billing/demo-premium.ts";
import type { Config } from "./config/config.ts";
import { openDatabase } from "./db/client.ts";
import type { Deps } from "./deps/deps.ts";
import { createDistribution, runDistribution } from "./distribution/runs/run.ts";
import { createResponsePolicy } from "./http/serve.ts";
import { startJobs } from "./jobs/index.ts";
import { recoverInterruptedWork, stopBackgroundWork } from "./jobs/recovery.ts";
import { startLibrarySync } from "./library/service.ts";
import { withMetadataLookups } from "./metadata/background.ts";
import type { SourceTime } from "./metadata/source-base/definition.ts";
import { createMetrics, providerObservers } from "./metrics/registry.ts";
import { createPaddleClient } from "./paddle/client.ts";
import { type Clock, type ProviderTime, systemClock } from "./platform/clock.ts";
import { StartupError } from "./platform/errors.ts";
import { createLogger, type Logger } from "./platform/log.ts";
import { RateLimiter } from "./platform/rate-limits.ts";
import { UserWork } from "./platform/user-work.ts";
import { startDemoChoices } from "./playlists/demo-choices.ts";
import { startDemoRules } from "./playlists/demo-rules.ts";
import { QuotaHistory, SpotifyCallLedger, spotifyClientFromConfig } from "./spotify/index.ts";
import { workOf } from "./spotify/work.ts";
import { clientBundle, clientHandler } from "./static/client-bundle.ts";
import { createPrerenderedPages, pageSeed } from "./static/prerendered-pages.ts";
import { lockDatabase } from "./system/process-lock.ts";
import { listenerPageSeed } from "./trpc/listener-page-seed.ts";

/** Where this process answers on loopback: PUBLIC_URL itself when it names this port on loopback. */
function localUrl(publicUrl: string, port: number): string {
  const url = new URL(publicUrl);
  const loopback = ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
  return loopback && url.port === String(port) ? url.origin : `http://127.0.0.1:${port}`;
}

/** The emulators' own options from Crate's configuration: Crate's app credentials, its webhook, its database's folder. */
export function emulatorOptions(config: Config): EmulatorOptions {
  return {
    databasePath: config.databasePath,
    spotify: {
      clientId: config.spotify.clientId,
      clientSecret: config.spotify.clientSecret,
      app: config.spotifyEmulatorApp,
    },
    paddle: {
      apiKey: config.paddle.apiKey,
      webhookSecret: config.paddle.webhookSecret,
      priceId: config.paddle.priceId,
      webhookUrl: `${config.publicUrl}/api/payment/webhook`,
    },
  };
}

export interface RunningServer {
  url: string;
  port: number;
  deps: Deps;
  log: Logger;
  /** stops jobs, finishes in-flight requests, closes the database */
  stop(): Promise<void>;
}

export interface ServerOptions {
  clock?: Clock;
  /** the clock of the open metadata sources' paces and backoffs (tests run it faster, emulators alike) */
  metadataTime?: SourceTime;
  /** the clock of the Spotify client's paces, backoffs and Retry-Afters (tests run it faster, the emulator alike) */
  spotifyTime?: ProviderTime;
}

/** Opens the database, mounts the API (and the emulators in demo mode), serves the SPA, starts the jobs. */
export async function startServer(config: Config, options: ServerOptions = {}): Promise<RunningServer> {
  const log = createLogger(config.logLevel);
  const lock = lockDatabase(config.databasePath);
  let database: ReturnType<typeof openDatabase> | undefined;
  let tokenKey: Buffer;
  try {
    database = openDatabase(config.databasePath, { checkpointsInBackground: true });
    tokenKey = loadEncryptionKey(config, database.db, log);
  } catch (error) {
    database?.close();
    lock.release();
    throw error;
  }
  const clock = options.clock ?? systemClock;
  const metrics = createMetrics({
    db: database.db,
    now: () => clock.now(),
    onHistoryError: (error) => log.warn("chart history not written", { error: String(error) }),
  });
  const spotifyCalls = new SpotifyCallLedger(database.db, () => clock.now());
  const deps: Deps = withMetadataLookups(
    {
      config,
      db: database.db,
      clock,
      log,
      spotify: spotifyClientFromConfig(
        config,
        log,
        metrics,
        spotifyCalls,
        new QuotaHistory(database.db, () => clock.now()),
        options.spotifyTime,
      ),
      spotifyCalls,
      tokenKey,
      spotifyFor: (userId, work) => spotifyForUser(deps, userId, work),
      paddle: createPaddleClient({
        apiUrl: config.paddle.apiUrl,
        apiKey: config.paddle.apiKey,
        ...providerObservers(metrics, "paddle"),
      }),
      metrics,
      work: new UserWork(log),
      runningBatchJobs: new Set(),
      queuedSettingsSyncs: new Set(),
      signInSyncs: new Map(),
      tokenRefreshes: new Map(),
      priceCache: new Map(),
      rateLimits: new RateLimiter(() => clock.now()),
      afterSignIn: async (userId) => {
        // the demo's premium listener is premium before its first page (its subscription bought in the emulator)
        if (emulators) await grantDemoPremium(deps, userId, emulators.sellSubscription);
        startLibrarySync(deps, userId);
        startDemoChoices(deps, userId);
        startDemoRules(deps, userId);
      },
      distributeNewFacts: async (userId) => {
        const id = createDistribution(deps, userId, "hourly");
        await runDistribution(deps, id, { synced: true, work: workOf("followUp") });
      },
    },
    { time: options.metadataTime },
  );
  registerSpotifyGauges(deps);
  const api = createApiApp(deps);
  const emulators = config.emulators ? createEmulators(emulatorOptions(config)) : undefined;
  // `bun run dev` serves the HTML import unminified with hot reload; otherwise every page and asset comes from the
  // split bundle (embedded in the binary, or built once from source on the first page request).
  const development = process.env.NODE_ENV === "development";
  const policy = createResponsePolicy(config, log);
  const pages = createPrerenderedPages(
    (path) => pageSeed(deps, path),
    config,
    log,
    (req) => listenerPageSeed(deps, req),
  );
  // the Bun server as the app's env: it knows the client's address (sign-in limits per address)
  const apiFetch = policy.wrap((req: Request, srv) => api.fetch(req, srv));
  const routes: Record<
    string,
    Bun.HTMLBundle | ((req: Request, srv: Bun.Server<undefined>) => Response | Promise<Response>)
  > = {
    "/api": apiFetch,
    "/api/*": apiFetch,
    [operations.metricsPath]: apiFetch,
    "/*": development ? index : policy.wrap(clientHandler(index, pages, config.webVitalsSampleRate)),
  };
  // load (or build) and compress the bundle now rather than on the first visitor's request
  if (!development)
    clientBundle(index).catch((error) => log.error("client bundle", { error: String(error) }));
  // In real mode no emulator route exists: /emulator/* is an ordinary unknown page.
  if (emulators) routes["/emulator/*"] = policy.wrap((req, srv) => emulators.fetch(req, srv));
  /** What the app holds besides the HTTP server and the jobs, let go when it stops (or fails to listen). */
  const release = () => {
    emulators?.close();
    deps.spotify.stopQuotaProbes();
    try {
      spotifyCalls.close();
      metrics.close();
    } catch (error) {
      log.warn("chart history not written", { error: String(error) });
    }
    database.close();
    lock.release();
  };
  let server: Bun.Server<undefined>;
  try {
    server = Bun.serve({
      port: config.port,
      development: development ? { hmr: true, console: true } : false,
      routes,
      fetch: apiFetch,
      // a request may wait for the bundle's first build from source (a few seconds on a busy machine)
      idleTimeout: 60,
      error: (error) => policy.error(error),
    });
  } catch (error) {
    deps.metadataLookups.stop();
    release();
    // another program on the port: one line for the operator, not a stack
    if ((error as { code?: string }).code === "EADDRINUSE")
      throw new StartupError(
        `Port ${config.port} is already in use on this machine: stop what listens there, or set PORT to a free port.`,
      );
    throw error;
  }
  const jobs = config.jobs ? startJobs(deps) : undefined;
  recoverInterruptedWork(deps);
  deps.metadataLookups.resumePending();
  const url = localUrl(config.publicUrl, server.port ?? config.port);
  log.info("Crate is listening", { url, publicUrl: config.publicUrl, demoMode: config.demoMode });

  let stopped = false;
  return {
    url,
    port: server.port ?? config.port,
    deps,
    log,
    async stop() {
      if (stopped) return;
      stopped = true;
      deps.metadataLookups.stop();
      await stopBackgroundWork(deps);
      await jobs?.stopAll();
      await server.stop();
      release();
    },
  };
}
