import { afterEach, describe, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { LEGACY_KEY_FILE } from "../../../src/server/auth/key.ts";
import { saveTokens } from "../../../src/server/auth/tokens.ts";
import { ConfigError, parseConfig } from "../../../src/server/config/config.ts";
import { users } from "../../../src/server/db/schema/index.ts";
import { StartupError } from "../../../src/server/platform/errors.ts";
import { startServer } from "../../../src/server/server.ts";
import { freePort, tempDir } from "../../support/server.ts";

const root = join(import.meta.dir, "../../..");
const folders: string[] = [];
afterEach(() => {
  for (const f of folders.splice(0)) rmSync(f, { recursive: true, force: true });
});

function layout() {
  const dir = tempDir("crate-key-");
  folders.push(dir);
  return { dir, db: join(dir, "data", "crate.db"), keyFile: join(dir, "keys", "crate.key") };
}

const configFor = (db: string, env: Record<string, string> = {}) =>
  parseConfig({ PORT: String(freePort()), DATABASE_PATH: db, JOBS: "off", LOG_LEVEL: "silent", ...env });

/** Starts once, stores a listener's tokens with whatever key the start chose, stops. */
async function withStoredTokens(db: string, env: Record<string, string>) {
  const server = await startServer(configFor(db, env));
  server.deps.db
    .insert(users)
    .values({ id: "u1", spotifyId: "listener", createdAt: Date.now(), lastLoginAt: Date.now() })
    .run();
  saveTokens(server.deps, "u1", { accessToken: "a", refreshToken: "r", expiresIn: 3600, scope: "" });
  await server.stop();
}

const mode = (file: string) => statSync(file).mode & 0o777;

describe("the token encryption key", () => {
  test("a first start creates the key file 0600 outside the data folder, and the database 0600", async () => {
    const { db, keyFile, dir } = layout();
    const server = await startServer(configFor(db, { TOKEN_ENCRYPTION_KEY_FILE: keyFile }));
    await server.stop();
    expect(mode(keyFile)).toBe(0o600);
    expect(Buffer.from(readFileSync(keyFile, "utf8").trim(), "base64")).toHaveLength(32);
    expect(existsSync(join(dir, "data", LEGACY_KEY_FILE))).toBe(false);
    expect(mode(db)).toBe(0o600);
  });

  test("a lost key file with stored tokens refuses to start and makes no new key", async () => {
    const { db, keyFile } = layout();
    await withStoredTokens(db, { TOKEN_ENCRYPTION_KEY_FILE: keyFile });
    unlinkSync(keyFile);
    const start = startServer(configFor(db, { TOKEN_ENCRYPTION_KEY_FILE: keyFile }));
    await expect(start).rejects.toBeInstanceOf(StartupError);
    await expect(start).rejects.toThrow(/TOKEN_ENCRYPTION_KEY_FILE .* does not exist/);
    expect(existsSync(keyFile)).toBe(false);
  });

  test("a key that does not decrypt the stored tokens refuses to start", async () => {
    const { db } = layout();
    await withStoredTokens(db, { TOKEN_ENCRYPTION_KEY: randomBytes(32).toString("base64") });
    const other = randomBytes(32).toString("base64");
    await expect(startServer(configFor(db, { TOKEN_ENCRYPTION_KEY: other }))).rejects.toThrow(
      /TOKEN_ENCRYPTION_KEY does not decrypt/,
    );
  });

  test("a key left beside the database by an older version is moved out once and keeps working", async () => {
    const { dir, db, keyFile } = layout();
    const key = randomBytes(32).toString("base64");
    await withStoredTokens(db, { TOKEN_ENCRYPTION_KEY: key });
    const legacy = join(dir, "data", LEGACY_KEY_FILE);
    writeFileSync(legacy, `${key}\n`, { mode: 0o644 });
    const server = await startServer(configFor(db, { TOKEN_ENCRYPTION_KEY_FILE: keyFile }));
    await server.stop();
    expect(existsSync(legacy)).toBe(false);
    expect(readFileSync(keyFile, "utf8").trim()).toBe(key);
    expect(mode(keyFile)).toBe(0o600);
  });

  test("a key file inside the data folder is a configuration error", () => {
    const { dir, db } = layout();
    expect(() => configFor(db, { TOKEN_ENCRYPTION_KEY_FILE: join(dir, "data", "k.key") })).toThrow(
      /TOKEN_ENCRYPTION_KEY_FILE must not be inside the data folder/,
    );
  });

  test("configuration errors never print a secret's value", () => {
    const secrets = {
      TOKEN_ENCRYPTION_KEY: "not-a-key-sekrit-1",
      PADDLE_ENVIRONMENT: "nope",
    };
    try {
      parseConfig(secrets);
      throw new Error("expected a ConfigError");
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      expect((e as Error).message).toContain("TOKEN_ENCRYPTION_KEY");
      expect((e as Error).message).not.toContain("sekrit");
    }
  });

  test("from the command line, a lost key is one line on stderr and a non-zero exit", async () => {
    const { db, keyFile } = layout();
    await withStoredTokens(db, { TOKEN_ENCRYPTION_KEY_FILE: keyFile });
    unlinkSync(keyFile);
    const run = Bun.spawnSync([process.execPath, "src/server/main.ts"], {
      env: {
        ...process.env,
        PORT: String(freePort()),
        DATABASE_PATH: db,
        TOKEN_ENCRYPTION_KEY_FILE: keyFile,
      },
      cwd: root,
    });
    expect(run.exitCode).toBe(1);
    const stderr = run.stderr.toString().trim();
    expect(stderr.split("\n")).toHaveLength(1);
    expect(stderr).toContain("TOKEN_ENCRYPTION_KEY_FILE");
  });
});
