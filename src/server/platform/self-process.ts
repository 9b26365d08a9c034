// Work too heavy for the one JavaScript thread that serves requests (a whole-database copy) runs in a second
// process of this same program: the compiled binary runs itself, a source checkout runs Bun with the server's
// entry file. A separate process, not a worker thread: SQLite's file locks are per process, so the copy reads
// beside the server exactly as `crate backup` run by hand does.
import { join } from "node:path";

const serverEntry = join(import.meta.dir, "..", "main.ts");
/** Inside a `bun build --compile` executable the modules live in Bun's embedded file system. */
const isCompiled = /\$bunfs|~BUN/.test(import.meta.dir);

/** The command line that runs this program with `args`. */
export function selfCommand(args: readonly string[]): string[] {
  return isCompiled ? [process.execPath, ...args] : [process.execPath, serverEntry, ...args];
}

export interface SelfRun {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** Runs this program with `args` in a child process; killed (exit code non-zero) after `timeoutMs`. */
export async function runSelf(
  args: readonly string[],
  options: { env?: Record<string, string>; timeoutMs: number },
): Promise<SelfRun> {
  const child = Bun.spawn(selfCommand(args), {
    env: { ...process.env, ...options.env },
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  const timer = setTimeout(() => child.kill(), options.timeoutMs);
  try {
    const [stdout, stderr, exitCode] = await Promise.all([
      new Response(child.stdout).text(),
      new Response(child.stderr).text(),
      child.exited,
    ]);
    return { exitCode, stdout, stderr };
  } finally {
    clearTimeout(timer);
  }
}
