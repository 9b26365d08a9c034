// Builds dist/crate: one executable with the runtime, the server, the client bundle and the migrations embedded.
// The client files go in already compressed (Brotli and gzip, made here once rather than at every start; ADR 0015),
// packed into one embedded file the server reads at start.
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { buildClientFiles } from "../src/server/static/client-bundle.ts";
import { compressForms, PACKED_BUNDLE_NAME, packBundle } from "../src/server/static/precompressed.ts";

const root = join(import.meta.dir, "..");
const outfile = join(root, "dist", "crate");
const packDir = join(root, "dist", "client-pack");
const packed = join(packDir, PACKED_BUNDLE_NAME);
const started = performance.now();

rmSync(packDir, { recursive: true, force: true });
mkdirSync(packDir, { recursive: true });
const files = (await buildClientFiles()).map((file) => ({
  ...file,
  forms: compressForms(file.body, file.type),
}));
await Bun.write(packed, packBundle(files));
const sum = (sizes: number[]) => `${(sizes.reduce((a, b) => a + b, 0) / 1024).toFixed(0)} KB`;
console.log(
  `client: ${files.length} files, ${sum(files.map((f) => f.body.byteLength))}, ` +
    `${sum(files.map((f) => f.forms.get("br")?.byteLength ?? f.body.byteLength))} as served with Brotli`,
);

const result = Bun.spawnSync(
  [
    process.execPath,
    "build",
    "--compile",
    "--minify",
    "--splitting",
    "--sourcemap",
    "--target=bun",
    "--define",
    'process.env.NODE_ENV="production"',
    "--define",
    "CRATE_EMBEDDED_BUNDLE=true",
    // Entry points are embedded under /$bunfs/root/ by their path from the folder all of them share (the repository).
    "--define",
    'CRATE_PAGE_RENDERER="/$bunfs/root/src/client/prerender/worker.js"',
    "--loader",
    ".bin:file",
    join(root, "src/server/main.ts"),
    // the page renderer runs as a worker (server/static/prerendered-pages.ts)
    join(root, "src/client/prerender/worker.tsx"),
    packed,
    "--outfile",
    outfile,
  ],
  { cwd: root, stdout: "inherit", stderr: "inherit", env: { ...process.env, NODE_ENV: "production" } },
);
rmSync(packDir, { recursive: true, force: true });
if (result.exitCode !== 0) process.exit(result.exitCode ?? 1);
const size = Bun.file(outfile).size;
console.log(
  `dist/crate: ${(size / 1024 / 1024).toFixed(1)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
