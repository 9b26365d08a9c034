// Crate as a child process on a fixed port and database file, so a test can kill it (SIGKILL) and start it
// again on the same state.
import { join } from "node:path";
import type { Subprocess } from "bun";
import { freePort } from "./server.ts";

const root = join(import.meta.dir, "../..");

export interface CrateProcess {
  readonly url: string;
  readonly databasePath: string;
  /** starts the server and waits until /api/health answers */
  start(): Promise<void>;
  /** SIGKILL: no shutdown handler runs */
  kill(): Promise<void>;
  /** SIGSTOP / SIGCONT: the process stands still (no write, no checkpoint) until it is resumed or killed */
  pause(): void;
  resume(): void;
  readonly running: boolean;
}

/**
 * Suites written before the open metadata sources expect an extended-quota Spotify app and Spotify's metadata
 * alone; the metadata suites ask for a development-mode app and every source explicitly.
 */
export const classicMetadata = { SPOTIFY_EMULATOR_APP: "extended", METADATA_SOURCES: "spotify" } as const;

export function crateProcess(options: {
  dir: string;
  env: Record<string, string>;
  /** a given port (a test about the address); otherwise a free one */
  port?: number;
}): CrateProcess {
  const port = options.port ?? freePort();
  // 127.0.0.1, not localhost: Bun binds every interface but starts on IPv4 alone when another program holds the
  // port on [::1], and localhost (tried as ::1 first) would reach that program; on 127.0.0.1 only this server can
  // answer once it has started
  const url = `http://127.0.0.1:${port}`;
  const databasePath = join(options.dir, "crate.db");
  let child: Subprocess | null = null;
  return {
    url,
    databasePath,
    get running() {
      return child !== null;
    },
    async start() {
      if (child) throw new Error("already running");
      child = Bun.spawn([process.execPath, join(root, "src/server/main.ts")], {
        cwd: root,
        env: {
          ...process.env,
          PORT: String(port),
          PUBLIC_URL: url,
          DATABASE_PATH: databasePath,
          JOBS: "off",
          LOG_LEVEL: "silent",
          ...classicMetadata,
          ...options.env,
        },
        stdout: "ignore",
        stderr: "inherit",
      });
      const until = Date.now() + 30_000;
      for (;;) {
        const ok = await fetch(`${url}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) return;
        if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
        if (Date.now() > until) throw new Error("the server did not start");
        await Bun.sleep(50);
      }
    },
    pause() {
      child?.kill("SIGSTOP");
    },
    resume() {
      child?.kill("SIGCONT");
    },
    async kill() {
      const running = child;
      child = null;
      if (!running) return;
      running.kill("SIGKILL");
      await running.exited;
    },
  };
}
