// Builds dist/crate: one executable with the runtime, the server, the client bundle and the migrations embedded.
import { join } from "node:path";

const root = join(import.meta.dir, "..");
const outfile = join(root, "dist", "crate");
const started = performance.now();
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
    join(root, "src/server/main.ts"),
    "--outfile",
    outfile,
  ],
  { cwd: root, stdout: "inherit", stderr: "inherit", env: { ...process.env, NODE_ENV: "production" } },
);
if (result.exitCode !== 0) process.exit(result.exitCode ?? 1);
const size = Bun.file(outfile).size;
console.log(
  `dist/crate: ${(size / 1024 / 1024).toFixed(1)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
