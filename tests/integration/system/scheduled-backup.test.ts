// BACKUP_DIR: a daily consistent backup written by the job scheduler, the newest BACKUP_KEEP kept, failures
// logged and counted; `crate restore <file>` checks a backup and brings it back into an empty DATABASE_PATH.
import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Cron } from "croner";
import { dailySignups } from "../../../src/server/db/schema/index.ts";
import { backupJob } from "../../../src/server/jobs/backup.ts";
import { jobsFor, startJobs } from "../../../src/server/jobs/index.ts";
import { manualClock } from "../../../src/server/platform/clock.ts";
import { RestoreError, restoreDatabase } from "../../../src/server/system/restore.ts";
import { listBackups, runScheduledBackup } from "../../../src/server/system/scheduled-backup.ts";
import { removedAfterSuite } from "../../support/suite.ts";

const root = join(import.meta.dir, "../../..");
const made = removedAfterSuite();

const folder = (prefix: string) => made.folder(prefix);

async function serverWithBackups(keep = "7", clock = manualClock(Date.UTC(2026, 2, 1, 3, 30))) {
  const backupDir = join(folder("crate-backups-"), "nested");
  const server = await made.server(
    { BACKUP_DIR: backupDir, BACKUP_KEEP: keep, METRICS_TOKEN: "t".repeat(16) },
    clock,
  );
  return { server, backupDir, clock };
}

const restore = (file: string, databasePath: string) =>
  Bun.spawnSync([process.execPath, "src/server/main.ts", "restore", file], {
    cwd: root,
    env: { ...process.env, DATABASE_PATH: databasePath, LOG_LEVEL: "silent" },
  });

