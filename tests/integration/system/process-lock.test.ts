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
