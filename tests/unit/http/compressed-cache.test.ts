import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { assetResponse } from "../../../src/server/static/assets.ts";
import { buildClientBundle } from "../../../src/server/static/client-bundle.ts";
import {
  KEPT_BUNDLES,
  keepCompressedForms,
  readCompressedForms,
} from "../../../src/server/static/compressed-cache.ts";
import { compressForms, type PackedFile } from "../../../src/server/static/precompressed.ts";
import { tempDir } from "../../support/server.ts";

// From source, the client files' Brotli and gzip forms are kept on disk by content, so a restart of the same code
// does not compress them again; what is read back is used only when every form still decodes to its file.

const bytes = (text: string) => new Uint8Array(new TextEncoder().encode(text));
const JS = "text/javascript;charset=utf-8";
const built = (text: string) => [
  { name: "index.html", type: "text/html;charset=utf-8", body: bytes("<!doctype html><div id=root></div>") },
  { name: "chunk-abc.js", type: JS, body: bytes(`console.log(${JSON.stringify(text.repeat(2_000))});`) },
];
const withForms = (files: ReturnType<typeof built>): PackedFile[] =>
  files.map((file) => ({ ...file, forms: compressForms(file.body, file.type) }));

describe("the kept compressed forms", () => {
  test("are read back for the same files only, and another bundle's are kept beside them", async () => {
    const dir = tempDir();
    const first = built("crate ");
    expect(await readCompressedForms(first, dir)).toBeUndefined();
    await keepCompressedForms(withForms(first), dir);
    const read = await readCompressedForms(first, dir);
    expect(read?.map((file) => [file.name, [...file.forms.keys()]])).toEqual([
      ["index.html", []],
      ["chunk-abc.js", ["br", "gzip"]],
    ]);
    expect(read?.[1]?.forms.get("br")).toEqual(withForms(first)[1]?.forms.get("br") ?? new Uint8Array());
    // a changed file is another bundle
    const second = built("crate, changed ");
    expect(await readCompressedForms(second, dir)).toBeUndefined();
    await keepCompressedForms(withForms(second), dir);
    // two builds of other bytes sharing node_modules (the container test's staged copy beside the checkout) each
    // find their own: evicting the other's made every start of the one after the other's compress again
    expect(readdirSync(dir)).toHaveLength(2);
    expect(await readCompressedForms(first, dir)).toBeDefined();
    expect(await readCompressedForms(second, dir)).toBeDefined();
  });

  test("only the most recently used bundles are kept", async () => {
    const dir = tempDir();
    const bundles = ["a ", "b ", "c ", "d ", "e "].map(built);
    for (const [index, files] of bundles.entries()) {
      await keepCompressedForms(withForms(files), dir);
      // the first bundle is read at every start in between, so it stays among the latest
      if (index > 0) expect(await readCompressedForms(bundles[0] ?? [], dir)).toBeDefined();
    }
    expect(readdirSync(dir)).toHaveLength(KEPT_BUNDLES);
    expect(await readCompressedForms(bundles[0] ?? [], dir)).toBeDefined();
    expect(await readCompressedForms(bundles[1] ?? [], dir)).toBeUndefined();
    expect(await readCompressedForms(bundles[4] ?? [], dir)).toBeDefined();
  });

  test("a torn file, or a form that no longer decodes to its file, is not used", async () => {
    const dir = tempDir();
    const files = built("torn ");
    await keepCompressedForms(withForms(files), dir);
    const [name] = readdirSync(dir);
    const path = join(dir, name ?? "");
    const whole = readFileSync(path);
    writeFileSync(path, whole.subarray(0, whole.byteLength - 100));
    expect(await readCompressedForms(files, dir)).toBeUndefined();
    // a Brotli form kept for these files that decodes to other bytes
    const [page, script] = withForms(files);
    const other = compressForms(bytes("x".repeat(5_000)), JS);
    if (!page || !script) throw new Error("no files");
    await keepCompressedForms(
      [page, { ...script, forms: new Map([...script.forms, ["br", other.get("br") ?? new Uint8Array()]]) }],
      dir,
    );
    expect(await readCompressedForms(files, dir)).toBeUndefined();
  });

  test("a restart of the same code answers its first request for a script with Brotli, the same bytes", async () => {
    const dir = tempDir();
    const first = await buildClientBundle(dir);
    const deadline = Date.now() + 60_000;
    while (readdirSync(dir).filter((name) => name.endsWith(".bin")).length === 0 && Date.now() < deadline)
      await Bun.sleep(100);
    // the largest script (a small chunk is served as it is)
    const [script] = [...first.files.entries()]
      .filter(([path]) => path.endsWith(".js"))
      .sort(([, a], [, b]) => b.body.byteLength - a.body.byteLength);
    if (!script) throw new Error("the bundle has no script");
    const restarted = await buildClientBundle(dir);
    const asset = restarted.files.get(script[0]);
    expect(asset?.ready.has("br")).toBe(true);
    const request = new Request(`http://127.0.0.1${script[0]}`, {
      headers: { "accept-encoding": "br, gzip" },
    });
    const res = await assetResponse(request, asset ?? script[1]);
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(
      await (script[1].encoded.get("br") ?? new Uint8Array()),
    );
    expect(existsSync(join(dir, readdirSync(dir)[0] ?? ""))).toBe(true);
  }, 120_000);
});
