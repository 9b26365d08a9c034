import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { parseConfig } from "../../../src/server/config/config.ts";
import { StartupError } from "../../../src/server/platform/errors.ts";
import { startServer } from "../../../src/server/server.ts";
import { type CrateProcess, crateProcess } from "../../support/crate-process.ts";
import { freePort, tempDir } from "../../support/server.ts";

const root = join(import.meta.dir, "../../..");
let dir: string;
let crate: CrateProcess;

beforeAll(async () => {
  dir = tempDir("crate-lock-");
  crate = crateProcess({ dir, env: {} });
  await crate.start();
});
afterAll(async () => {
  await crate.kill();
  rmSync(dir, { recursive: true, force: true });
});

const run = (args: string[]) =>
  Bun.spawnSync([process.execPath, "src/server/main.ts", ...args], {
    cwd: root,
    env: { ...process.env, PORT: String(freePort()), DATABASE_PATH: crate.databasePath, JOBS: "off" },
    timeout: 20_000,
  });

describe("one process per database", () => {
  test("a second process on the same database refuses to start with one line", () => {
    const second = run([]);
    expect(second.exitCode).toBe(1);
    const stderr = second.stderr.toString().trim();
    expect(stderr.split("\n")).toHaveLength(1);
    expect(stderr).toContain("Another Crate process");
    expect(stderr).toContain(crate.databasePath);
  });

  test("a second server in the same process is refused too", async () => {
    const config = parseConfig({ PORT: String(freePort()), DATABASE_PATH: crate.databasePath, JOBS: "off" });
    await expect(startServer(config)).rejects.toBeInstanceOf(StartupError);
  });

  test("a backup still works while the server runs", () => {
    const backup = run(["backup", join(dir, "copy.db")]);
    expect(backup.exitCode).toBe(0);
    expect(backup.stdout.toString()).toContain("Backup written");
  });

  test("after a crash (SIGKILL) the next start is not blocked", async () => {
    await crate.kill();
    await crate.start();
    expect((await fetch(`${crate.url}/api/health`)).status).toBe(200);
  });
});

describe("a port another program holds", () => {
  test("the start is refused with one line naming the port, and the database is let go", async () => {
    const other = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response("other") });
    const folder = tempDir("crate-port-");
    try {
      const databasePath = join(folder, "crate.db");
      const run = Bun.spawnSync([process.execPath, "src/server/main.ts"], {
        cwd: root,
        env: { ...process.env, PORT: String(other.port), DATABASE_PATH: databasePath, JOBS: "off" },
        timeout: 20_000,
      });
      expect(run.exitCode).toBe(1);
      const stderr = run.stderr.toString().trim();
      expect(stderr.split("\n")).toHaveLength(1);
      expect(stderr).toContain(`Port ${other.port} is already in use`);
      // in one process: the refused start holds neither the lock nor the file, so the next start works
      const config = (port: number) =>
        parseConfig({ PORT: String(port), DATABASE_PATH: databasePath, JOBS: "off" });
      await expect(startServer(config(other.port ?? 0))).rejects.toBeInstanceOf(StartupError);
      const next = await startServer(config(freePort()));
      expect((await fetch(`${next.url}/api/health`)).status).toBe(200);
      await next.stop();
    } finally {
      other.stop(true);
      rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);
});
