import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { ConfigError, parseConfig } from "../../../src/server/config/config.ts";
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

  test("operations settings: METRICS_TOKEN, BACKUP_DIR, BACKUP_KEEP; a secret is never echoed", () => {
    expect(parseConfig({}).metricsToken).toBeUndefined();
    expect(parseConfig({}).backup).toEqual({ dir: undefined, keep: 7 });
    const config = parseConfig({
      METRICS_TOKEN: "a".repeat(16),
      BACKUP_DIR: "/var/backups/crate",
      BACKUP_KEEP: "3",
    });
    expect(config.metricsToken).toBe("a".repeat(16));
    expect(config.backup).toEqual({ dir: "/var/backups/crate", keep: 3 });
    expect(() => parseConfig({ BACKUP_KEEP: "0" })).toThrow(/BACKUP_KEEP/);
    let message = "";
    try {
      parseConfig({ METRICS_TOKEN: "tooShortSecret" });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toContain("METRICS_TOKEN");
    expect(message).not.toContain("tooShortSecret");
    expect(message.split("\n")).toHaveLength(1);
  });
});
