import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { httpPolicy } from "../../shared/http.ts";
import { type Bytes, compress, compressible, type Encoding, preferredEncoding } from "../http/compression.ts";
import { etagOf, matchesEtag, notModified } from "../http/validators.ts";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** One file of the client bundle, with its validator and its Brotli and gzip forms (made once, then kept). */
export interface Asset {
  type: string;
  body: Bytes;
  etag: string;
  cacheControl: string;
  /** compressed forms; empty when the file is small or not compressible */
  encoded: Map<Encoding, Promise<Bytes>>;
  /** the compressed forms already made */
  ready: Map<Encoding, Bytes>;
}

const acceptsGzip = (accept: string | null) =>
  preferredEncoding(accept?.replace(/\bbr\b[^,]*/gi, "br;q=0") ?? null) === "gzip";

export const IMMUTABLE = `public, max-age=${httpPolicy.immutableMaxAgeSeconds}, immutable`;

/**
 * An asset from its bytes; compressible files above the threshold are compressed at maximum quality, in the
 * background, unless their compressed forms were made at build time (`precompressed`).
 */
export function makeAsset(
  body: Bytes,
  type: string,
  cacheControl: string,
  precompressed?: Map<Encoding, Bytes>,
): Asset {
  const encoded = new Map<Encoding, Promise<Bytes>>();
  const ready = new Map<Encoding, Bytes>();
  const etag = etagOf(body);
  if (precompressed?.has("br") && precompressed.has("gzip")) {
    for (const [encoding, bytes] of precompressed) {
      ready.set(encoding, bytes);
      encoded.set(encoding, Promise.resolve(bytes));
    }
    return { type, body, etag, cacheControl, encoded, ready };
  }
  if (compressible(type) && body.byteLength > httpPolicy.compressMinBytes) {
    const hold = (p: Promise<Bytes>, encoding: Encoding) => {
      p.then((bytes) => ready.set(encoding, bytes)).catch(() => undefined);
      return p;
    };
    encoded.set(
      "br",
      hold(
        brotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
          },
        }).then((b) => new Uint8Array(b)),
        "br",
      ),
    );
    encoded.set(
      "gzip",
      hold(
        gzipAsync(body, { level: 9 }).then((b) => new Uint8Array(b)),
        "gzip",
      ),
    );
  }
  // weak: the same validator for every encoding of the same bytes
  return { type, body, etag, cacheControl, encoded, ready };
}

/**
 * A page made for one request (a listener's own page): compressed at once in the one encoding the request prefers,
 * at the fast quality of per-request answers; the kept assets' maximum quality would cost more than it saves.
 */
export function requestAsset(req: Request, body: Bytes, type: string, cacheControl: string): Asset {
  const encoded = new Map<Encoding, Promise<Bytes>>();
  const ready = new Map<Encoding, Bytes>();
  const encoding = preferredEncoding(req.headers.get("accept-encoding"));
  if (encoding && compressible(type) && body.byteLength > httpPolicy.compressMinBytes) {
    const bytes = compress(body, encoding);
    ready.set(encoding, bytes);
    encoded.set(encoding, Promise.resolve(bytes));
  }
  return { type, body, etag: etagOf(body), cacheControl, encoded, ready };
}

/**
 * The answer for an asset: a 304 when the client's copy is current, else the best encoding it accepts. While the
 * Brotli form is still being made (just after start), a client that also accepts gzip gets gzip rather than wait.
 */
export async function assetResponse(req: Request, asset: Asset): Promise<Response> {
  const headers = new Headers({ "Cache-Control": asset.cacheControl, ETag: asset.etag });
  if (asset.encoded.size > 0) headers.set("Vary", "Accept-Encoding");
  if (matchesEtag(req.headers.get("if-none-match"), asset.etag)) return notModified(headers);
  headers.set("Content-Type", asset.type);
  const accept = req.headers.get("accept-encoding");
  let encoding = preferredEncoding(accept);
  if (encoding === "br" && !asset.ready.has("br") && asset.ready.has("gzip") && acceptsGzip(accept)) {
    encoding = "gzip";
  }
  const encoded = encoding ? (asset.ready.get(encoding) ?? asset.encoded.get(encoding)) : undefined;
  if (encoding && encoded) {
    headers.set("Content-Encoding", encoding);
    return new Response(await encoded, { headers });
  }
  return new Response(asset.body, { headers });
}
