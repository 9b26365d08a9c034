import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { PRERENDER_STATE_ID } from "../../../src/shared/prerender.ts";
import type { TestServer } from "../../support/server.ts";
import { startPolicyFixture } from "./support.ts";

// Public pages reach a signed-out visitor rendered: the page's content is in the first HTML the server sends,
// with its styles and the data it was rendered with, and no script but the page's one small entry script.

let server: TestServer;
let cookie = "";
beforeAll(async () => {
  ({ server, cookie } = await startPolicyFixture("rendered-pages"));
}, 60_000);
afterAll(async () => {
  await server.dispose();
});

const page = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${server.url}${path}`, { headers });
  return { res, html: await res.text() };
};
const root = (html: string) =>
  html.slice(html.indexOf('<div id="root">'), html.indexOf(`id="${PRERENDER_STATE_ID}"`));
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const description = (html: string) => /<meta name="description" content="([^"]*)"/.exec(html)?.[1];

describe("pages rendered on the server for a signed-out visitor", () => {
  test("the landing page, the FAQ, a catalogue page, /plans and a policy arrive with their content and meta", async () => {
    const expected: [string, string, RegExp][] = [
      ["/", "Crate | Playlists from your liked songs", /<h1[^>]*>.*Your liked songs/],
      ["/faq", "Crate | FAQ", /<h1[^>]*>Frequently asked questions/],
      ["/playlists/mood", "Crate | Mood playlists", /<h1[^>]*>.*Mood/],
      ["/plans", "Crate | Plans", /Choose your plan/],
      ["/policies/privacy-policy", "Crate | Privacy policy", /<h1[^>]*>Privacy policy/],
    ];
    for (const [path, wantedTitle, content] of expected) {
      const { res, html } = await page(path);
      expect(res.status, path).toBe(200);
      expect(title(html), path).toBe(wantedTitle);
      expect(description(html), path).not.toBe(
        "Crate turns your liked songs on Spotify into playlists that keep themselves up to date.",
      );
      expect(root(html), path).toMatch(content);
      // the styles Emotion made for the page, taken over by the browser's cache when the app starts
      expect(html, path).toMatch(/<style data-emotion="css [a-z0-9 -]+">/);
    }
  });

  test("/plans shows the operator's price from Paddle, in the page and in the data it was rendered with", async () => {
    const { html } = await page("/plans");
    const pricing = await (await fetch(`${server.url}/api/trpc/billing.pricing`)).json();
    const state = JSON.parse(
      /<script type="application\/json" id="crate-state">([^<]*)<\/script>/.exec(html)?.[1] ?? "{}",
    );
    const seeded = state.queries.find((q: { queryKey: unknown[] }) =>
      JSON.stringify(q.queryKey).includes("pricing"),
    );
    expect(seeded.data).toEqual(pricing.result.data);
    expect(root(html)).toContain(pricing.result.data.formatted ?? pricing.result.data.amount);
  });

  test("the only executable script is the entry script: the data block is JSON and cannot close its element", async () => {
    const { html } = await page("/faq");
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1] ?? "");
    expect(
      scripts.filter(
        (attributes) => !/\bsrc="/.test(attributes) && !/type="application\/json"/.test(attributes),
      ),
    ).toEqual([]);
    expect(scripts.filter((attributes) => /\bsrc="/.test(attributes))).toHaveLength(1);
    const data = /id="crate-state">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
    expect(data).not.toContain("<");
    expect(JSON.parse(data).queries.map((q: { queryKey: unknown }) => JSON.stringify(q.queryKey))).toContain(
      JSON.stringify([["user", "me"], { type: "query" }]),
    );
  });

  test("a signed-in listener gets the app's shell, not a page rendered for a visitor", async () => {
    for (const path of ["/", "/faq", "/plans"]) {
      const { html, res } = await page(path, { cookie });
      expect(html, path).not.toContain(PRERENDER_STATE_ID);
      expect(res.headers.get("vary"), path).toContain("Cookie");
    }
  });

  test("pages that are not public, or read their address, are not rendered on the server", async () => {
    // (a path that is no page is the not-found page, rendered: tests/integration/http/not-found.test.ts)
    for (const path of ["/settings", "/playlists", "/login", "/admin"]) {
      const { html } = await page(path);
      expect(html, path).not.toContain(PRERENDER_STATE_ID);
    }
  });

  test("a rendered page revalidates: the same ETag and a 304", async () => {
    const first = await page("/faq");
    const etag = first.res.headers.get("etag") ?? "";
    expect(first.res.headers.get("cache-control")).toBe("no-cache");
    expect(etag).not.toBe("");
    const again = await fetch(`${server.url}/faq`, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
  });
});
