// Helpers for the response-policy tests: the assets the shell links, and decoding a compressed body.
import { brotliDecompressSync, gunzipSync } from "node:zlib";

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

/** The script and stylesheet paths the shell links. */
export function linkedAssets(html: string): { scripts: string[]; styles: string[] } {
  const scripts = [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1] ?? "");
  const styles = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1] ?? "");
  return { scripts, styles };
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
