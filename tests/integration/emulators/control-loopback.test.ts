import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { isLoopbackAddress } from "../../../src/emulators/common/loopback.ts";
import { createEmulators } from "../../../src/emulators/index.ts";
import { parseConfig } from "../../../src/server/config/config.ts";
import { emulatorOptions } from "../../../src/server/server.ts";
import { tempDir } from "../../support/server.ts";
import { setUpTestServer } from "../../support/suite.ts";

const controls = [
  "/emulator/spotify/control/listeners",
  "/emulator/spotify/control/registered-users",
  "/emulator/paddle/control/subscriptions",
  "/emulator/reccobeats/control/calls",
  "/emulator/musicbrainz/control/calls",
  "/emulator/deezer/control/calls",
];

const server = setUpTestServer();

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

  test("a browser's cross-site request is refused, even from this machine (a page of another site)", async () => {
    const crossSite: Record<string, string>[] = [
      { "sec-fetch-site": "cross-site", "sec-fetch-mode": "no-cors" },
      { "sec-fetch-site": "same-site" },
      { origin: "https://attacker.example" },
      { origin: "null" },
    ];
    for (const path of controls) {
      for (const headers of crossSite) {
        const res = await fetch(`http://127.0.0.1:${server.port}${path}`, { method: "GET", headers });
        expect({ path, headers, status: res.status }).toEqual({ path, headers, status: 403 });
      }
      // A form post from another site changes nothing either.
      const post = await fetch(`http://127.0.0.1:${server.port}${path}`, {
        method: "POST",
        headers: { "sec-fetch-site": "cross-site", "content-type": "application/x-www-form-urlencoded" },
        body: "id=x",
      });
      expect(post.status).toBe(403);
      // The app's own pages (same origin) and scripts (no Fetch Metadata) still reach them.
      const own = await fetch(`http://127.0.0.1:${server.port}${path}`, {
        headers: { "sec-fetch-site": "same-origin", origin: `http://127.0.0.1:${server.port}` },
      });
      expect(own.status).toBe(200);
    }
  });

  test("a request for another host name is refused (DNS rebinding), this machine's names still answer", async () => {
    const port = server.port;
    // a page of attacker.example whose name now resolves to 127.0.0.1: same-origin to the browser
    for (const path of controls) {
      const res = await fetch(`http://127.0.0.1:${port}${path}`, {
        headers: {
          host: `rebind.attacker.example:${port}`,
          "sec-fetch-site": "same-origin",
          origin: `http://rebind.attacker.example:${port}`,
        },
      });
      expect({ path, status: res.status }).toEqual({ path, status: 403 });
      const post = await fetch(`http://127.0.0.1:${port}${path}`, {
        method: "POST",
        headers: { host: `rebind.attacker.example:${port}`, "content-type": "application/json" },
        body: "{}",
      });
      expect({ path, status: post.status }).toEqual({ path, status: 403 });
    }
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, `crate.localhost:${port}`])
      expect((await fetch(`http://127.0.0.1:${port}${controls[0]}`, { headers: { host } })).status).toBe(200);
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

  test("a client on another address is refused, the public emulator paths still answer", async () => {
    // the address comes from the Bun server, as Bun.serve passes it; no traffic leaves loopback
    const remote = { requestIP: () => ({ address: "192.0.2.2", family: "IPv4", port: 40000 }) };
    const dir = tempDir();
    const emulators = createEmulators(
      emulatorOptions(
        parseConfig({ PORT: "3999", DATABASE_PATH: join(dir, "crate.db"), LOG_LEVEL: "silent" }),
      ),
    );
    try {
      for (const path of controls)
        expect({
          path,
          status: (await emulators.fetch(new Request(`http://127.0.0.1:3999${path}`), remote)).status,
        }).toEqual({ path, status: 403 });
      const checkout = await emulators.fetch(
        new Request("http://127.0.0.1:3999/emulator/paddle/checkout"),
        remote,
      );
      expect(checkout.status).not.toBe(403);
    } finally {
      emulators.close();
    }
  });
});
