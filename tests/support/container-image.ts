// The container image built and run by a real engine (podman, with the runc runtime) on a machine that reaches no
// image registry: the Containerfile's bases are made from Debian's packages (debootstrap, then `podman import`),
// and the image is built from the Containerfile on them (ADR 0061).
//
//   bun tests/support/container-image.ts     builds the image once (CI does so before the tests), prints its time
//                                            and size; the container test then runs it (CRATE_TEST_IMAGE names it)
//
// The bases: trixie for the build stage (Debian's Node.js 20 and npm; the published default is the Node image) and
// bookworm to run in, the Debian 12 whose C library the published distroless base carries. Each debootstrap root is
// kept in a cache folder (CRATE_CI_CACHE, /var/cache/crate-ci by default) between runs; nothing is downloaded but
// Debian's packages, from the mirror apt already uses, and npm's, from the npm registry.
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

const root = join(import.meta.dir, "../..");

export const IMAGE = "localhost/crate:test";
interface Base {
  suite: string;
  image: string;
}
/** a plain Debian: the Containerfile's build stage installs Debian's Node.js and npm on it (a cached layer) */
const BUILD_BASE: Base = { suite: "trixie", image: "localhost/crate-build-base:trixie" };
const RUN_BASE: Base = { suite: "bookworm", image: "localhost/crate-run-base:bookworm" };
/** the machine's CA bundle: the npm registry is reached through a certificate authority of the machine's own */
const HOST_CA = "/etc/ssl/certs/ca-certificates.crt";
const CA_IN_BUILD = "/etc/ssl/host-ca.crt";

export interface Run {
  code: number;
  out: string;
  err: string;
}

/** `podman <args>` with the runc runtime (crun cannot set rlimits on the CI machine, ADR 0061). */
export function podman(args: string[]): Run {
  return run(["podman", "--runtime", "runc", ...args]);
}

function run(command: string[]): Run {
  const child = Bun.spawnSync(command, { cwd: root, stdin: "ignore", stdout: "pipe", stderr: "pipe" });
  return { code: child.exitCode ?? -1, out: child.stdout.toString(), err: child.stderr.toString() };
}

/**
 * Runs a long command; with `shown` its lines go to this process's output as they come, each step's line with the
 * seconds since the start (a build's steps, timed, in CI's log). Answers the exit code and the output's tail.
 */
async function runLong(command: string[], shown: boolean): Promise<{ code: number; tail: string }> {
  const began = performance.now();
  const child = Bun.spawn(command, { cwd: root, stdin: "ignore", stdout: "pipe", stderr: "pipe" });
  let tail = "";
  const follow = async (stream: ReadableStream<Uint8Array>) => {
    let pending = "";
    const decoder = new TextDecoder();
    const reader = stream.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      pending += decoder.decode(chunk.value, { stream: true });
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        tail = `${tail}${line}\n`.slice(-4000);
        if (!shown) continue;
        const step = /^\[\d+\/\d+\] STEP|^COMMIT|^Successfully tagged/.test(line);
        console.log(step ? `[${seconds(began)} s] ${line}` : line);
      }
    }
    if (pending !== "") tail = `${tail}${pending}\n`.slice(-4000);
  };
  await Promise.all([follow(child.stdout), follow(child.stderr)]);
  return { code: await child.exited, tail };
}

/** `podman <args>` that must succeed; its standard output. */
export function podmanOk(args: string[]): string {
  const result = podman(args);
  if (result.code !== 0)
    throw new Error(`podman ${args.join(" ")} failed (${result.code}): ${result.err.slice(-2000)}`);
  return result.out;
}

export const hasCommand = (name: string) => run(["sh", "-c", `command -v ${name}`]).code === 0;

export const imageExists = (image: string) => podman(["image", "exists", image]).code === 0;

/** The Debian mirror apt uses on this machine (deb822 sources first, then sources.list). */
function debianMirror(): string {
  const sources = "/etc/apt/sources.list.d/debian.sources";
  if (existsSync(sources)) {
    const uri = readFileSync(sources, "utf8").match(/^URIs:\s*(\S+)/m)?.[1];
    if (uri) return uri;
  }
  const list = existsSync("/etc/apt/sources.list") ? readFileSync("/etc/apt/sources.list", "utf8") : "";
  return list.match(/^deb\s+(?:\[[^\]]*\]\s+)?(\S+)\s+\S+\s+main/m)?.[1] ?? "http://deb.debian.org/debian";
}

const cacheDir = () => process.env.CRATE_CI_CACHE ?? "/var/cache/crate-ci";

