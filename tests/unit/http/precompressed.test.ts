import { describe, expect, test } from "bun:test";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { assetResponse, IMMUTABLE, makeAsset } from "../../../src/server/static/assets.ts";
import {
  compressForms,
  embeddedPackedBundle,
  type PackedFile,
  packBundle,
  unpackBundle,
} from "../../../src/server/static/precompressed.ts";

// The binary's client files arrive compressed at build time (scripts/compile.ts) and are served from there.

const bytes = (text: string) => new Uint8Array(new TextEncoder().encode(text));
const script = bytes(`console.log(${JSON.stringify("crate ".repeat(2_000))});`);
const files: PackedFile[] = [
  {
    name: "index.html",
    type: "text/html;charset=utf-8",
    body: bytes("<!doctype html><div id=root></div>"),
    forms: new Map(),
  },
  {
    name: "chunk-abc.js",
    type: "text/javascript;charset=utf-8",
    body: script,
    forms: compressForms(script, "text/javascript;charset=utf-8"),
  },
];

describe("build-time compression", () => {
  test("a script above the threshold gets Brotli and gzip forms that decode to it; a small page none", () => {
    const forms = files[1]?.forms;
    expect(new Uint8Array(brotliDecompressSync(forms?.get("br") ?? new Uint8Array()))).toEqual(script);
    expect(new Uint8Array(gunzipSync(forms?.get("gzip") ?? new Uint8Array()))).toEqual(script);
    expect(compressForms(files[0]?.body ?? new Uint8Array(), "text/html").size).toBe(0);
    expect(compressForms(script, "image/png").size).toBe(0);
  });

  test("the packed bundle gives back every file and form, found under the name --compile embeds it with", async () => {
    const packed = packBundle(files);
    expect(unpackBundle(packed)).toEqual(files);
    const embedded = Object.assign(new Blob([packed]), { name: "client-bundle-packed-kkz3esds.bin" });
    const other = Object.assign(new Blob([bytes("x")]), { name: "favicon-1234.svg" });
    expect(await embeddedPackedBundle([other, embedded])).toEqual(files);
    expect(await embeddedPackedBundle([other])).toBeUndefined();
  });

  test("an asset with build-time forms answers Brotli at once, with the bytes made at build time", async () => {
    const file = files[1] as PackedFile;
    const asset = makeAsset(file.body, file.type, IMMUTABLE, file.forms);
    expect(asset.ready.get("br")).toBe(file.forms.get("br"));
    const res = await assetResponse(
      new Request("http://127.0.0.1/chunk-abc.js", { headers: { "accept-encoding": "br, gzip" } }),
      asset,
    );
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("vary")).toContain("Accept-Encoding");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(file.forms.get("br") ?? new Uint8Array());
  });
});
