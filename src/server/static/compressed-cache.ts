import { createHash } from "node:crypto";
import { mkdir, readdir, rename, rm, stat, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { Bytes, Encoding } from "../http/compression.ts";
import { type PackedFile, packBundle, unpackBundle } from "./precompressed.ts";

// From source, the client's files are compressed at Brotli's highest quality at every start: about 2.5 s of CPU,
// which every restart of the same code (and every server process a test suite starts) spent again. The forms are
// kept on disk in one packed file named by the bundle's content, and read back only when every form still
// decompresses to its file. Only the few most recently used bundles' files are kept. The compiled binary carries its own (ADR 0015).

/** Beside the project's other tool caches; a checkout where it cannot be written simply compresses at start. */
export const COMPRESSED_CACHE_DIR = join(import.meta.dir, "../../../node_modules/.cache/crate-client");
/** changes when the forms would be made differently (quality, level or the packing) */
const FORMAT = "br11-gzip9-pack1";
/**
 * Bundles whose forms are kept, the most recently used: builds of other bytes that share `node_modules` (a staged
 * copy of the checkout, a branch switched back and forth) each find their own instead of evicting each other's.
 */
export const KEPT_BUNDLES = 3;

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
    const path = cacheFile(files, dir);
    const kept = new Map(unpackBundle(await Bun.file(path).bytes()).map((file) => [file.name, file]));
    const result: PackedFile[] = [];
    for (const file of files) {
      const checked = verified(file, kept.get(file.name));
      if (!checked) return undefined;
      result.push(checked);
    }
    // used now: the last to be dropped when other bundles are kept
    const now = new Date();
    await utimes(path, now, now).catch(() => undefined);
    return result;
  } catch {
    return undefined;
  }
}

/** Keeps the files' forms for the next start (written whole, then renamed), and drops the least recently used. */
export async function keepCompressedForms(
  files: readonly PackedFile[],
  dir = COMPRESSED_CACHE_DIR,
): Promise<void> {
  await mkdir(dir, { recursive: true });
  const path = cacheFile(files, dir);
  const partial = `${path}.${process.pid}.partial`;
  await writeFile(partial, packBundle([...files]));
  await rename(partial, path);
  await dropLeastRecentlyUsed(dir);
}

/** Leaves the `KEPT_BUNDLES` most recently used files, and no half-written file older than a minute. */
async function dropLeastRecentlyUsed(dir: string): Promise<void> {
  const entries = await Promise.all(
    (await readdir(dir)).map(async (name) => ({
      path: join(dir, name),
      name,
      used: await stat(join(dir, name)).then(
        (info) => info.mtimeMs,
        () => 0,
      ),
    })),
  );
  const kept = entries.filter((entry) => entry.name.endsWith(".bin")).sort((a, b) => b.used - a.used);
  const stalePartials = entries.filter(
    (entry) => entry.name.endsWith(".partial") && entry.used < Date.now() - 60_000,
  );
  for (const entry of [...kept.slice(KEPT_BUNDLES), ...stalePartials]) await rm(entry.path, { force: true });
}
