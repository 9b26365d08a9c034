import { rmSync } from "node:fs";
import { join } from "node:path";
import { parseConfig } from "../../src/server/config/config.ts";
import type { Clock } from "../../src/server/platform/clock.ts";
import { StartupError } from "../../src/server/platform/errors.ts";
import { type RunningServer, type ServerOptions, startServer } from "../../src/server/server.ts";
import { classicMetadata } from "./crate-process.ts";
import { processTempDir } from "./temp-dirs.ts";
import { copyMigratedDatabase } from "./template-db.ts";

export function tempDir(prefix = "crate-test-"): string {
  return processTempDir(prefix);
}

/**
 * A free TCP port on loopback, for a server that must know its port before it starts (its public URL names it).
 * Another process may take it before that server binds it: `startTestServer` then tries another.
 */
export function freePort(): number {
  const probe = Bun.serve({ port: 0, fetch: () => new Response("") });
  const port = probe.port ?? 0;
  probe.stop(true);
  return port;
}

export interface TestServer extends RunningServer {
  dir: string;
  dispose(): Promise<void>;
}

/**
 * The real server on a fresh SQLite file in a temp folder (a copy of the migrated template, unless env names its
 * own DATABASE_PATH), jobs off, demo mode unless env says otherwise.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  clock?: Clock,
  options: Omit<ServerOptions, "clock"> = {},
): Promise<TestServer> {
  const dir = tempDir();
  const databasePath = join(dir, "crate.db");
  if (env.DATABASE_PATH === undefined) copyMigratedDatabase(databasePath);
  const config = () =>
    parseConfig({
      PORT: String(freePort()),
      DATABASE_PATH: databasePath,
      JOBS: "off",
      LOG_LEVEL: process.env.LOG_LEVEL ?? "silent",
      ...classicMetadata,
      ...env,
    });
  const server = await startOnFreePort(() => startServer(config(), { ...options, clock }));
  return {
    ...server,
    dir,
    async dispose() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Starts a server on a port from `freePort`, again on another one while the port was taken meanwhile. */
async function startOnFreePort(start: () => Promise<RunningServer>, attempts = 5): Promise<RunningServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start();
    } catch (error) {
      const taken = error instanceof StartupError && /already in use/.test(error.message);
      if (!taken || attempt >= attempts) throw error;
    }
  }
}
