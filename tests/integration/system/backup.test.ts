import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { dailySignups } from "../../../src/server/db/schema/index.ts";
import { removedAfterSuite } from "../../support/suite.ts";

const root = join(import.meta.dir, "../../..");
const made = removedAfterSuite();

describe("backups", () => {
  test("`backup <file>` copies the live database consistently and the copy starts a working instance", async () => {
    const server = await made.server();
    server.deps.db.insert(dailySignups).values({ day: "2026-01-01", count: 7 }).run();
    const target = join(made.folder("crate-backup-"), "copy.db");

    // while the server runs and holds the database open
    const run = Bun.spawnSync([process.execPath, "src/server/main.ts", "backup", target], {
      cwd: root,
      env: { ...process.env, DATABASE_PATH: join(server.dir, "crate.db"), LOG_LEVEL: "silent" },
    });
    expect(run.stderr.toString()).toBe("");
    expect(run.exitCode).toBe(0);
    expect(run.stdout.toString()).toContain("Backup written to");

    const copy = new Database(target, { readonly: true });
    expect(copy.query("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" });
    copy.close();

    const restored = await made.server({ DATABASE_PATH: target });
    const health = await fetch(`${restored.url}/api/health`);
    expect(await health.json()).toEqual({ status: "ok" });
    const rows = restored.deps.db.select().from(dailySignups).all();
    expect(rows).toEqual([{ day: "2026-01-01", count: 7 }]);
  });

  test("a backup never overwrites an existing file", () => {
    const folder = made.folder("crate-backup-");
    const existing = join(folder, "exists.db");
    Bun.spawnSync(["touch", existing]);
    new Database(join(folder, "source.db"), { create: true }).close();
    const run = Bun.spawnSync([process.execPath, "src/server/main.ts", "backup", existing], {
      cwd: root,
      env: { ...process.env, DATABASE_PATH: join(folder, "source.db") },
    });
    expect(run.exitCode).not.toBe(0);
    expect(run.stderr.toString().trim()).toMatch(/^Backup failed: .*already exists/);
  });
});
