// What lives on this machine: the database (writable, intact, a schema this Crate knows, room to grow), the token
// key (present and the one the stored tokens were written with) and the backup folder.

import { accessSync, constants, existsSync, statfsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { limits } from "../../shared/limits.ts";
import { doctorLimits } from "../../shared/self-hosting.ts";
import { decryptsStoredTokens, holdsTokens, readKeyFile } from "../auth/key.ts";
import type { Config } from "../config/config.ts";
import { openReadOnly } from "../db/client.ts";
import { migrations } from "../db/migrations.generated.ts";
import { checkBackup } from "../system/restore.ts";
import { type CheckResult, failed, ok, skipped } from "./check.ts";

const DATABASE = "Database";
const SCHEMA = "Database schema";
const DISK = "Free disk";
const KEY = "Token key";
const BACKUPS = "Backup folder";

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The nearest folder that exists on the way up to `path` (where a missing folder would be created). */
function nearestExisting(path: string): string {
  let folder = resolve(path);
  while (!existsSync(folder) && dirname(folder) !== folder) folder = dirname(folder);
  return folder;
}

function writable(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

export function checkDatabase(config: Config): CheckResult[] {
  const path = config.databasePath;
  if (path === ":memory:") return [skipped(DATABASE, "DATABASE_PATH=:memory: (nothing is kept)")];
  const folder = dirname(resolve(path));
  const existing = nearestExisting(folder);
  if (!writable(existing))
    return [failed(DATABASE, `${existing} is not writable by this user: give it to the user Crate runs as`)];
  const results: CheckResult[] = [];
  if (!existsSync(path)) {
    results.push(ok(DATABASE, `${path} does not exist yet: it is created at the first start`));
  } else if (!writable(path)) {
    results.push(failed(DATABASE, `${path} is not writable by this user: give it to the user Crate runs as`));
  } else {
    try {
      const applied = checkBackup(path).migrations;
      results.push(ok(DATABASE, `${path} is writable and passes the integrity check`));
      const pending = migrations.length - applied.length;
      results.push(
        ok(
          SCHEMA,
          pending > 0
            ? `${applied.at(-1)}: ${pending} newer migration${pending === 1 ? "" : "s"} applied at the next start`
            : `${applied.at(-1)} (current)`,
        ),
      );
    } catch (error) {
      // an empty file (created, never migrated) counts as new
      if (Bun.file(path).size === 0)
        results.push(ok(DATABASE, `${path} is empty: migrated at the first start`));
      else results.push(failed(DATABASE, `${errorText(error)}: restore a backup (crate restore <file>)`));
    }
  }
  results.push(diskResult(existing));
  return results;
}

/** Free space where the database lives (or will), alone. */
export function checkFreeDisk(config: Config): CheckResult {
  if (config.databasePath === ":memory:") return skipped(DISK, "DATABASE_PATH=:memory: (nothing is kept)");
  return diskResult(nearestExisting(dirname(resolve(config.databasePath))));
}

function diskResult(folder: string): CheckResult {
  const stats = statfsSync(folder);
  const free = stats.bavail * stats.bsize;
  const gib = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(1)} GiB`;
  if (free < doctorLimits.minFreeDiskBytes)
    return failed(
      DISK,
      `${gib(free)} free at ${folder} (under ${gib(doctorLimits.minFreeDiskBytes)}): make room`,
    );
  return ok(DISK, `${gib(free)} free at ${folder}`);
}

export function checkKey(config: Config): CheckResult {
  const fromEnv = config.tokenEncryptionKey !== undefined;
  const source = fromEnv
    ? "TOKEN_ENCRYPTION_KEY"
    : `TOKEN_ENCRYPTION_KEY_FILE ${resolve(config.tokenEncryptionKeyFile)}`;
  const hasDatabase =
    config.databasePath !== ":memory:" &&
    existsSync(config.databasePath) &&
    Bun.file(config.databasePath).size > 0;
  let key: Buffer | undefined;
  if (fromEnv) key = Buffer.from(config.tokenEncryptionKey ?? "", "base64");
  else if (existsSync(resolve(config.tokenEncryptionKeyFile))) {
    try {
      key = readKeyFile(resolve(config.tokenEncryptionKeyFile));
    } catch (error) {
      return failed(KEY, `${errorText(error)}: restore the key file from its backup`);
    }
  }
  if (!hasDatabase)
    return ok(
      KEY,
      key ? `${source} is set` : `${source} does not exist yet: created 0600 at the first start`,
    );
  let database: ReturnType<typeof openReadOnly> | undefined;
  try {
    database = openReadOnly(config.databasePath);
    const stored = holdsTokens(database.db);
    if (!key)
      return stored
        ? failed(
            KEY,
            `${source} is missing but the database holds Spotify tokens: restore the key from its backup`,
          )
        : ok(KEY, `${source} does not exist yet: created 0600 at the first start`);
    if (!decryptsStoredTokens(database.db, key))
      return failed(
        KEY,
        `${source} does not decrypt the stored Spotify tokens: set the key they were written with`,
      );
    return ok(
      KEY,
      stored ? `${source} decrypts the stored Spotify tokens` : `${source} is set (no tokens stored yet)`,
    );
  } catch (error) {
    return failed(KEY, `could not read the stored tokens (${errorText(error)})`);
  } finally {
    database?.close();
  }
}

export function checkBackupFolder(config: Config): CheckResult {
  const dir = config.backup.dir;
  if (!dir)
    return skipped(BACKUPS, "BACKUP_DIR is not set: no scheduled backups (run crate backup <file> yourself)");
  const existing = nearestExisting(dir);
  if (!writable(existing))
    return failed(BACKUPS, `${existing} is not writable by this user: give it to the user Crate runs as`);
  const days = limits.retention.backupsDays;
  if (config.backup.keep > days)
    return failed(
      BACKUPS,
      `BACKUP_KEEP=${config.backup.keep} asks for more than the ${days} days of daily backups the privacy policy allows (a deleted listener's data must be gone from them by then); backups older than ${days} days are deleted anyway: set BACKUP_KEEP=${days} or less`,
    );
  const when = config.jobs ? `daily, keeping ${config.backup.keep}` : "JOBS=off: no scheduled backup runs";
  return ok(
    BACKUPS,
    `${dir} ${existsSync(dir) ? "is writable" : "is created at the first backup"} (${when})`,
  );
}
