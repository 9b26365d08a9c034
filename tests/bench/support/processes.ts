// Crate's compiled binary and a bare Bun.serve hello route, each in its own process on 127.0.0.1.
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { freePort, tempDir } from "../../support/server.ts";

const root = join(import.meta.dir, "../../..");
export const binaryPath = join(root, "dist", "crate");

/** `bun run compile`: builds dist/crate from the current sources. */
export function compileBinary(): void {
  const build = Bun.spawnSync([process.execPath, "run", "compile"], {
    cwd: root,
    stdout: "pipe",
    stderr: "pipe",
  });
  if (build.exitCode !== 0) throw new Error(`bun run compile failed: ${build.stderr.toString()}`);
}

/**
 * Builds the binary of another commit (`git archive` of `ref` beside this checkout's node_modules, then its own
 * `bun run compile`), so one benchmark run can measure the code before a change and after it. Answers its path.
 */
export function compileBinaryAt(ref: string): string {
  const dir = tempDir("crate-build-");
  const archive = Bun.spawnSync(["sh", "-c", `git -C "${root}" archive "${ref}" | tar -x -C "${dir}"`], {
    stdout: "pipe",
    stderr: "pipe",
  });
  if (archive.exitCode !== 0) throw new Error(`git archive ${ref} failed: ${archive.stderr.toString()}`);
  symlinkSync(join(root, "node_modules"), join(dir, "node_modules"));
  const build = Bun.spawnSync([process.execPath, "run", "compile"], {
    cwd: dir,
    stdout: "pipe",
    stderr: "pipe",
  });
  const binary = join(dir, "dist", "crate");
  if (build.exitCode !== 0 || !existsSync(binary)) {
    throw new Error(`bun run compile at ${ref} failed: ${build.stderr.toString()}`);
  }
  return binary;
}

export interface ChildServer {
  url: string;
  pid: number;
  /** resident memory of the child (from /proc), in MB */
  rssMb(): number;
  /** CPU time the child has used so far (from /proc), in ms */
  cpuMs(): number;
  stop(): Promise<void>;
}

async function waitFor(url: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await Bun.sleep(50);
  }
  throw new Error(`no answer from ${url}`);
}

function procStatus(pid: number) {
  return {
    rssMb(): number {
      try {
        const status = readFileSync(`/proc/${pid}/status`, "utf8");
        const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
        return kb / 1024;
      } catch {
        return 0;
      }
    },
    cpuMs(): number {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        // utime and stime are fields 14 and 15 of the whole line (11 and 12 after the name), in clock ticks
        return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
      } catch {
        return 0;
      }
    },
  };
}

/**
 * Starts dist/crate (or `command`: another build, or the sources under `bun --cpu-prof`) on a fresh database in a
 * temp folder, jobs off (the hourly job is started by the admin call), with `env` added (the emulator's URLs and
 * credentials for real mode).
 */
export async function startCrateBinary(
  env: Record<string, string>,
  command: string[] = [binaryPath],
): Promise<ChildServer & { dir: string }> {
  const dir = tempDir("crate-bench-");
  const port = freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = Bun.spawn(command, {
    cwd: dir,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: dir,
      PORT: String(port),
      PUBLIC_URL: url,
      DATABASE_PATH: join(dir, "crate.db"),
      TOKEN_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
      JOBS: "off",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdout: "ignore",
    stderr: "inherit",
  });
  await waitFor(`${url}/api/health`);
  return {
    url,
    dir,
    pid: child.pid,
    ...procStatus(child.pid),
    async stop() {
      child.kill("SIGTERM");
      await child.exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const helloSource = `
const server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response("hello") });
console.log(server.port);
`;

/** A bare Bun.serve answering "hello" on every path: the ceiling the load figures are compared with. */
export async function startHelloServer(): Promise<ChildServer> {
  const child = Bun.spawn([process.execPath, "-e", helloSource], { stdout: "pipe", stderr: "inherit" });
  const reader = child.stdout.getReader();
  let text = "";
  while (!text.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) throw new Error("the hello server ended before it listened");
    text += new TextDecoder().decode(value);
  }
  reader.releaseLock();
  const url = `http://127.0.0.1:${text.trim()}`;
  await waitFor(url);
  return {
    url,
    pid: child.pid,
    ...procStatus(child.pid),
    async stop() {
      child.kill();
      await child.exited;
    },
  };
}
