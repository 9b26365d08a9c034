// A test's Crate must be the only server that can answer its address. Bun binds a port on every interface and,
// when another process already holds that port on IPv6 loopback alone, starts on IPv4 alone without an error:
// `localhost` (tried as ::1 first) then reaches the other process.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { type CrateProcess, crateProcess } from "../../support/crate-process.ts";
import { tempDir } from "../../support/server.ts";

let other: ReturnType<typeof Bun.serve>;
let crate: CrateProcess;
const dir = tempDir();

beforeAll(async () => {
  // another program on [::1] only, answering every path
  other = Bun.serve({ hostname: "::1", port: 0, fetch: () => Response.json({ other: true }) });
  crate = crateProcess({ dir, env: {}, port: other.port });
  await crate.start();
}, 60_000);

afterAll(async () => {
  await crate?.kill();
  other?.stop(true);
  rmSync(dir, { recursive: true, force: true });
});

test("a child Crate's address is answered by that Crate, not by another server on the same port", async () => {
  const health = (await (await fetch(`${crate.url}/api/health`)).json()) as Record<string, unknown>;
  expect(health.other).toBeUndefined();
  expect(health.status).toBe("ok");
});
