import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { ConfigError, parseConfig } from "../../../src/server/config.ts";
import { tempDir } from "../../support/server.ts";

describe("configuration", () => {
  test("defaults give demo mode on port 3000, its canonical origin on 127.0.0.1", () => {
    const config = parseConfig({});
    expect(config.port).toBe(3000);
    expect(config.demoMode).toBe(true);
    expect(config.publicUrl).toBe("http://127.0.0.1:3000");
    expect(config.spotify.apiUrl).toBe("http://127.0.0.1:3000/emulator/spotify/v1");
  });

  test("a bad value throws one line naming the variable", () => {
    expect(() => parseConfig({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => parseConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => parseConfig({ DAILY_NEW_USER_CAP: "-4" })).toThrow(/DAILY_NEW_USER_CAP/);
    expect(() => parseConfig({ TOKEN_ENCRYPTION_KEY: "short" })).toThrow(/TOKEN_ENCRYPTION_KEY/);
    expect(() => parseConfig({ SPOTIFY_CLIENT_ID: "abc" })).toThrow(/SPOTIFY_CLIENT_SECRET/);
  });

  test("a bad value stops the start with a line naming the variable and a non-zero exit", async () => {
    const dir = tempDir();
    const run = Bun.spawnSync([process.execPath, "src/server/main.ts"], {
      env: { ...process.env, PORT: "not-a-port", DATABASE_PATH: join(dir, "x.db") },
      cwd: join(import.meta.dir, "../../.."),
    });
    expect(run.exitCode).not.toBe(0);
    const stderr = run.stderr.toString().trim();
    expect(stderr.split("\n")).toHaveLength(1);
    expect(stderr).toContain("PORT");
  });
});
