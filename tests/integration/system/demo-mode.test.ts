import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { ConfigError, parseConfig } from "../../../src/server/config/config.ts";
import { freePort, tempDir } from "../../support/server.ts";

const real = { SPOTIFY_CLIENT_ID: "id", SPOTIFY_CLIENT_SECRET: "secret" };
const paddle = {
  PADDLE_API_KEY: "pdl_key",
  PADDLE_CLIENT_TOKEN: "live_token",
  PADDLE_PRICE_ID: "pri_1",
  PADDLE_WEBHOOK_SECRET: "pdl_ntfset_1",
};

describe("demo mode must be chosen for a production start", () => {
  test("from source the quick start still serves the demo", () => {
    expect(parseConfig({}, { compiled: false }).demoMode).toBe(true);
  });

  test.each([
    ["the compiled binary", {}, true],
    ["NODE_ENV=production", { NODE_ENV: "production" }, false],
    ["an https PUBLIC_URL", { PUBLIC_URL: "https://crate.example" }, false],
  ] as const)("%s without Spotify credentials refuses, naming the variables", (reason, env, compiled) => {
    expect(() => parseConfig(env, { compiled })).toThrow(ConfigError);
    expect(() => parseConfig(env, { compiled })).toThrow(
      `SPOTIFY_CLIENT_ID and SPOTIFY_CLIENT_SECRET are required (${reason})`,
    );
    const demo = parseConfig({ ...env, DEMO: "on" }, { compiled });
    expect(demo.demoMode).toBe(true);
    expect(demo.emulators).toBe(true);
    expect(parseConfig({ ...env, ...real, ...paddle }, { compiled }).demoMode).toBe(false);
  });

  test("DEMO=off refuses the demo even from source", () => {
    expect(() => parseConfig({ DEMO: "off" }, { compiled: false })).toThrow(/DEMO=off/);
  });

  test("NODE_ENV=production from the command line exits with one line and never listens", () => {
    const port = freePort();
    const run = Bun.spawnSync([process.execPath, "src/server/main.ts"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        DATABASE_PATH: join(tempDir(), "crate.db"),
        SPOTIFY_CLIENT_ID: "",
      },
      cwd: join(import.meta.dir, "../../.."),
      timeout: 20_000,
    });
    expect(run.exitCode).toBe(1);
    const stderr = run.stderr.toString().trim();
    expect(stderr.split("\n")).toHaveLength(1);
    expect(stderr).toContain("DEMO=on");
  });
});
