import { createHash } from "node:crypto";
import { mkdir, readdir, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { Bytes, Encoding } from "../http/compression.ts";
import { type PackedFile, packBundle, unpackBundle } from "./precompressed.ts";

// From source, the client's files are compressed at Brotli's highest quality at every start: about 2.5 s of CPU,
// which every restart of the same code (and every server process a test suite starts) spent again. The forms are
// kept on disk in one packed file named by the bundle's content, and read back only when every form still
// decompresses to its file. Only the latest bundle's file is kept. The compiled binary carries its own (ADR 0015).

/** Beside the project's other tool caches; a checkout where it cannot be written simply compresses at start. */
export const COMPRESSED_CACHE_DIR = join(import.meta.dir, "../../../node_modules/.cache/crate-client");
/** changes when the forms would be made differently (quality, level or the packing) */
const FORMAT = "br11-gzip9-pack1";

type BuiltFile = Omit<PackedFile, "forms">;

/** The name of the bundle's packed file: a digest of every file's name, type and bytes. */
function cacheFile(files: readonly BuiltFile[], dir: string): string {
  const hash = createHash("sha256").update(FORMAT);
  for (const file of [...files].sort((a, b) => a.name.localeCompare(b.name)))
    hash.update(`\0${file.name}\0${file.type}\0${file.body.byteLength}\0`).update(file.body);
  return join(dir, `${hash.digest("hex").slice(0, 32)}.bin`);
}

const decompress: Record<Encoding, (bytes: Bytes) => Uint8Array> = {
  br: (bytes) => brotliDecompressSync(bytes),
  gzip: (bytes) => gunzipSync(bytes),
};

const sameBytes = (a: Uint8Array, b: Uint8Array) => Buffer.compare(a, b) === 0;

/** The file as built, with its kept forms when each of them decompresses to exactly its bytes. */
function verified(file: BuiltFile, kept: PackedFile | undefined): PackedFile | undefined {
  if (!kept || kept.type !== file.type || !sameBytes(kept.body, file.body)) return undefined;
  for (const [encoding, bytes] of kept.forms) {
    if (!sameBytes(decompress[encoding](bytes), file.body)) return undefined;
  }
  return { ...file, forms: kept.forms };
}

/**
 * The built files with the compressed forms kept for exactly these files, or undefined (none kept, or a kept file
 * that is torn or does not match). A file may come back without forms: it was kept without them.
 */
export async function readCompressedForms(
  files: readonly BuiltFile[],
  dir = COMPRESSED_CACHE_DIR,
): Promise<PackedFile[] | undefined> {
  try {
    const kept = new Map(
      unpackBundle(await Bun.file(cacheFile(files, dir)).bytes()).map((file) => [file.name, file]),
    );
    const result: PackedFile[] = [];
    for (const file of files) {
      const checked = verified(file, kept.get(file.name));
      if (!checked) return undefined;
      result.push(checked);
    }
    return result;
  } catch {
    return undefined;
  }
}

/** Keeps the files' forms for the next start (written whole, then renamed), and drops every other bundle's. */
export async function keepCompressedForms(
  files: readonly PackedFile[],
  dir = COMPRESSED_CACHE_DIR,
): Promise<void> {
  await mkdir(dir, { recursive: true });
  const path = cacheFile(files, dir);
  const partial = `${path}.${process.pid}.partial`;
  await writeFile(partial, packBundle([...files]));
  await rename(partial, path);
  const name = path.slice(dir.length + 1);
  for (const other of await readdir(dir)) {
    if (other !== name && other.endsWith(".bin")) await rm(join(dir, other), { force: true });
  }
}
