import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from "node:zlib";
import { httpPolicy } from "../../shared/http.ts";

export type Encoding = "br" | "gzip";

const COMPRESSIBLE =
  /^(text\/(html|css|javascript|plain)|application\/(json|javascript|manifest\+json)|image\/svg\+xml)/;

/** Whether a body of this Content-Type is worth compressing (HTML, JS, CSS, SVG, JSON, plain text). */
export function compressible(contentType: string | null): boolean {
  return contentType !== null && COMPRESSIBLE.test(contentType.toLowerCase());
}

/** The best encoding the client accepts, Brotli first; none when it accepts neither (or refuses both with q=0). */
export function preferredEncoding(acceptEncoding: string | null): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name?.trim() ?? "", q ? Number(q.slice(2)) || 0 : 1);
  }
  const wildcard = accepted.get("*");
  const allows = (name: string) => (accepted.get(name) ?? wildcard ?? 0) > 0;
  if (allows("br")) return "br";
  if (allows("gzip")) return "gzip";
  return undefined;
}

export type Bytes = Uint8Array<ArrayBuffer>;

const brotliOptions = (bytes: number) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: httpPolicy.dynamicBrotliQuality,
    [constants.BROTLI_PARAM_SIZE_HINT]: bytes,
  },
});
const gzipOffLoop = promisify(gzip);
const brotliOffLoop = promisify(brotliCompress);

/** Compresses a body per request (API JSON, a listener's page): Brotli at a fast quality, gzip at its default level. */
export function compress(body: Bytes, encoding: Encoding): Bytes {
  if (encoding === "gzip") return new Uint8Array(gzipSync(body));
  return new Uint8Array(brotliCompressSync(body, brotliOptions(body.byteLength)));
}

/**
 * The same, but a large body (a personal-data download) is compressed on zlib's thread pool, so the requests
 * behind it do not wait for it.
 */
export async function compressAside(body: Bytes, encoding: Encoding): Promise<Bytes> {
  if (body.byteLength < httpPolicy.compressOffLoopBytes) return compress(body, encoding);
  if (encoding === "gzip") return new Uint8Array(await gzipOffLoop(body));
  return new Uint8Array(await brotliOffLoop(body, brotliOptions(body.byteLength)));
}

/** Adds an encoding to Vary, keeping what the handler already varies on. */
export function varyOnEncoding(headers: Headers): void {
  const vary = headers.get("vary");
  if (!vary) headers.set("Vary", "Accept-Encoding");
  else if (!/accept-encoding/i.test(vary) && vary !== "*") headers.set("Vary", `${vary}, Accept-Encoding`);
}
