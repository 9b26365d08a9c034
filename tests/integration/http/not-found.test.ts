import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { messages } from "../../../src/shared/errors.ts";
import type { TestServer } from "../../support/server.ts";
import { startPolicyFixture } from "./support.ts";

// A path that is no page answers 404 with the spec's not-found page, to visitors and listeners alike; the icon
// browsers ask for at /favicon.ico is an icon. A crawler, a link checker or a monitor sees what a person sees.

let server: TestServer;
let cookie = "";
beforeAll(async () => {
  ({ server, cookie } = await startPolicyFixture("not-found"));
}, 60_000);
afterAll(async () => {
  await server.dispose();
});

const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${server.url}${path}`, { headers, redirect: "manual" });
  return { res, body: await res.text() };
};

describe("a path that is no page", () => {
  test("answers 404 with the not-found page rendered, for a signed-out visitor", async () => {
    for (const path of ["/no/such/page", "/playlists/subgenre", "/emulator", "/index.php"]) {
      const { res, body } = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type"), path).toContain("text/html");
      expect(body, path).toContain(messages.notFound.replace(/'/g, "&#x27;"));
      expect(body, path).toContain("<title>Crate | Page not found</title>");
    }
  });

  test("answers 404 to a signed-in listener too (the app draws the page)", async () => {
    const { res, body } = await get("/no/such/page", { cookie });
    expect(res.status).toBe(404);
    expect(body).toContain('<div id="root">');
  });

  test("stays 404 when the browser holds a copy (never a 304)", async () => {
    const first = await get("/missing-page");
    const again = await get("/missing-page", { "if-none-match": first.res.headers.get("etag") ?? '"x"' });
    expect(again.res.status).toBe(404);
  });

  test("the app's pages still answer 200, in any case and with a trailing slash", async () => {
    for (const path of ["/", "/faq", "/FAQ/", "/playlists/mood", "/plans/login", "/settings", "/admin/users"])
      expect((await get(path)).res.status, path).toBe(200);
    expect((await get("/playlists", { cookie })).res.status).toBe(200);
  });
});

test("/favicon.ico is an icon", async () => {
  const res = await fetch(`${server.url}/favicon.ico`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("image/x-icon");
  const bytes = new Uint8Array(await res.arrayBuffer());
  // an ICO file's header: reserved 0, type 1 (icon), then at least one image
  expect([...bytes.slice(0, 4)]).toEqual([0, 0, 1, 0]);
  expect(bytes[4]).toBeGreaterThan(0);
});
