import { describe, expect, test } from "bun:test";
import { setUpTestServer } from "../../support/suite.ts";

const server = setUpTestServer();

describe("server boot", () => {
  test("health answers ok once the database answers", async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  test("the SPA is served for app routes, with the shell's HTML", async () => {
    for (const [path, status] of [
      ["/", 200],
      ["/playlists/mood", 200],
      // a page the app does not have: the app's not-found page, answered with a 404
      ["/some/unknown/page", 404],
    ] as const) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status).toBe(status);
      expect(res.headers.get("content-type")).toContain("text/html");
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  test("the SPA catch-all never answers an /api path", async () => {
    for (const path of ["/api", "/api/", "/api/unknown", "/api/playlists/mood", "/api/trpc"]) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.headers.get("content-type")).toContain("application/json");
    }
  });

  test("an unknown /api path is a 404 in the error format", async () => {
    const res = await fetch(`${server.url}/api/does-not-exist`);
    expect(res.status).toBe(404);
    const body = (await res.json()) as { error: string; errorCode: number };
    expect(body.errorCode).toBe(4);
    expect(body.error).toContain("/api/does-not-exist");
  });

  test("an unknown tRPC procedure is a 404 with an errorCode", async () => {
    const res = await fetch(`${server.url}/api/trpc/nope.nothing`);
    expect(res.status).toBe(404);
    const body = (await res.json()) as { error: { data: { errorCode: number } } };
    expect(body.error.data.errorCode).toBe(4);
  });

  test("a form-encoded cross-site POST is refused before it reaches a handler", async () => {
    const res = await fetch(`${server.url}/api/authorize/logout`, {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
      body: "a=1",
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { errorCode: number }).errorCode).toBe(6);
  });

  test("a JSON body over the size limit is 413", async () => {
    const res = await fetch(`${server.url}/api/feedback`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ feedback: "x".repeat(300_000) }),
    });
    expect(res.status).toBe(413);
  });

  test("a tRPC batch larger than the limit is refused with a clear error, a batch within it answers", async () => {
    const within = Array.from({ length: 20 }, () => "system.health").join(",");
    const ok = await fetch(`${server.url}/api/trpc/${within}?batch=1`);
    expect(ok.status).toBe(200);
    const tooMany = Array.from({ length: 21 }, () => "system.health").join(",");
    const res = await fetch(`${server.url}/api/trpc/${tooMany}?batch=1`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error?: { data?: { errorCode?: number } } }[] | { error?: unknown };
    expect(JSON.stringify(body)).toContain('"errorCode":1');
  });

  test("secure headers are set on API answers", async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });
});
