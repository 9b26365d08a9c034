// The linux-arm64 binary of `bun run compile --all` (built here once with `--target linux-arm64`, Bun's arm64
// runtime fetched from the npm registry) run on this x64 machine under qemu-aarch64-static with Debian's arm64
// C library (libc6-arm64-cross): `--version` names the version and the commit, the demo answers health.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import pkg from "../../../package.json";
import { freePort, tempDir } from "../../support/server.ts";

const root = join(import.meta.dir, "../../..");
const binary = join(root, "dist", "crate-linux-arm64");
const qemu = "/usr/bin/qemu-aarch64-static";
/** where Debian's libc6-arm64-cross puts the arm64 loader and C library */
const arm64Root = "/usr/aarch64-linux-gnu";
let folder: string;
let server: ReturnType<typeof Bun.spawn> | undefined;

const underQemu = (args: string[], env: Record<string, string> = {}) =>
  Bun.spawn([qemu, "-L", arm64Root, binary, ...args], {
    cwd: folder,
    env: { PATH: process.env.PATH ?? "", HOME: folder, ...env },
    stdout: "pipe",
    stderr: "pipe",
  });

beforeAll(() => {
  if (!existsSync(qemu) || !existsSync(join(arm64Root, "lib", "ld-linux-aarch64.so.1")))
    throw new Error(
      "needs qemu-user-static and libc6-arm64-cross (apt-get install qemu-user-static libc6-arm64-cross)",
    );
  const build = Bun.spawnSync([process.execPath, "scripts/compile.ts", "--target", "linux-arm64"], {
    cwd: root,
    stdout: "pipe",
    stderr: "pipe",
  });
  if (build.exitCode !== 0) throw new Error(`compile failed: ${build.stderr.toString()}`);
  folder = tempDir("crate-arm64-");
}, 300_000);

afterAll(async () => {
  server?.kill("SIGKILL");
  await server?.exited;
  rmSync(folder, { recursive: true, force: true });
});

test("the binary is an arm64 executable and its sum file checks", () => {
  const head = readFileSync(binary).subarray(0, 20);
  expect(head.subarray(0, 4).toString("latin1")).toBe("\x7fELF");
  expect(head.readUInt16LE(18)).toBe(183); // e_machine: EM_AARCH64
  const [digest, name] = readFileSync(`${binary}.sha256`, "utf8").trim().split(/\s+/);
  expect(name).toBe("crate-linux-arm64");
  expect(digest).toBe(createHash("sha256").update(readFileSync(binary)).digest("hex"));
});

test("--version under qemu prints the version and the commit it was built from", async () => {
  const run = underQemu(["--version"]);
  const [out, code] = await Promise.all([new Response(run.stdout).text(), run.exited]);
  expect(code).toBe(0);
  const head = Bun.spawnSync(["git", "rev-parse", "--short=12", "HEAD"], { cwd: root })
    .stdout.toString()
    .trim();
  expect(out.trim()).toMatch(
    new RegExp(`^crate ${pkg.version.replaceAll(".", "\\.")} \\(commit ${head}(-dirty)?\\)$`),
  );
}, 120_000);

test("the demo under qemu answers health", async () => {
  const port = freePort();
  server = underQemu([], { PORT: String(port), DEMO: "on", JOBS: "off", LOG_LEVEL: "warn" });
  const deadline = Date.now() + 150_000;
  let health: unknown;
  while (Date.now() < deadline && health === undefined) {
    health = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => (r.ok ? r.json() : undefined),
      () => undefined,
    );
    if (health === undefined) await Bun.sleep(500);
  }
  expect(health).toEqual({ status: "ok" });
}, 180_000);