describe("scheduled backups", () => {
  test("the backup job is scheduled daily only when BACKUP_DIR is set", async () => {
    const { server } = await serverWithBackups();
    expect(jobsFor(server.deps.config).map((j) => j.name)).toContain("backup");
    const plain = await made.server();
    expect(jobsFor(plain.deps.config).map((j) => j.name)).not.toContain("backup");
    const runs = new Cron(backupJob.pattern, { timezone: "UTC", paused: true }).nextRuns(
      3,
      new Date(Date.UTC(2026, 0, 1)),
    );
    expect(runs.map((d) => d.getTime() - Date.UTC(2026, 0, 1))).toEqual(
      [1, 2, 3].map((d) => (d - 1) * 86_400_000 + (3 * 60 + 30) * 60_000),
    );
  });

  test("the scheduler writes a backup when the job is due", async () => {
    const { server, backupDir } = await serverWithBackups();
    const jobs = startJobs(server.deps, [{ ...backupJob, pattern: "* * * * * *" }]);
    try {
      for (let i = 0; i < 60 && listBackups(backupDir).length === 0; i++) await Bun.sleep(50);
    } finally {
      await jobs.stopAll();
    }
    expect(listBackups(backupDir).length).toBeGreaterThan(0);
  });

  test("keeps the newest BACKUP_KEEP, leaves other files alone, counts each outcome", async () => {
    const { server, backupDir, clock } = await serverWithBackups("2");
    mkdirSync(backupDir, { recursive: true });
    writeFileSync(join(backupDir, "notes.txt"), "mine");
    const written: string[] = [];
    for (let day = 0; day < 4; day++) {
      clock.set(Date.UTC(2026, 2, 1 + day, 3, 30));
      const outcome = await runScheduledBackup(server.deps);
      if (!outcome.ok) throw new Error(outcome.error);
      written.push(outcome.file);
    }
    expect(listBackups(backupDir)).toEqual(["crate-20260304T033000000Z.db", "crate-20260303T033000000Z.db"]);
    expect(existsSync(join(backupDir, "notes.txt"))).toBe(true);
    // the same moment again: the file exists, so the backup fails, is logged and counted, and nothing breaks
    expect(await runScheduledBackup(server.deps)).toMatchObject({ ok: false });
    const text = await (
      await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${"t".repeat(16)}` } })
    ).text();
    expect(text).toContain('crate_backups_total{outcome="success"} 4');
    expect(text).toContain('crate_backups_total{outcome="failure"} 1');
  });
});

describe("backups and the privacy policy", () => {
  const name = (day: number) => `crate-202603${String(day).padStart(2, "0")}T033000000Z.db`;
  /** backups of earlier runs (only their names matter to the keeping) */
  const earlier = (dir: string, days: number[]) => {
    mkdirSync(dir, { recursive: true });
    for (const day of days) writeFileSync(join(dir, name(day)), "an earlier backup");
  };

  test("whatever BACKUP_KEEP says, no backup outlives 7 days: a deleted listener's data is gone from them by then", async () => {
    const { server, backupDir, clock } = await serverWithBackups("30");
    earlier(backupDir, [1, 2, 3, 4, 5, 6, 7, 8, 9]);
    clock.set(Date.UTC(2026, 2, 10, 3, 30));
    const outcome = await runScheduledBackup(server.deps);
    if (!outcome.ok) throw new Error(outcome.error);
    // the run leaves the backups of the last 7 days: the one made 7 days before goes at this run
    expect(listBackups(backupDir)).toEqual([10, 9, 8, 7, 6, 5, 4].map(name));
  });

  test("a backup run that fails still removes the backups past 7 days", async () => {
    const { server, backupDir, clock } = await serverWithBackups("30");
    earlier(backupDir, [1, 2, 3, 4, 5, 6, 7, 15]);
    // a week on, the new backup's name is taken: the run fails, and every earlier backup is past 7 days
    clock.set(Date.UTC(2026, 2, 15, 3, 30));
    expect(await runScheduledBackup(server.deps)).toMatchObject({ ok: false });
    expect(listBackups(backupDir)).toEqual([name(15)]);
  });
});

describe("restore drill", () => {
  test("a scheduled backup is restored into an empty DATABASE_PATH and starts a working instance", async () => {
    const { server } = await serverWithBackups();
    server.deps.db.insert(dailySignups).values({ day: "2026-02-28", count: 11 }).run();
    const outcome = await runScheduledBackup(server.deps);
    if (!outcome.ok) throw new Error(outcome.error);
    const target = join(folder("crate-restore-"), "data", "crate.db");
    const run = restore(outcome.file, target);
    expect(run.stderr.toString()).toBe("");
    expect(run.exitCode).toBe(0);
    expect(run.stdout.toString()).toContain("Restored");
    const restored = await made.server({ DATABASE_PATH: target });
    expect(restored.deps.db.select().from(dailySignups).all()).toEqual([{ day: "2026-02-28", count: 11 }]);
    expect(await (await fetch(`${restored.url}/api/health`)).json()).toEqual({ status: "ok" });
  }, 30_000);

  test("refuses a DATABASE_PATH that holds data, a damaged file, another file, a newer schema", async () => {
    const { server } = await serverWithBackups();
    const outcome = await runScheduledBackup(server.deps);
    if (!outcome.ok) throw new Error(outcome.error);
    const dir = folder("crate-restore-bad-");
    /** The refusal restoreDatabase gives (the CLI prints it as one line, checked for the first case). */
    const failure = (file: string) => {
      const target = join(dir, `fresh-${Math.random()}.db`);
      let message = "";
      try {
        restoreDatabase(file, target);
      } catch (e) {
        expect(e).toBeInstanceOf(RestoreError);
        message = `Restore failed: ${(e as Error).message}`;
      }
      expect(existsSync(target)).toBe(false);
      return message;
    };
    const occupied = join(dir, "occupied.db");
    copyFileSync(outcome.file, occupied);
    expect(restore(outcome.file, occupied).stderr.toString()).toMatch(
      /^Restore failed: .*already holds data/,
    );

    const damaged = join(dir, "damaged.db");
    const bytes = new Uint8Array(await Bun.file(outcome.file).arrayBuffer());
    for (let i = 4096; i < bytes.length; i += 97) bytes[i] = 0xff;
    writeFileSync(damaged, bytes);
    expect(failure(damaged)).toMatch(/^Restore failed: .*(integrity|not an SQLite)/);

    const text = join(dir, "text.db");
    writeFileSync(text, "this is not a database, just some text of a reasonable length ".repeat(200));
    expect(failure(text)).toMatch(/^Restore failed: .*(not an SQLite|integrity)/);

    const foreign = join(dir, "foreign.db");
    const other = new Database(foreign, { create: true });
    other.exec("CREATE TABLE notes (body TEXT)");
    other.close();
    expect(failure(foreign)).toMatch(/^Restore failed: .*not a Crate database/);

    const newer = join(dir, "newer.db");
    copyFileSync(outcome.file, newer);
    const db = new Database(newer);
    db.query("INSERT INTO _migrations (tag, applied_at) VALUES ('9999_future', 0)").run();
    db.close();
    expect(failure(newer)).toMatch(/^Restore failed: .*schema version 9999_future, newer/);

    expect(failure(join(dir, "missing.db"))).toMatch(/^Restore failed: No backup at/);
  }, 60_000);
});
