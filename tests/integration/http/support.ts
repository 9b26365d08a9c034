// Helpers for the response-policy tests: the assets the shell links, and decoding a compressed body.
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { createListener, signInAs } from "../account/signin.ts";

/** Fetch without automatic decompression: the raw bytes on the wire and their headers. */
export async function raw(
  url: string,
  init: RequestInit = {},
): Promise<{ res: Response; bytes: Uint8Array }> {
  const res = await fetch(url, { redirect: "manual", decompress: false, ...init } as RequestInit);
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

export function decode(bytes: Uint8Array, encoding: string | null): string {
  const plain =
    encoding === "br"
      ? brotliDecompressSync(bytes)
      : encoding === "gzip"
        ? gunzipSync(bytes)
        : Buffer.from(bytes);
  return plain.toString("utf8");
}

/** The script, stylesheet, preloaded font and `@font-face` file paths the shell links. */
export function linkedAssets(html: string): {
  scripts: string[];
  styles: string[];
  preloadedFonts: string[];
  fontFaces: string[];
} {
  const scripts = [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1] ?? "");
  const styles = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1] ?? "");
  const preloadedFonts = [...html.matchAll(/<link[^>]*rel="preload"[^>]*href="([^"]+)"[^>]*as="font"/g)].map(
    (m) => m[1] ?? "",
  );
  const fontFaces = [...html.matchAll(/@font-face\s*\{[^}]*url\(([^)]+)\)/g)].map((m) => m[1] ?? "");
  return { scripts, styles, preloadedFonts, fontFaces };
}

/** The CSP directives as a map of name to sources. */
export function cspDirectives(header: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (header ?? "").split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources);
  }
  return map;
}

/** A demo server, the first script and the preloaded font its shell links, and a signed-in listener's cookie. */
export interface PolicyFixture {
  server: TestServer;
  script: string;
  font: string;
  cookie: string;
}

export async function startPolicyFixture(listener: string): Promise<PolicyFixture> {
  const server = await startTestServer();
  const { scripts, preloadedFonts } = linkedAssets(await (await fetch(`${server.url}/`)).text());
  await createListener(server.url, listener, 5);
  const { cookie } = await signInAs(server.url, listener);
  return { server, script: scripts[0] ?? "", font: preloadedFonts[0] ?? "", cookie };
}
