// A backup counts only once it is checked whole: a damaged copy fails `PRAGMA integrity_check`, a failed run is
// a failed job (never counted as a success) and removes none of the older backups.
import { describe, expect, test } from "bun:test";
import { closeSync, copyFileSync, existsSync, openSync, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import { backupJob } from "../../../src/server/jobs/backup.ts";
import { manualClock } from "../../../src/server/platform/clock.ts";
import { backupDatabase, checkIntegrity } from "../../../src/server/system/backup.ts";
import {
  backupFileName,
  listBackups,
  runScheduledBackup,
} from "../../../src/server/system/scheduled-backup.ts";
import { removedAfterSuite } from "../../support/suite.ts";

const made = removedAfterSuite();

describe("checked backups", () => {
  test("a whole copy passes the check; a damaged one fails it", async () => {
    const dir = made.folder("crate-backup-check-");
    const server = await made.server();
    const good = join(dir, "good.db");
    backupDatabase(server.deps.config.databasePath, good);
    expect(() => checkIntegrity(good)).not.toThrow();
    const damaged = join(dir, "damaged.db");
    copyFileSync(good, damaged);
    // scribble over the pages after the header: the file still opens, its b-trees do not add up
    const fd = openSync(damaged, "r+");
    writeSync(fd, Buffer.alloc(8192, 0x5a), 0, 8192, 4096);
    closeSync(fd);
    expect(() => checkIntegrity(damaged)).toThrow();
  });

  test("a failed backup is a failed job run and removes no older backup", async () => {
    const dir = made.folder("crate-backup-fail-");
    const clock = manualClock(Date.UTC(2026, 2, 1, 3, 30));
    const server = await made.server(
      { BACKUP_DIR: dir, BACKUP_KEEP: "1", METRICS_TOKEN: "t".repeat(16) },
      clock,
    );
    await backupJob.run(server.deps);
    const [older] = listBackups(dir);
    expect(older).toBeDefined();
    // the next backup's file name is taken by something that is not a directory entry Crate may write
    clock.advance(86_400_000);
    writeFileSync(join(dir, backupFileName(clock.now())), "not a database");
    await expect(backupJob.run(server.deps)).rejects.toThrow(/backup failed/);
    expect(existsSync(join(dir, older ?? ""))).toBe(true);
    const metrics = await (
      await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${"t".repeat(16)}` } })
    ).text();
    expect(metrics).toContain('crate_backups_total{outcome="failure"} 1');
  });

  test("the scheduled backup runs beside the server: a request sent after it starts is answered before it ends", async () => {
    const dir = made.folder("crate-backup-aside-");
    const server = await made.server({ BACKUP_DIR: dir });
    const answered: string[] = [];
    const backup = runScheduledBackup(server.deps).then((outcome) => {
      answered.push("backup");
      return outcome;
    });
    const health = fetch(`${server.url}/api/health`).then((res) => {
      answered.push("health");
      return res.status;
    });
    const [outcome, status] = await Promise.all([backup, health]);
    expect(status).toBe(200);
    expect(answered).toEqual(["health", "backup"]);
    expect(outcome).toMatchObject({ ok: true });
    if (outcome.ok) expect(() => checkIntegrity(outcome.file)).not.toThrow();
  });
});
