// Reads the Containerfile's instructions (continuation lines joined, comments left out), so a test checks the
// image the file describes rather than a copy of its settings.
import { chownSync, cpSync, mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";

export interface Instruction {
  keyword: string;
  args: string;
}

export function containerfileInstructions(root: string): Instruction[] {
  const joined = readFileSync(join(root, "Containerfile"), "utf8")
    .split("\n")
    .filter((line) => !line.trimStart().startsWith("#"))
    .join("\n")
    .replace(/\\\n/g, " ");
  return joined
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const space = line.indexOf(" ");
      return { keyword: line.slice(0, space).toUpperCase(), args: line.slice(space + 1).trim() };
    });
}

/** The instructions of the last stage (the image that runs). */
export function finalStage(instructions: Instruction[]): Instruction[] {
  const lastFrom = instructions.map((i) => i.keyword).lastIndexOf("FROM");
  return instructions.slice(lastFrom);
}

/** `KEY=value KEY2="value"` pairs (ENV, LABEL, ARG defaults). */
export function pairs(args: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const match of args.matchAll(/([A-Za-z0-9_.-]+)=("([^"]*)"|\S*)/g)) {
    const [, key, raw, quoted] = match;
    if (key) found[key] = quoted ?? raw ?? "";
  }
  return found;
}

/** The instructions of the stage named `name` (`FROM … AS name`). */
export function namedStage(instructions: Instruction[], name: string): Instruction[] {
  const start = instructions.findIndex((i) => i.keyword === "FROM" && i.args.endsWith(` AS ${name}`));
  const next = instructions.findIndex((i, at) => at > start && i.keyword === "FROM");
  return instructions.slice(start, next < 0 ? undefined : next);
}

/**
 * Carries out a build stage in `stageRoot` (its absolute paths under that folder): WORKDIR, COPY from the build
 * context, ARG (the value from `args`, else its default), RUN with sh. `install` stands in for the RUN that
 * installs the dependencies (`npm ci`), which a test of its own covers.
 */
export function runBuildStage(
  stage: Instruction[],
  options: {
    context: string;
    stageRoot: string;
    args: Record<string, string>;
    install: (workdir: string) => void;
  },
): void {
  const { context, stageRoot } = options;
  const inStage = (path: string) => join(stageRoot, path);
  let workdir = stageRoot;
  const env: Record<string, string> = {};
  for (const { keyword, args } of stage) {
    if (keyword === "WORKDIR") {
      workdir = inStage(args);
      mkdirSync(workdir, { recursive: true });
    } else if (keyword === "ARG") {
      const [name = "", fallback = ""] = args.split("=");
      env[name] = options.args[name] ?? fallback;
    } else if (keyword === "COPY") {
      const parts = args.split(/\s+/);
      const dest = parts.pop() ?? ".";
      for (const source of parts) {
        const target = dest.endsWith("/") ? join(workdir, dest, source) : join(workdir, dest);
        cpSync(join(context, source), target, { recursive: true });
      }
    } else if (keyword === "RUN" && args.startsWith("npm ci")) {
      options.install(workdir);
    } else if (keyword === "RUN") {
      // absolute paths of the stage (/out) are under stageRoot
      const script = args.replace(/(^|[\s=])\/(?=[a-z])/g, `$1${stageRoot}/`);
      const run = Bun.spawnSync(["sh", "-c", script], {
        cwd: workdir,
        env: { ...process.env, ...env },
        stdout: "pipe",
        stderr: "pipe",
      });
      if (run.exitCode !== 0) throw new Error(`RUN ${args.slice(0, 80)}… failed: ${run.stderr.toString()}`);
    }
  }
}

/** The final stage's `COPY --from=<stage> [--chown=u:g] <source> <dest>` lines carried out into `rootfs`. */
export function copyFromStage(stage: Instruction[], stageRoot: string, rootfs: string): void {
  for (const { keyword, args } of stage) {
    if (keyword !== "COPY" || !args.startsWith("--from=")) continue;
    const parts = args.split(/\s+/);
    const chown = parts.find((p) => p.startsWith("--chown="))?.slice("--chown=".length);
    const [source = "", dest = ""] = parts.filter((p) => !p.startsWith("--"));
    const target = join(rootfs, dest);
    mkdirSync(dirname(target), { recursive: true });
    cpSync(join(stageRoot, source), target, { recursive: true, preserveTimestamps: true });
    if (chown) {
      const [uid, gid] = chown.split(":").map(Number);
      const own = (path: string) => {
        chownSync(path, uid ?? 0, gid ?? 0);
        if (statSync(path).isDirectory()) for (const entry of readdirSync(path)) own(join(path, entry));
      };
      own(target);
    }
  }
}
