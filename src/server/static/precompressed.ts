import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { httpPolicy } from "../../shared/http.ts";
import { type Bytes, compressible, type Encoding } from "../http/compression.ts";

// The binary carries its client files already compressed (ADR 0015): `scripts/compile.ts` builds the bundle,
// compresses each compressible file once, and embeds everything as one packed file. The server reads the files and
// their Brotli and gzip forms from there at start instead of compressing them.

export interface PackedFile {
  name: string;
  type: string;
  body: Bytes;
  /** build-time compressed forms; empty for files too small or not compressible */
  forms: Map<Encoding, Bytes>;
}

/** The embedded file's name starts with this (`--compile` adds a hash before the extension). */
export const PACKED_BUNDLE_NAME = "client-bundle-packed.bin";
const PACKED_PREFIX = "client-bundle-packed";

/** Brotli (quality 11) and gzip (level 9) forms of a file worth compressing; none for the rest. */
export function compressForms(body: Bytes, type: string): Map<Encoding, Bytes> {
  const forms = new Map<Encoding, Bytes>();
  if (!compressible(type) || body.byteLength <= httpPolicy.compressMinBytes) return forms;
  const br = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
    },
  });
  forms.set("br", new Uint8Array(br));
  forms.set("gzip", new Uint8Array(gzipSync(body, { level: 9 })));
  return forms;
}

interface Span {
  offset: number;
  length: number;
}
interface Entry {
  name: string;
  type: string;
  body: Span;
  forms: [Encoding, Span][];
}

/** The files in one blob: a 4-byte header length, a JSON index, then every body and form back to back. */
export function packBundle(files: PackedFile[]): Bytes {
  const chunks: Bytes[] = [];
  let offset = 0;
  const add = (bytes: Bytes): Span => {
    chunks.push(bytes);
    offset += bytes.byteLength;
    return { offset: offset - bytes.byteLength, length: bytes.byteLength };
  };
  const index: Entry[] = files.map((file) => ({
    name: file.name,
    type: file.type,
    body: add(file.body),
    forms: [...file.forms].map(([encoding, bytes]) => [encoding, add(bytes)] as [Encoding, Span]),
  }));
  const header = new TextEncoder().encode(JSON.stringify(index));
  const packed = new Uint8Array(4 + header.byteLength + offset);
  new DataView(packed.buffer).setUint32(0, header.byteLength);
  packed.set(header, 4);
  let at = 4 + header.byteLength;
  for (const chunk of chunks) {
    packed.set(chunk, at);
    at += chunk.byteLength;
  }
  return packed;
}

export function unpackBundle(packed: Bytes): PackedFile[] {
  const headerLength = new DataView(packed.buffer, packed.byteOffset).getUint32(0);
  const index = JSON.parse(new TextDecoder().decode(packed.subarray(4, 4 + headerLength))) as Entry[];
  const data = 4 + headerLength;
  const slice = (span: Span) => packed.subarray(data + span.offset, data + span.offset + span.length);
  return index.map((entry) => ({
    name: entry.name,
    type: entry.type,
    body: slice(entry.body),
    forms: new Map(entry.forms.map(([encoding, span]) => [encoding, slice(span)])),
  }));
}

/** The packed bundle the binary embeds, if this is a binary built by `scripts/compile.ts`. */
export async function embeddedPackedBundle(
  files: readonly Blob[] = Bun.embeddedFiles,
): Promise<PackedFile[] | undefined> {
  const packed = files.find((file) => (file as Blob & { name?: string }).name?.startsWith(PACKED_PREFIX));
  return packed ? unpackBundle(new Uint8Array(await packed.arrayBuffer())) : undefined;
}
