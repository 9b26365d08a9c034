import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** The 32-byte token encryption key: from configuration, or generated once into the data folder. */
export function loadEncryptionKey(configured: string | undefined, databasePath: string): Buffer {
  if (configured) return Buffer.from(configured, "base64");
  const folder = databasePath === ":memory:" ? ".tmp" : dirname(databasePath);
  const file = join(folder, "token-encryption.key");
  if (existsSync(file)) {
    const key = Buffer.from(readFileSync(file, "utf8").trim(), "base64");
    if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte base64 key`);
    return key;
  }
  mkdirSync(folder, { recursive: true });
  const key = Buffer.from(crypto.getRandomValues(new Uint8Array(32)));
  writeFileSync(file, `${key.toString("base64")}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return key;
}
