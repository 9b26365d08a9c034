import { describe, expect, test } from "bun:test";
import { setUpTestServer } from "../../support/suite.ts";
import { raw } from "./support.ts";

const server = setUpTestServer();

describe("one canonical origin", () => {
  test("the default PUBLIC_URL is 127.0.0.1 on the port, and the server answers there", () => {
    expect(server.deps.config.publicUrl).toBe(`http://127.0.0.1:${server.port}`);
    expect(server.url).toBe(server.deps.config.publicUrl);
  });

  test("a page on another host name is sent to the same path and query on PUBLIC_URL", async () => {
    for (const path of ["/", "/plans?from=mail", "/playlists/mood/happy"]) {
      const { res } = await raw(`${server.url}${path}`, { headers: { host: `localhost:${server.port}` } });
      expect(res.status).toBe(308);
      expect(res.headers.get("location")).toBe(`${server.deps.config.publicUrl}${path}`);
      expect(res.headers.get("x-frame-options")).toBe("DENY");
    }
  });

  test("sign-in started on the other name is redirected before the state cookie is set", async () => {
    for (const path of ["/api/authorize", "/api/authorize/plans?referrer=x"]) {
      const { res } = await raw(`${server.url}${path}`, { headers: { host: `localhost:${server.port}` } });
      expect(res.status).toBe(308);
      expect(res.headers.get("location")).toBe(`${server.deps.config.publicUrl}${path}`);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    const canonical = await raw(`${server.url}/api/authorize`);
    expect(canonical.res.status).toBe(302);
    expect(canonical.res.headers.getSetCookie().length).toBeGreaterThan(0);
  });

  test("API calls, emulators and non-GET requests are answered where they arrive", async () => {
    const host = { host: `localhost:${server.port}` };
    expect((await raw(`${server.url}/api/health`, { headers: host })).res.status).toBe(200);
    expect((await raw(`${server.url}/emulator/spotify/v1/me`, { headers: host })).res.status).toBe(401);
    const post = await raw(`${server.url}/`, { method: "POST", headers: host });
    expect(post.res.status).not.toBe(308);
  });

  test("a proxy's X-Forwarded-Host naming the canonical host is not redirected", async () => {
    const { res } = await raw(`${server.url}/faq`, {
      headers: { host: "internal:8080", "x-forwarded-host": `127.0.0.1:${server.port}` },
    });
    expect(res.status).toBe(200);
  });
});
