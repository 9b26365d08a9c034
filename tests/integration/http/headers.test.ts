import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { cspDirectives, raw, startPolicyFixture } from "./support.ts";

let server: TestServer;
let script = "";
let font = "";
let cookie = "";
beforeAll(async () => {
  ({ server, script, font, cookie } = await startPolicyFixture("headers-listener"));
}, 60_000);
afterAll(async () => {
  await server.dispose();
});

function expectSecurityHeaders(res: Response, what: string): void {
  const h = res.headers;
  const csp = cspDirectives(h.get("content-security-policy"));
  expect(csp.get("script-src"), what).toEqual(["'self'"]);
  expect(csp.get("object-src"), what).toEqual(["'none'"]);
  expect(csp.get("base-uri"), what).toEqual(["'self'"]);
  expect(csp.get("frame-ancestors"), what).toEqual(["'none'"]);
  expect(csp.get("form-action"), what).toEqual(["'self'"]);
  expect(csp.get("connect-src"), what).toEqual(["'self'"]);
  expect(csp.get("frame-src"), what).toEqual(["'none'"]);
  expect(csp.get("style-src"), what).toEqual(["'self'", "'unsafe-inline'"]);
  expect(h.get("x-content-type-options"), what).toBe("nosniff");
  expect(h.get("x-frame-options"), what).toBe("DENY");
  expect(h.get("referrer-policy"), what).toBe("strict-origin-when-cross-origin");
  expect(h.get("cross-origin-resource-policy"), what).toBe("same-origin");
  // plain http: no HSTS
  expect(h.get("strict-transport-security"), what).toBeNull();
}

describe("security headers on every kind of response", () => {
  test("the shell at / and at a deep route, a JS asset and a font", async () => {
    expect(script).toMatch(/^\/chunk-.*\.js$/);
    expect(font).toMatch(/^\/font-latin-.*\.woff2$/);
    for (const path of ["/", "/playlists/mood/happy", script, font, "/favicon.svg"]) {
      const { res } = await raw(`${server.url}${path}`);
      expectSecurityHeaders(res, path);
    }
  });

  test("API answers, API errors, an unknown API path, a refused cross-site call", async () => {
    expectSecurityHeaders((await raw(`${server.url}/api/health`)).res, "health");
    expectSecurityHeaders((await raw(`${server.url}/api/does-not-exist`)).res, "404");
    expectSecurityHeaders((await raw(`${server.url}/api/trpc/nope.nothing`)).res, "trpc 404");
    expectSecurityHeaders((await raw(`${server.url}/api/playlist-preferences`)).res, "401");
    const refused = await raw(`${server.url}/api/authorize/logout`, {
      method: "POST",
      headers: { origin: "https://evil.example" },
    });
    expect(refused.res.status).toBe(403);
    expectSecurityHeaders(refused.res, "403");
  });

  test("the mounted emulators' pages and errors", async () => {
    const start = await raw(`${server.url}/api/authorize`);
    const consent = await raw(start.res.headers.get("location") ?? "");
    expect(consent.res.status).toBe(200);
    expect(consent.res.headers.get("content-type")).toContain("text/html");
    expectSecurityHeaders(consent.res, "emulator consent page");
    expectSecurityHeaders((await raw(`${server.url}/emulator/spotify/v1/nothing-here`)).res, "emulator 404");
    expectSecurityHeaders((await raw(`${server.url}/emulator/paddle/nothing-here`)).res, "paddle 404");
  });

  test("a signed-in read carries them too", async () => {
    const { res } = await raw(`${server.url}/api/playlist-preferences`, { headers: { cookie } });
    expect(res.status).toBe(200);
    expectSecurityHeaders(res, "preferences");
  });
});

describe("HSTS and Paddle.js only when configured", () => {
  test("an https PUBLIC_URL adds HSTS; a real Paddle client token allows Paddle.js and its checkout frame", async () => {
    const secure = await startTestServer({
      PUBLIC_URL: "https://crate.example",
      SPOTIFY_CLIENT_ID: "id",
      SPOTIFY_CLIENT_SECRET: "secret",
      PADDLE_CLIENT_TOKEN: "live_token",
      PADDLE_API_KEY: "key",
      PADDLE_PRICE_ID: "pri_01",
      PADDLE_WEBHOOK_SECRET: "secret",
    });
    try {
      const { res } = await raw(`${secure.url}/`, { headers: { host: "crate.example" } });
      expect(res.status).toBe(200);
      expect(res.headers.get("strict-transport-security")).toContain("max-age=");
      const csp = cspDirectives(res.headers.get("content-security-policy"));
      expect(csp.get("script-src")).toEqual(["'self'", "https://cdn.paddle.com"]);
      expect(csp.get("frame-src")).toEqual(["https://buy.paddle.com"]);
      expect(csp.get("script-src")?.some((s) => s.includes("unsafe"))).toBe(false);
    } finally {
      await secure.dispose();
    }
  });
});