/**
 * A base image made from Debian's packages: a minbase root by debootstrap (kept in the cache folder; a root
 * without its completion mark is made again), imported without the package caches, manuals and translations.
 */
export function ensureBase(base: Base, log: (line: string) => void): void {
  if (imageExists(base.image)) return;
  const rootfs = join(cacheDir(), `debootstrap-${base.suite}`);
  const done = `${rootfs}.complete`;
  if (!existsSync(done)) {
    const began = performance.now();
    rmSync(rootfs, { recursive: true, force: true });
    const made = run(["debootstrap", "--variant=minbase", base.suite, rootfs, debianMirror()]);
    if (made.code !== 0) throw new Error(`debootstrap ${base.suite} failed: ${made.err.slice(-2000)}`);
    writeFileSync(done, `${new Date().toISOString()}\n`);
    log(`debootstrap ${base.suite}: ${seconds(began)} s`);
  }
  const began = performance.now();
  const excluded = [
    "./var/cache/apt/archives/*.deb",
    "./var/lib/apt/lists/*",
    "./usr/share/doc/*",
    "./usr/share/man/*",
    "./usr/share/locale/*",
  ].map((pattern) => `--exclude='${pattern}'`);
  const imported = run([
    "bash",
    "-c",
    `set -o pipefail; tar -C '${rootfs}' ${excluded.join(" ")} -c . | podman import - '${base.image}'`,
  ]);
  if (imported.code !== 0) throw new Error(`import of ${rootfs} failed: ${imported.err.slice(-2000)}`);
  log(`import ${base.image}: ${seconds(began)} s`);
}

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

/** The commit a build of this checkout names (as `bun run compile` would), `unknown` outside git. */
export function checkoutCommit(): string {
  const head = run(["git", "rev-parse", "--short=12", "HEAD"]);
  if (head.code !== 0) return "unknown";
  const dirty = run(["git", "status", "--porcelain", "--untracked-files=no"]).out.trim() !== "";
  return `${head.out.trim()}${dirty ? "-dirty" : ""}`;
}

export interface Built {
  image: string;
  seconds: number;
  megabytes: number;
}

/**
 * Builds the Containerfile into `image` on the Debian bases, in the docker format (the OCI format has no
 * HEALTHCHECK). Layers are kept, so a second build of the same tree on the same machine reuses them.
 */
export async function buildImage(
  image = IMAGE,
  log: (line: string) => void = console.log,
  shown = false,
): Promise<Built> {
  ensureBase(BUILD_BASE, log);
  ensureBase(RUN_BASE, log);
  const began = performance.now();
  // the npm cache this machine's own `npm ci` filled, as an overlay: nothing is downloaded twice, and nothing the
  // build writes there stays
  const npmCache = join(homedir(), ".npm");
  const cache = existsSync(npmCache) ? ["--volume", `${npmCache}:/root/.npm:O`] : [];
  const ca = existsSync(HOST_CA)
    ? ["--volume", `${HOST_CA}:${CA_IN_BUILD}:ro`, "--build-arg", `NODE_EXTRA_CA_CERTS=${CA_IN_BUILD}`]
    : [];
  const args = [
    "build",
    "--format",
    "docker",
    "--layers",
    "--file",
    "Containerfile",
    "--tag",
    image,
    ...ca,
    ...cache,
    "--build-arg",
    `BUILD_BASE=${BUILD_BASE.image}`,
    "--build-arg",
    `RUN_BASE=${RUN_BASE.image}`,
    "--build-arg",
    `CRATE_COMMIT=${checkoutCommit()}`,
    root,
  ];
  const result = await runLong(["podman", "--runtime", "runc", ...args], shown);
  if (result.code !== 0)
    throw new Error(`podman build failed (${result.code})${shown ? " (above)" : `:\n${result.tail}`}`);
  // Images of earlier builds (the build stage's layers, an image this one replaced) go after a day: a machine
  // that builds every day keeps its layers, one that builds at every commit does not fill its disk.
  podman(["image", "prune", "--force", "--filter", "until=24h"]);
  const bytes = Number(podmanOk(["image", "inspect", "--format", "{{.Size}}", image]).trim());
  const built = { image, seconds: (performance.now() - began) / 1000, megabytes: bytes / 1e6 };
  log(`built ${image} in ${built.seconds.toFixed(1)} s; image ${built.megabytes.toFixed(0)} MB`);
  return built;
}

if (import.meta.main) {
  try {
    await buildImage(process.argv[2] ?? IMAGE, console.log, true);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
