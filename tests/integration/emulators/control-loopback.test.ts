import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { networkInterfaces } from "node:os";
import { isLoopbackAddress } from "../../../src/emulators/loopback.ts";
import { startTestServer, type TestServer } from "../../support/server.ts";

/** An address of this machine that is not loopback: a request to it arrives from a non-loopback address. */
const outside = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && !i.internal && i.family === "IPv4")?.address;

const controls = ["/emulator/spotify/control/listeners", "/emulator/paddle/control/subscriptions"];

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.dispose());

describe("the emulators' control APIs answer only loopback clients", () => {
  test("loopback addresses", () => {
    for (const a of ["127.0.0.1", "127.8.0.3", "::1", "::ffff:127.0.0.1"])
      expect(isLoopbackAddress(a)).toBe(true);
    for (const a of ["192.0.2.2", "::ffff:10.0.0.1", "fd00::2", "0.0.0.0", "1127.0.0.1"])
      expect(isLoopbackAddress(a)).toBe(false);
  });

  test("a loopback client reaches them", async () => {
    for (const path of controls)
      expect((await fetch(`http://127.0.0.1:${server.port}${path}`)).status).toBe(200);
  });

  test("a request relayed by a proxy is refused", async () => {
    for (const path of controls) {
      const res = await fetch(`http://127.0.0.1:${server.port}${path}`, {
        headers: { "x-forwarded-for": "203.0.113.9" },
      });
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error: string }).error).toContain("loopback");
    }
  });

  test.if(outside !== undefined)(
    "a client on another address is refused, the public emulator paths still answer",
    async () => {
      for (const path of controls)
        expect((await fetch(`http://${outside}:${server.port}${path}`)).status).toBe(403);
      const price = await fetch(`http://${outside}:${server.port}/emulator/paddle/checkout`);
      expect(price.status).not.toBe(403);
    },
  );
});
