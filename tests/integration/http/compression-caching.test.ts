import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { TestServer } from "../../support/server.ts";
import { decode, linkedAssets, raw, startPolicyFixture } from "./support.ts";

let server: TestServer;
let script = "";
let font = "";
let cookie = "";
beforeAll(async () => {
  ({ server, script, font, cookie } = await startPolicyFixture("cache-listener"));
}, 60_000);
afterAll(async () => {
  await server.dispose();
});

describe("compression", () => {
  test("assets and the shell in Brotli and gzip, decoding to the identity body, with Vary", async () => {
    for (const path of ["/", script]) {
      const identity = await raw(`${server.url}${path}`, { headers: { "accept-encoding": "identity" } });
      expect(identity.res.headers.get("content-encoding"), path).toBeNull();
      const plain = new TextDecoder().decode(identity.bytes);
      expect(plain.length, path).toBeGreaterThan(1024);
      for (const encoding of ["br", "gzip"]) {
        const { res, bytes } = await raw(`${server.url}${path}`, {
          headers: { "accept-encoding": encoding },
        });
        expect(res.headers.get("content-encoding"), `${path} ${encoding}`).toBe(encoding);
        expect(res.headers.get("vary"), path).toContain("Accept-Encoding");
        expect(bytes.byteLength, path).toBeLessThan(identity.bytes.byteLength);
        expect(decode(bytes, encoding), `${path} ${encoding}`).toBe(plain);
      }
    }
  });

  test("Brotli is preferred when both are accepted; q=0 refuses an encoding", async () => {
    const both = await raw(`${server.url}${script}`, { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(both.res.headers.get("content-encoding")).toBe("br");
    const noBr = await raw(`${server.url}${script}`, { headers: { "accept-encoding": "br;q=0, gzip" } });
    expect(noBr.res.headers.get("content-encoding")).toBe("gzip");
  });

  test("API JSON above 1 KB is compressed on the fly; a small answer is not", async () => {
    const url = `${server.url}/api/playlist-preferences`;
    const identity = await raw(url, { headers: { cookie, "accept-encoding": "identity" } });
    const plain = new TextDecoder().decode(identity.bytes);
    expect(plain.length).toBeGreaterThan(1024);
    for (const encoding of ["br", "gzip"]) {
      const { res, bytes } = await raw(url, { headers: { cookie, "accept-encoding": encoding } });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-encoding")).toBe(encoding);
      expect(res.headers.get("vary")).toContain("Accept-Encoding");
      expect(JSON.parse(decode(bytes, encoding))).toEqual(JSON.parse(plain));
    }
    const small = await raw(`${server.url}/api/health`, { headers: { "accept-encoding": "br" } });
    expect(small.res.headers.get("content-encoding")).toBeNull();
    expect(await JSON.parse(new TextDecoder().decode(small.bytes))).toEqual({ status: "ok" });
  });
});

describe("the UI font", () => {
  test("the page links no stylesheet and declares every subset as a served, hashed woff2", async () => {
    const html = new TextDecoder().decode(
      (await raw(`${server.url}/`, { headers: { "accept-encoding": "identity" } })).bytes,
    );
    const { styles, preloadedFonts, fontFaces } = linkedAssets(html);
    expect(styles).toEqual([]);
    expect(preloadedFonts).toEqual([font]);
    expect(fontFaces.length).toBe(4);
    expect(fontFaces).toContain(font);
    for (const path of fontFaces) {
      const { res, bytes } = await raw(`${server.url}${path}`, {
        headers: { "accept-encoding": "br, gzip" },
      });
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type"), path).toBe("font/woff2");
      expect(res.headers.get("cache-control"), path).toBe("public, max-age=31536000, immutable");
      // woff2 is Brotli inside already: sent as is, like the other incompressible assets
      expect(res.headers.get("content-encoding"), path).toBeNull();
      expect(new TextDecoder().decode(bytes.slice(0, 4)), path).toBe("wOF2");
    }
  });
});

describe("robots.txt", () => {
  test("is plain text for crawlers, not the SPA shell", async () => {
    const { res, bytes } = await raw(`${server.url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toStartWith("text/plain");
    expect(new TextDecoder().decode(bytes)).toStartWith("User-agent: *\n");
  });
});

describe("caching", () => {
  test("hashed assets, fonts included, are immutable for a year and revalidate with 304", async () => {
    expect(font).toMatch(/^\/font-latin-.*\.woff2$/);
    for (const path of [script, font]) {
      const { res } = await raw(`${server.url}${path}`);
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const etag = res.headers.get("etag");
      expect(etag).toBeTruthy();
      const again = await raw(`${server.url}${path}`, { headers: { "if-none-match": etag ?? "" } });
      expect(again.res.status).toBe(304);
      expect(again.bytes.byteLength).toBe(0);
    }
  });

  test("the shell is no-cache with an ETag and answers 304 when unchanged", async () => {
    for (const path of ["/", "/plans"]) {
      const { res } = await raw(`${server.url}${path}`);
      expect(res.headers.get("cache-control")).toBe("no-cache");
      const etag = res.headers.get("etag") ?? "";
      expect(etag).not.toBe("");
      expect((await raw(`${server.url}${path}`, { headers: { "if-none-match": etag } })).res.status).toBe(
        304,
      );
      expect(
        (await raw(`${server.url}${path}`, { headers: { "if-none-match": '"other"' } })).res.status,
      ).toBe(200);
    }
  });

  test("preferences and membership reads answer with ETags and 304s; writes are never stored", async () => {
    for (const path of ["/api/playlist-preferences", "/api/user/membership-level"]) {
      const { res, bytes } = await raw(`${server.url}${path}`, { headers: { cookie } });
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("private, no-cache");
      const etag = res.headers.get("etag") ?? "";
      expect(etag).toMatch(/^W\/"/);
      const again = await raw(`${server.url}${path}`, { headers: { cookie, "if-none-match": etag } });
      expect(again.res.status, path).toBe(304);
      expect(again.bytes.byteLength).toBe(0);
      expect(again.res.headers.get("etag")).toBe(etag);
      expect(bytes.byteLength).toBeGreaterThan(0);
    }
    const refused = await raw(`${server.url}/api/playlist-preferences`);
    expect(refused.res.status).toBe(401);
    expect(refused.res.headers.get("cache-control")).toBe("no-store");
    expect(refused.res.headers.get("etag")).toBeNull();
  });

  test("a different body never matches an old ETag", async () => {
    const url = `${server.url}/api/trpc/user.me?batch=1&input=%7B%7D`;
    const signedIn = await raw(url, { headers: { cookie } });
    const etag = signedIn.res.headers.get("etag") ?? "";
    expect(etag).toMatch(/^W\//);
    const signedOut = await raw(url, { headers: { "if-none-match": etag } });
    expect(signedOut.res.status).toBe(200);
    expect(decodeText(signedOut.bytes)).not.toBe(decodeText(signedIn.bytes));
  });
});

const decodeText = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
