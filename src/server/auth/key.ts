import { randomBytes } from "node:crypto";
import {
  chmodSync,
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { dirname, join, resolve } from "node:path";
import { desc } from "drizzle-orm";
import type { Config } from "../config/config.ts";
import type { Db } from "../db/client.ts";
import { providerTokens } from "../db/schema/index.ts";
import { StartupError } from "../platform/errors.ts";
import type { Logger } from "../platform/log.ts";
import { decryptToken } from "./token-crypto.ts";

/** Where versions before the key moved out of the data folder generated it. */
export const LEGACY_KEY_FILE = "token-encryption.key";

type KeyConfig = Pick<Config, "tokenEncryptionKey" | "tokenEncryptionKeyFile" | "databasePath">;

/**
 * The 32-byte token key: TOKEN_ENCRYPTION_KEY, else the key file (created 0600 on first start). A key that is
 * missing or does not decrypt the stored tokens stops the start: a new key would silently stop every listener.
 */
export function loadEncryptionKey(config: KeyConfig, db: Db, log: Logger): Buffer {
  const key = config.tokenEncryptionKey
    ? Buffer.from(config.tokenEncryptionKey, "base64")
    : keyFromFile(config, db, log);
  const source = config.tokenEncryptionKey ? "TOKEN_ENCRYPTION_KEY" : "TOKEN_ENCRYPTION_KEY_FILE";
  if (!decryptsStoredTokens(db, key)) {
    throw new StartupError(
      `${source} does not decrypt the Spotify tokens stored in ${config.databasePath}: set the key they were written with (restore it from its backup)`,
    );
  }
  return key;
}

function keyFromFile(config: KeyConfig, db: Db, log: Logger): Buffer {
  const file = resolve(config.tokenEncryptionKeyFile);
  if (existsSync(file)) return readKeyFile(file);
  const legacy =
    config.databasePath === ":memory:"
      ? undefined
      : join(dirname(resolve(config.databasePath)), LEGACY_KEY_FILE);
  if (legacy && existsSync(legacy)) {
    const key = readKeyFile(legacy);
    moveOnce(legacy, file);
    log.warn(
      "the token key was moved out of the data folder; back it up apart from the database (TOKEN_ENCRYPTION_KEY_FILE)",
      { from: legacy, to: file },
    );
    return key;
  }
  if (holdsTokens(db)) {
    throw new StartupError(
      `TOKEN_ENCRYPTION_KEY_FILE ${file} does not exist, but ${config.databasePath} holds Spotify tokens encrypted with a key: restore the key file from its backup or set TOKEN_ENCRYPTION_KEY (Crate does not make a new key, which would stop every listener's updates)`,
    );
  }
  return createKeyFile(file);
}

export function readKeyFile(file: string): Buffer {
  const key = Buffer.from(readFileSync(file, "utf8").trim(), "base64");
  if (key.length !== 32)
    throw new StartupError(`TOKEN_ENCRYPTION_KEY_FILE ${file} does not hold a 32-byte base64 key`);
  return key;
}

/** Written to a temporary name and linked into place, so two processes starting at once agree on one key. */
function createKeyFile(file: string): Buffer {
  mkdirSync(dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  const key = randomBytes(32);
  writeFileSync(temp, `${key.toString("base64")}\n`, { mode: 0o600 });
  chmodSync(temp, 0o600);
  try {
    linkSync(temp, file);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return readKeyFile(file);
  } finally {
    unlinkSync(temp);
  }
}

function moveOnce(from: string, to: string): void {
  mkdirSync(dirname(to), { recursive: true });
  try {
    renameSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
    copyFileSync(from, to);
    unlinkSync(from);
  }
  chmodSync(to, 0o600);
}

export function holdsTokens(db: Db): boolean {
  return db.select({ userId: providerTokens.userId }).from(providerTokens).limit(1).get() !== undefined;
}

/** True when there are no stored tokens or the newest ones decrypt with the key. */
export function decryptsStoredTokens(db: Db, key: Buffer): boolean {
  const row = db.select().from(providerTokens).orderBy(desc(providerTokens.updatedAt)).limit(1).get();
  if (!row) return true;
  try {
    decryptToken(key, row.userId, row.refreshTokenEnc);
    return true;
  } catch {
    return false;
  }
}
