import { afterAll, beforeAll } from "bun:test";
import type { Clock } from "../../src/server/platform/clock.ts";
import { startTestServer, type TestServer } from "./server.ts";

/**
 * A suite's shared prologue: starts a test server before the file's own `beforeAll` hooks (they run in the order
 * they are written) and disposes it after its tests. The returned server is usable inside hooks and tests, not at
 * the file's top level. Kept apart from server.ts, which the benchmarks import outside the test runner.
 */
export function setUpTestServer(env: Record<string, string> = {}, clock?: Clock): TestServer {
  let started: TestServer | undefined;
  beforeAll(async () => {
    started = await startTestServer(env, clock);
  }, 60_000);
  afterAll(async () => {
    await started?.dispose();
  });
  return new Proxy({} as TestServer, {
    get(_, key) {
      if (!started) throw new Error("the test server is not started yet (use it inside a hook or a test)");
      return Reflect.get(started, key);
    },
  });
}
