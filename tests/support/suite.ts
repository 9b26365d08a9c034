import { afterAll, beforeAll } from "bun:test";
import { rmSync } from "node:fs";
import type { Clock } from "../../src/server/platform/clock.ts";
import { startTestServer, type TestServer, tempDir } from "./server.ts";

/**
 * A suite's shared prologue: starts something before the file's own `beforeAll` hooks (they run in the order they
 * are written) and disposes of it after its tests (stopping a server waits for its background work: the same time
 * limit). The returned value is usable inside hooks and tests, not at the
 * file's top level. Kept apart from server.ts, which the benchmarks import outside the test runner.
 */
export function setUpForSuite<T extends object>(
  start: () => Promise<T>,
  dispose: (started: T) => unknown,
  timeoutMs = 60_000,
): T {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
  }, timeoutMs);
  afterAll(async () => {
    if (started) await dispose(started);
  }, timeoutMs);
  return new Proxy({} as T, {
    get(_, key) {
      if (!started) throw new Error("the suite's prologue has not run yet (use it inside a hook or a test)");
      return Reflect.get(started, key);
    },
    set(_, key, value) {
      if (!started) throw new Error("the suite's prologue has not run yet (use it inside a hook or a test)");
      return Reflect.set(started, key, value);
    },
  });
}

/** The real server (see startTestServer) for the whole file. */
export const setUpTestServer = (env: Record<string, string> = {}, clock?: Clock): TestServer =>
  setUpForSuite(
    () => startTestServer(env, clock),
    (server) => server.dispose(),
  );

/** Servers and temp folders a file's tests make as they go; all are removed after its tests. */
export function removedAfterSuite() {
  const servers: TestServer[] = [];
  const folders: string[] = [];
  afterAll(async () => {
    for (const s of servers) await s.dispose();
    for (const f of folders) rmSync(f, { recursive: true, force: true });
  });
  return {
    async server(env: Record<string, string> = {}, clock?: Clock): Promise<TestServer> {
      const server = await startTestServer(env, clock);
      servers.push(server);
      return server;
    },
    folder(prefix: string): string {
      const dir = tempDir(prefix);
      folders.push(dir);
      return dir;
    },
  };
}
