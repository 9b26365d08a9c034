import index from "../client/index.html";
import { createEmulators } from "../emulators/index.ts";
import { operations } from "../shared/operations.ts";
import { createApiApp } from "./app.ts";
import { loadEncryptionKey } from "./auth/key.ts";
import { type Clock, systemClock } from "./clock.ts";
import type { Config } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import type { Deps } from "./deps.ts";
import { recoverInterruptedWork, stopBackgroundWork } from "./distribution/recovery.ts";
import { startJobs } from "./jobs/index.ts";
import { createLogger, type Logger } from "./log.ts";
import { createMetrics, providerObservers } from "./metrics/registry.ts";
import { createPaddleClient } from "./paddle/client.ts";
import { spotifyClientFromConfig } from "./spotify/index.ts";
import { serveClient } from "./static/client-bundle.ts";

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
}

/** Opens the database, mounts the API (and the emulators in demo mode), serves the SPA, starts the jobs. */
export async function startServer(config: Config, options: ServerOptions = {}): Promise<RunningServer> {
  const log = createLogger(config.logLevel);
  const database = openDatabase(config.databasePath);
  const clock = options.clock ?? systemClock;
  const metrics = createMetrics({ db: database.db, now: () => clock.now() });
  const deps: Deps = {
    config,
    db: database.db,
    clock,
    log,
    spotify: spotifyClientFromConfig(config, log, metrics),
    tokenKey: loadEncryptionKey(config.tokenEncryptionKey, config.databasePath),
    paddle: createPaddleClient({
      apiUrl: config.paddle.apiUrl,
      apiKey: config.paddle.apiKey,
      ...providerObservers(metrics, "paddle"),
    }),
    metrics,
  };
  const api = createApiApp(deps);
  const emulators = config.emulators ? createEmulators(config) : undefined;
  // `bun run dev` serves the HTML import unminified with hot reload; the compiled binary serves the split bundle
  // embedded at compile time; from source, the split bundle is built once on the first page request.
  const development = process.env.NODE_ENV === "development";
  const embeddedBundle = typeof CRATE_EMBEDDED_BUNDLE !== "undefined";

  const apiFetch = (req: Request) => api.fetch(req);
  const routes: Record<string, Bun.HTMLBundle | ((req: Request) => Response | Promise<Response>)> = {
    "/api": apiFetch,
    "/api/*": apiFetch,
    [operations.metricsPath]: apiFetch,
    "/*": development || embeddedBundle ? index : serveClient,
  };
  // In real mode no emulator route exists: /emulator/* is an ordinary unknown page.
  if (emulators) routes["/emulator/*"] = (req: Request) => emulators.fetch(req);
  const server = Bun.serve({
    port: config.port,
    development: development ? { hmr: true, console: true } : false,
    routes,
    fetch: apiFetch,
  });
  const jobs = config.jobs ? startJobs(deps) : undefined;
  recoverInterruptedWork(deps);
  const url = `http://localhost:${server.port}`;
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
      await stopBackgroundWork(deps);
      await jobs?.stopAll();
      await server.stop();
      emulators?.close();
      database.close();
    },
  };
}
