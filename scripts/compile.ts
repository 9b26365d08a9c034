// Builds Crate's executables: each one the runtime, the server, the client bundle and the migrations embedded.
// The client files go in already compressed (Brotli and gzip, made here once rather than at every start; ADR 0015),
// packed into one embedded file the server reads at start.
//
//   bun run compile                        dist/crate, for this machine
//   bun run compile --target linux-arm64   dist/crate-linux-arm64 and dist/crate-linux-arm64.sha256
//   bun run compile --all                  the same for every platform of `platforms` below
//
// Another platform's Bun runtime is fetched from the npm registry by `bun build` the first time (then cached).
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { buildClientFiles } from "../src/server/static/client-bundle.ts";
import {
  compressForms,
  PACKED_BUNDLE_NAME,
  type PackedFile,
  packBundle,
} from "../src/server/static/precompressed.ts";

/** The platforms released: the name in the file name, Bun's compile target. */
export const platforms = {
  "linux-x64": "bun-linux-x64",
  "linux-arm64": "bun-linux-arm64",
  "darwin-arm64": "bun-darwin-arm64",
  "windows-x64": "bun-windows-x64",
} as const;
type Platform = keyof typeof platforms;

const root = join(import.meta.dir, "..");
const dist = join(root, "dist");
const packDir = join(dist, "client-pack");
const packed = join(packDir, PACKED_BUNDLE_NAME);

function chosenPlatforms(args: string[]): Platform[] | "host" {
  if (args.includes("--all")) return Object.keys(platforms) as Platform[];
  const at = args.indexOf("--target");
  if (at < 0) return "host";
  const wanted = (args[at + 1] ?? "").split(",").filter(Boolean);
  const unknown = wanted.filter((p) => !(p in platforms));
  if (wanted.length === 0 || unknown.length > 0) {
    console.error(`--target takes one or more of ${Object.keys(platforms).join(", ")} (comma-separated)`);
    process.exit(1);
  }
  return wanted as Platform[];
}

/** The commit the build comes from (with `-dirty` when the checkout has changes), or `unknown` outside git. */
function commitOfCheckout(): string {
  const git = (...args: string[]) =>
    Bun.spawnSync(["git", ...args], { cwd: root, stdout: "pipe", stderr: "ignore" });
  const head = git("rev-parse", "--short=12", "HEAD");
  if (head.exitCode !== 0) return "unknown";
  const dirty = git("status", "--porcelain", "--untracked-files=no").stdout.toString().trim() !== "";
  return `${head.stdout.toString().trim()}${dirty ? "-dirty" : ""}`;
}

async function packClient(): Promise<void> {
  rmSync(packDir, { recursive: true, force: true });
  mkdirSync(packDir, { recursive: true });
  const built = await buildClientFiles();
  const files: PackedFile[] = built.map((file) => ({ ...file, forms: compressForms(file.body, file.type) }));
  await Bun.write(packed, packBundle(files));
  const sum = (sizes: number[]) => `${(sizes.reduce((a, b) => a + b, 0) / 1024).toFixed(0)} KB`;
  console.log(
    `client: ${files.length} files, ${sum(files.map((f) => f.body.byteLength))}, ` +
      `${sum(files.map((f) => f.forms.get("br")?.byteLength ?? f.body.byteLength))} as served with Brotli`,
  );
}

function compile(outfile: string, commit: string, target?: string): void {
  const started = performance.now();
  const result = Bun.spawnSync(
    [
      process.execPath,
      "build",
      "--compile",
      "--minify",
      "--splitting",
      "--sourcemap",
      `--target=${target ?? "bun"}`,
      "--define",
      'process.env.NODE_ENV="production"',
      "--define",
      "CRATE_EMBEDDED_BUNDLE=true",
      "--define",
      `CRATE_COMMIT=${JSON.stringify(commit)}`,
      // Entry points are embedded under /$bunfs/root/ by their path from the folder all of them share (the repository).
      "--define",
      'CRATE_PAGE_RENDERER="/$bunfs/root/src/client/prerender/worker.js"',
      "--define",
      'CRATE_CHECKPOINT_WORKER="/$bunfs/root/src/server/db/checkpoint-worker.js"',
      "--loader",
      ".bin:file",
      join(root, "src/server/main.ts"),
      // the page renderer runs as a worker (server/static/prerendered-pages.ts)
      join(root, "src/client/prerender/worker.tsx"),
      // the write-ahead log's checkpoints run in a worker too (server/db/checkpoints.ts)
      join(root, "src/server/db/checkpoint-worker.ts"),
      packed,
      "--outfile",
      outfile,
    ],
    { cwd: root, stdout: "inherit", stderr: "inherit", env: { ...process.env, NODE_ENV: "production" } },
  );
  if (result.exitCode !== 0) {
    rmSync(packDir, { recursive: true, force: true });
    process.exit(result.exitCode ?? 1);
  }
  // The executable carries its own source map (stack traces name the source files); the maps `bun build` also
  // writes beside it, one per chunk (about 130 MB), are not needed to run it or to read its errors.
  for (const name of readdirSync(dist)) if (name.endsWith(".map")) rmSync(join(dist, name));
  const size = Bun.file(outfile).size;
  console.log(
    `dist/${basename(outfile)}: ${(size / 1024 / 1024).toFixed(1)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

/** `<name>.sha256` beside the file, in the format `sha256sum -c` reads. */
function writeSum(file: string): void {
  const digest = createHash("sha256").update(readFileSync(file)).digest("hex");
  writeFileSync(`${file}.sha256`, `${digest}  ${basename(file)}\n`);
}

const chosen = chosenPlatforms(process.argv.slice(2));
// a build without the repository's history (a container build) is told its commit
const commit = process.env.CRATE_COMMIT || commitOfCheckout();
mkdirSync(dist, { recursive: true });
await packClient();
if (chosen === "host") compile(join(dist, "crate"), commit);
else
  for (const platform of chosen) {
    const outfile = join(dist, `crate-${platform}${platform.startsWith("windows") ? ".exe" : ""}`);
    compile(outfile, commit, platforms[platform]);
    writeSum(outfile);
  }
rmSync(packDir, { recursive: true, force: true });
console.log(`commit ${commit}`);
